// 'Feature switches' of one account (spec §6): each switch with the value that applies, whether
// it is set for this account alone, and 'reset to default' (back to what the roles decide).
// A change is saved at once and the dialog shows the server's answer.
import { useState } from 'react';
import { Alert, Button, Modal, Skeleton, Switch, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser, Feature } from '@library/contract';
import { adminKeys } from '../api/admin-keys';
import { setUserPermission, useUserPermission } from '../api/user-permission';
import { featureGroups } from '../lib/feature-groups';

export function UserFeaturesDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const permission = useUserPermission(user?.userId ?? null);
  const [saving, setSaving] = useState<Feature | null>(null);

  const handleChange = async (feature: Feature, value: boolean | null) => {
    if (!user) return;
    setSaving(feature);
    try {
      const next = await setUserPermission(user.userId, { [feature]: value });
      queryClient.setQueryData(adminKeys.userPermission(user.userId), next);
    } catch {
      // shown by the API client
    } finally {
      setSaving(null);
    }
  };

  const data = permission.data;
  return (
    <Modal
      open={user !== null}
      title={t('system.featureDialog.title', { name: user?.nickname ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
      width={560}
      className="sys-switches-dialog"
    >
      <Typography.Paragraph type="secondary">{t('system.featureDialog.hint')}</Typography.Paragraph>
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />
      ) : (
        <>
          {!data.features.account && (
            <Alert type="warning" showIcon title={t('system.featureDialog.masterOff')} />
          )}
          {featureGroups.map((group) => (
            <section key={group.key} className="sys-switch-group">
              <Typography.Text type="secondary" className="sys-switch-group-title">
                {t(`system.featureGroups.${group.key}`)}
              </Typography.Text>
              {group.features.map((feature) => {
                const overridden = feature in data.overrides;
                const name = t(`system.featureNames.${feature}`);
                return (
                  <div key={feature} className="sys-switch-row">
                    <span className="sys-switch-name">{name}</span>
                    {overridden ? (
                      <Tag color="blue" variant="filled">
                        {t('system.featureDialog.overridden')}
                      </Tag>
                    ) : (
                      <Tag variant="filled">{t('system.featureDialog.byRole')}</Tag>
                    )}
                    <Button
                      size="small"
                      type="link"
                      className="sys-switch-reset"
                      disabled={!overridden || saving !== null}
                      aria-label={`${t('system.featureDialog.reset')}：${name}`}
                      onClick={() => void handleChange(feature, null)}
                    >
                      {t('system.featureDialog.reset')}
                    </Button>
                    <Switch
                      size="small"
                      checked={data.features[feature]}
                      loading={saving === feature}
                      disabled={saving !== null && saving !== feature}
                      aria-label={name}
                      onChange={(checked) => void handleChange(feature, checked)}
                    />
                  </div>
                );
              })}
            </section>
          ))}
        </>
      )}
    </Modal>
  );
}
