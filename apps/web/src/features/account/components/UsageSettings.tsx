// Account settings → usage: how many spaces and how much personal storage the account uses of
// its limits (GET /api/v1/user/quota), as bars; the ways to more: the price list (while anything
// is for sale), my orders.
import { Button, Progress, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useGoodsForSale } from '../../../hooks/use-goods-for-sale';
import { navigateTo } from '../../../lib/navigation';
import { closeDialog } from '../../../stores/dialog-store';
import { currentLocale } from '../../../lib/i18n';
import { formatFileSize } from '../../files';
import { useMyQuota } from '../api/get-my-quota';
import './account-usage.css';

function percentOf(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, (used / limit) * 100);
}

export function UsageSettings() {
  const { t } = useTranslation();
  const { data } = useMyQuota();
  const forSale = useGoodsForSale();
  const locale = currentLocale();
  const go = (to: string) => {
    closeDialog();
    void navigateTo(to);
  };
  if (!data) return <Skeleton active paragraph={{ rows: 3 }} aria-busy="true" />;
  const { limits, usage } = data;
  const bars = [
    {
      key: 'spaces',
      label: t('account.usageSpaces'),
      value: t('account.usageSpacesValue', { used: usage.spaces, limit: limits.spaces }),
      percent: percentOf(usage.spaces, limits.spaces),
      full: usage.spaces >= limits.spaces,
    },
    {
      key: 'storage',
      label: t('account.usageStorage'),
      value: t('account.usageStorageValue', {
        used: formatFileSize(usage.personalBytes, locale),
        limit: formatFileSize(limits.personalBytes, locale),
      }),
      percent: percentOf(usage.personalBytes, limits.personalBytes),
      full: usage.personalBytes >= limits.personalBytes,
    },
  ];
  return (
    <div className="account-usage">
      {bars.map((bar) => (
        <div key={bar.key} className="account-usage-item">
          <div className="account-usage-label">
            <Typography.Text strong id={`account-usage-${bar.key}`}>
              {bar.label}
            </Typography.Text>
            <Typography.Text type="secondary" className="account-usage-value">
              {bar.value}
            </Typography.Text>
          </div>
          <Progress
            percent={bar.percent}
            showInfo={false}
            status={bar.full ? 'exception' : 'normal'}
            aria-labelledby={`account-usage-${bar.key}`}
            aria-valuetext={bar.value}
          />
        </div>
      ))}
      <Typography.Text type="secondary" className="account-usage-hint">
        {forSale ? t('account.usageHint') : t('account.usageHintNoPlans')}
      </Typography.Text>
      <div className="account-usage-actions">
        {forSale && (
          <Button type="primary" onClick={() => go(paths.plans.getHref())}>
            {t('account.upgradePlan')}
          </Button>
        )}
        <Button onClick={() => go(paths.orders.getHref())}>{t('routes.orders')}</Button>
      </div>
    </div>
  );
}
