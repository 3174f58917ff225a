// 'Quota' of one account: every limit as it applies, with what is used where the server counts
// it (spaces, personal storage, friends, teams); sizes entered in MB or GB. A limit can be set for
// this account alone or reset to the site's default; 'save' sends what changed.
import { useEffect, useState } from 'react';
import {
  Button,
  InputNumber,
  Modal,
  Progress,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isByteQuota,
  quotaNames,
  type AdminUser,
  type QuotaName,
  type QuotaUsage,
} from '@library/contract';
import { toast } from '../../../components/toast';
import { currentLocale } from '../../../lib/i18n';
import { formatFileSize } from '../../files';
import { adminKeys } from '../api/admin-keys';
import { setUserQuota, useUserQuota } from '../api/user-quota';
import { fromBytes, toBytes, unitFor, type ByteUnit } from '../lib/byte-units';

/** The quotas whose usage the server reports, and under which name. */
const usageOf: Partial<Record<QuotaName, keyof QuotaUsage>> = {
  spaces: 'spaces',
  personalBytes: 'personalBytes',
  friends: 'friends',
  teams: 'teams',
};

/** undefined: unchanged; null: back to the site's default; a number: this account's limit. */
type Drafts = Partial<Record<QuotaName, number | null>>;

export function UserQuotaDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const quota = useUserQuota(user?.userId ?? null);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [units, setUnits] = useState<Partial<Record<QuotaName, ByteUnit>>>({});
  const [saving, setSaving] = useState(false);
  const locale = currentLocale();

  useEffect(() => {
    setDrafts({});
    setUnits({});
  }, [user]);

  const data = quota.data;
  const changed = Object.keys(drafts).length > 0;

  const handleSave = async () => {
    if (!user) return;
    setSaving(true);
    try {
      const next = await setUserQuota(user.userId, drafts);
      queryClient.setQueryData(adminKeys.userQuota(user.userId), next);
      setDrafts({});
      toast.success(t('system.quotaDialog.saved'));
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  const row = (name: QuotaName) => {
    if (!data) return null;
    const draft = drafts[name];
    const limit = draft === undefined ? data.limits[name] : draft;
    const overridden = draft === undefined ? name in data.overrides : draft !== null;
    const bytes = isByteQuota(name);
    const unit = units[name] ?? unitFor(data.limits[name]);
    const label = t(`system.quotaNames.${name}`);
    const usageKey = usageOf[name];
    const used = usageKey ? data.usage[usageKey] : null;
    const set = (value: number | null) =>
      setDrafts((current) => ({
        ...current,
        [name]: value === null ? null : bytes ? toBytes(value, unit) : Math.round(value),
      }));
    return (
      <div key={name} className="sys-quota-row">
        <div className="sys-quota-label">
          <span>{label}</span>
          {overridden ? (
            <Tag color="blue" variant="filled">
              {t('system.quotaDialog.overridden')}
            </Tag>
          ) : (
            <Tag variant="filled">{t('system.quotaDialog.siteDefault')}</Tag>
          )}
        </div>
        <Space.Compact className="sys-quota-input">
          <InputNumber<number>
            min={0}
            precision={bytes ? undefined : 0}
            value={limit === null ? null : bytes ? fromBytes(limit, unit) : limit}
            placeholder={t('system.quotaDialog.siteDefault')}
            aria-label={label}
            onChange={(value) => set(value)}
          />
          {bytes && (
            <Select<ByteUnit>
              value={unit}
              aria-label={`${label} MB/GB`}
              options={[
                { value: 'MB', label: 'MB' },
                { value: 'GB', label: 'GB' },
              ]}
              onChange={(next) => {
                setUnits((current) => ({ ...current, [name]: next }));
                if (limit !== null && draft !== undefined) {
                  // keep the number typed, read in the new unit
                  setDrafts((current) => ({
                    ...current,
                    [name]: toBytes(fromBytes(limit, unit), next),
                  }));
                }
              }}
            />
          )}
        </Space.Compact>
        <Button
          size="small"
          type="link"
          disabled={!overridden}
          aria-label={`${t('system.quotaDialog.reset')}：${label}`}
          onClick={() => set(null)}
        >
          {t('system.quotaDialog.reset')}
        </Button>
        {used !== null && (
          <div className="sys-quota-usage">
            <Progress
              percent={limit ? Math.min(100, (used / limit) * 100) : used > 0 ? 100 : 0}
              showInfo={false}
              size="small"
              status={limit !== null && used >= limit ? 'exception' : 'normal'}
            />
            <Typography.Text type="secondary" className="sys-quota-used">
              {t('system.quotaDialog.used', {
                used: bytes
                  ? formatFileSize(used, locale)
                  : used.toLocaleString(locale.replace('_', '-')),
              })}
            </Typography.Text>
          </div>
        )}
      </div>
    );
  };

  return (
    <Modal
      open={user !== null}
      title={t('system.quotaDialog.title', { name: user?.nickname ?? '' })}
      onCancel={onClose}
      onOk={() => void handleSave()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !changed }}
      confirmLoading={saving}
      destroyOnHidden
      width={620}
      className="sys-quota-dialog"
    >
      <Typography.Paragraph type="secondary">{t('system.quotaDialog.hint')}</Typography.Paragraph>
      {data ? quotaNames.map(row) : <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />}
    </Modal>
  );
}
