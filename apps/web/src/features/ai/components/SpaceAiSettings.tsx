// The 'AI' section of the space settings (space admins): the on/off switch, prologue (开场白),
// extra instructions, how many passages to use, whether drafts count, and the index state with
// 'reindex'. Every change answers with the new detail, which goes straight into the query cache
// (an open chat sees it and starts over, spec §4).
import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  aiInstructionsMax,
  aiPrologueMax,
  aiTopKMax,
  type SpaceAiDetail,
  type SpaceAiSettingsRequest,
} from '@library/contract';
import { toast } from '../../../components/toast';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { aiKeys } from '../api/ai-keys';
import { enableSpaceAi } from '../api/enable-space-ai';
import { useSpaceAi } from '../api/get-space-ai';
import { reindexSpaceAi } from '../api/reindex-space-ai';
import { updateSpaceAiSettings } from '../api/update-space-ai-settings';
import './ai.css';

export function SpaceAiSettings({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useSpaceAi(spaceId, { pollWhilePending: true });
  const [switching, setSwitching] = useState(false);
  const [saving, setSaving] = useState(false);
  const [reindexing, setReindexing] = useState(false);
  const store = (next: SpaceAiDetail) => queryClient.setQueryData(aiKeys.detail(spaceId), next);

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (!detail.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('ai.detailFailed')}
        action={<Button onClick={() => void detail.refetch()}>{t('common.reload')}</Button>}
      />
    );
  }
  const ai = detail.data;

  const handleSwitch = async (enable: boolean) => {
    setSwitching(true);
    try {
      store(await enableSpaceAi(spaceId, enable));
    } catch {
      // shown by the API client
    } finally {
      setSwitching(false);
    }
  };
  const handleSave = async (values: SpaceAiSettingsRequest) => {
    setSaving(true);
    try {
      store(await updateSpaceAiSettings(spaceId, values));
      toast.success(t('ai.settings.saved'));
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };
  const handleReindex = async () => {
    setReindexing(true);
    try {
      store(await reindexSpaceAi(spaceId));
      toast.success(t('ai.settings.reindexStarted'));
    } catch {
      // shown by the API client
    } finally {
      setReindexing(false);
    }
  };

  return (
    <div className="ai-settings">
      <div className="ai-settings-switch">
        <div>
          <Typography.Text strong>{t('ai.settings.enable')}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{t('ai.settings.enableHint')}</Typography.Text>
          </div>
        </div>
        <Switch
          checked={ai.enabled}
          loading={switching}
          aria-label={t('ai.settings.enable')}
          onChange={(checked) => void handleSwitch(checked)}
        />
      </div>
      {!ai.enabled ? (
        <Typography.Paragraph type="secondary" className="ai-settings-hint">
          {t('ai.settings.disabledHint')}
        </Typography.Paragraph>
      ) : (
        <>
          <Form<SpaceAiSettingsRequest>
            layout="vertical"
            initialValues={{
              prologue: ai.prologue,
              instructions: ai.settings.instructions,
              topK: ai.settings.topK,
              includeDrafts: ai.settings.includeDrafts,
            }}
            onFinish={(values) => void handleSave(values)}
          >
            <Form.Item
              name="prologue"
              label={t('ai.settings.prologue')}
              extra={t('ai.settings.prologueHint')}
            >
              <Input.TextArea rows={2} maxLength={aiPrologueMax} />
            </Form.Item>
            <Form.Item
              name="instructions"
              label={t('ai.settings.instructions')}
              extra={t('ai.settings.instructionsHint')}
            >
              <Input.TextArea rows={3} maxLength={aiInstructionsMax} />
            </Form.Item>
            <Form.Item name="topK" label={t('ai.settings.topK')} extra={t('ai.settings.topKHint')}>
              <InputNumber min={1} max={aiTopKMax} precision={0} />
            </Form.Item>
            <Form.Item
              name="includeDrafts"
              label={t('ai.settings.includeDrafts')}
              extra={t('ai.settings.includeDraftsHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('ai.settings.save')}
            </Button>
          </Form>
          <Divider />
          <div className="ai-settings-index-header">
            <Typography.Text strong>{t('ai.settings.index')}</Typography.Text>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={reindexing}
              onClick={() => void handleReindex()}
            >
              {t('ai.settings.reindex')}
            </Button>
          </div>
          <Descriptions size="small" column={2} className="ai-settings-index">
            <Descriptions.Item label={t('ai.settings.documents')}>
              {ai.index.documents}
            </Descriptions.Item>
            <Descriptions.Item label={t('ai.settings.chunks')}>{ai.index.chunks}</Descriptions.Item>
            <Descriptions.Item label={t('ai.settings.pending')}>
              {ai.index.pending}
            </Descriptions.Item>
            <Descriptions.Item label={t('ai.settings.updatedAt')}>
              {ai.index.updatedAt
                ? formatShortDate(ai.index.updatedAt, currentLocale())
                : t('ai.settings.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('ai.settings.model')} span={2}>
              {ai.model.configured ? ai.model.name : t('ai.settings.modelOffline')}
            </Descriptions.Item>
          </Descriptions>
          {ai.index.lastError ? (
            <Alert
              type="error"
              showIcon
              title={t('ai.settings.lastError')}
              description={ai.index.lastError}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
