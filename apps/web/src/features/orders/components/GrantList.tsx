import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GoodsKind, GoodsQuotas } from '@library/contract';
import { currentLocale } from '../../../lib/i18n';
import { grantLines } from '../lib/grants';

/**
 * The quotas a goods or an order grants, one a line. `wording`: 'offer' on the price list
 * ('个人存储空间 100 GB', an add-on '+50 GB'), 'granted' once paid ('…提升至 100 GB').
 */
export function GrantList({
  quotas,
  kind,
  wording = 'offer',
}: {
  quotas: GoodsQuotas;
  kind: GoodsKind;
  wording?: 'offer' | 'granted';
}) {
  const { t } = useTranslation();
  const addon = kind === 'addon';
  const key =
    wording === 'offer'
      ? addon
        ? 'orders.grant.addon'
        : 'orders.grant.plan'
      : addon
        ? 'orders.grant.addedBy'
        : 'orders.grant.raisedTo';
  const lines = grantLines(quotas, currentLocale());
  if (lines.length === 0) return null;
  return (
    <ul className="order-grants">
      {lines.map((line) => (
        <li key={line.name}>
          <CheckOutlined aria-hidden className="order-grant-icon" />
          <span>{t(key, { name: t(`system.quotaNames.${line.name}`), value: line.value })}</span>
        </li>
      ))}
    </ul>
  );
}
