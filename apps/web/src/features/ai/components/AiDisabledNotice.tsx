// Spec §8 'missing AI config': the space's AI is off (chat null), so no conversation can be
// created and nothing sent. Space admins get the switch right here; others are told whom to ask.
import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SpaceAiDetail } from '@library/contract';
import { toast } from '../../../components/toast';
import { aiKeys } from '../api/ai-keys';
import { enableSpaceAi } from '../api/enable-space-ai';

export function AiDisabledNotice({ detail }: { detail: SpaceAiDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [enabling, setEnabling] = useState(false);
  const canManage = detail.abilities.canManage;
  const handleEnable = async () => {
    setEnabling(true);
    try {
      const next = await enableSpaceAi(detail.spaceId, true);
      queryClient.setQueryData(aiKeys.detail(detail.spaceId), next);
      toast.success(t('ai.enabled'));
    } catch {
      // shown by the API client
    } finally {
      setEnabling(false);
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      className="ai-disabled"
      title={t('ai.disabledTitle')}
      description={canManage ? t('ai.disabledManage') : t('ai.disabledAsk')}
      action={
        canManage ? (
          <Button type="primary" loading={enabling} onClick={() => void handleEnable()}>
            {t('ai.enable')}
          </Button>
        ) : undefined
      }
    />
  );
}
