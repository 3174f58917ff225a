// The receipt of an order that was paid: number, goods, amount and currency, pay type, when it
// was placed and paid, the term of its quotas, and what became of a refund. Printable: the
// print style shows this card alone.
import { Button, Descriptions, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Order } from '@library/contract';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { formatDateTime } from '../lib/format-time';
import { goodsLabel } from '../lib/goods-label';
import { formatMoney } from '../lib/money';
import { GrantList } from './GrantList';
import { OrderStateTag } from './OrderStateTag';

export function Receipt({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const items = [
    {
      key: 'orderNo',
      label: t('orders.receipt.orderNo'),
      children: <span className="order-number">{order.orderNo}</span>,
    },
    {
      key: 'goods',
      label: t('orders.receipt.goods'),
      children: goodsLabel(t, order),
    },
    {
      key: 'amount',
      label: t('orders.receipt.amount'),
      children: <strong>{formatMoney(order.amount, order.currency, locale)}</strong>,
    },
    { key: 'currency', label: t('orders.receipt.currency'), children: order.currency },
    {
      key: 'payType',
      label: t('orders.receipt.payType'),
      children: t(`orders.payTypes.${order.payType}`),
    },
    {
      key: 'state',
      label: t('orders.receipt.state'),
      children: <OrderStateTag state={order.state} />,
    },
    {
      key: 'createdAt',
      label: t('orders.receipt.createdAt'),
      children: formatDateTime(order.createdAt, locale),
    },
    ...(order.paidAt
      ? [
          {
            key: 'paidAt',
            label: t('orders.receipt.paidAt'),
            children: formatDateTime(order.paidAt, locale),
          },
        ]
      : []),
    ...(order.validFrom && order.validUntil
      ? [
          {
            key: 'validity',
            label: t('orders.receipt.validity'),
            children: t('orders.receipt.validRange', {
              from: formatShortDate(order.validFrom, locale),
              until: formatShortDate(order.validUntil, locale),
            }),
          },
        ]
      : []),
    {
      key: 'grants',
      label: t('orders.receipt.grants'),
      children: <GrantList quotas={order.quotas} kind={order.kind} />,
    },
    ...(order.refundRequestedAt
      ? [
          {
            key: 'refundRequestedAt',
            label: t('orders.receipt.refundRequestedAt'),
            children: formatDateTime(order.refundRequestedAt, locale),
          },
        ]
      : []),
    ...(order.refundReason
      ? [
          {
            key: 'refundReason',
            label: t('orders.receipt.refundReason'),
            children: order.refundReason,
          },
        ]
      : []),
    ...(order.refundedAt
      ? [
          {
            key: 'refundedAt',
            label: t('orders.receipt.refundedAt'),
            children: formatDateTime(order.refundedAt, locale),
          },
        ]
      : []),
    ...(order.refundClosedAt
      ? [
          {
            key: 'refundClosedAt',
            label: t('orders.receipt.refundClosedAt'),
            children: formatDateTime(order.refundClosedAt, locale),
          },
        ]
      : []),
    ...(order.refundCloseReason
      ? [
          {
            key: 'refundCloseReason',
            label: t('orders.receipt.refundCloseReason'),
            children: order.refundCloseReason,
          },
        ]
      : []),
  ];
  return (
    <section className="order-receipt screen-card" aria-labelledby="receipt-title">
      <header className="order-receipt-head">
        <div>
          <Typography.Title level={4} id="receipt-title" className="order-receipt-title">
            {t('orders.receipt.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('app.name')}</Typography.Text>
        </div>
        <Button icon={<PrinterOutlined />} className="no-print" onClick={() => window.print()}>
          {t('orders.receipt.print')}
        </Button>
      </header>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={items}
        className="order-receipt-items"
      />
    </section>
  );
}
