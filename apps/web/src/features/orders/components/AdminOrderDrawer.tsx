// One order as administrators see it (GET /api/system/v1/order/{id}): the buyer, the provider's
// trade number, every date, the refund, and the payment notifications received for it with what
// became of each (a late one is money to give back through the provider's console).
import { Descriptions, Drawer, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  minorUnitsToDecimal,
  type AdminOrderDetail,
  type NotificationOutcome,
} from '@library/contract';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { currentLocale } from '../../../lib/i18n';
import { useAdminOrder } from '../api/get-admin-order';
import { formatDateTime } from '../lib/format-time';
import { goodsLabel } from '../lib/goods-label';
import { formatMoney } from '../lib/money';
import { GrantList } from './GrantList';
import { OrderStateTag } from './OrderStateTag';

const outcomeColors: Record<NotificationOutcome, string> = {
  paid: 'green',
  duplicate: 'default',
  late: 'red',
  mismatch: 'red',
  refunded: 'purple',
  ignored: 'default',
};

export function AdminOrderDrawer({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const detail = useAdminOrder(orderId);
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      title={t('orders.admin.detailTitle')}
      size={mobile ? '100%' : 560}
      destroyOnHidden
      className="order-admin-drawer"
    >
      {detail.data ? <Detail order={detail.data} /> : <Skeleton active paragraph={{ rows: 10 }} />}
    </Drawer>
  );
}

function Detail({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const time = (value: string | null) => (value ? formatDateTime(value, locale) : null);
  const rows: Array<{ key: string; label: string; children: React.ReactNode }> = [
    {
      key: 'orderNo',
      label: t('orders.receipt.orderNo'),
      children: <span className="order-number">{order.orderNo}</span>,
    },
    {
      key: 'state',
      label: t('orders.receipt.state'),
      children: <OrderStateTag state={order.state} />,
    },
    {
      key: 'buyer',
      label: t('orders.admin.buyer'),
      children: (
        <span className="order-buyer">
          <span>{order.buyer.nickname}</span>
          <Typography.Text type="secondary">
            {t('orders.admin.buyerId')} {order.buyer.userId}
          </Typography.Text>
          {(order.buyer.mobile || order.buyer.email) && (
            <Typography.Text type="secondary">
              {[order.buyer.mobile, order.buyer.email].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'goods',
      label: t('orders.receipt.goods'),
      children: goodsLabel(t, order),
    },
    {
      key: 'grants',
      label: t('orders.receipt.grants'),
      children: <GrantList quotas={order.quotas} kind={order.kind} />,
    },
    {
      key: 'amount',
      label: t('orders.receipt.amount'),
      children: `${formatMoney(order.amount, order.currency, locale)} ${order.currency}`,
    },
    {
      key: 'payType',
      label: t('orders.receipt.payType'),
      children: t(`orders.payTypes.${order.payType}`),
    },
    ...(order.providerTradeNo
      ? [
          {
            key: 'trade',
            label: t('orders.admin.providerTradeNo'),
            children: <span className="order-number">{order.providerTradeNo}</span>,
          },
        ]
      : []),
    { key: 'createdAt', label: t('orders.receipt.createdAt'), children: time(order.createdAt) },
    ...(order.state === 'unpaid'
      ? [{ key: 'expiresAt', label: t('orders.admin.expiresAt'), children: time(order.expiresAt) }]
      : []),
    ...(order.paidAt
      ? [{ key: 'paidAt', label: t('orders.receipt.paidAt'), children: time(order.paidAt) }]
      : []),
    ...(order.closedAt
      ? [{ key: 'closedAt', label: t('orders.admin.closedAt'), children: time(order.closedAt) }]
      : []),
    ...(order.refundRequestedAt
      ? [
          {
            key: 'refundRequestedAt',
            label: t('orders.receipt.refundRequestedAt'),
            children: time(order.refundRequestedAt),
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
            children: time(order.refundedAt),
          },
        ]
      : []),
    ...(order.refundClosedAt
      ? [
          {
            key: 'refundClosedAt',
            label: t('orders.receipt.refundClosedAt'),
            children: time(order.refundClosedAt),
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
    <div className="order-admin-detail">
      <Descriptions column={1} size="small" bordered items={rows} />
      <Typography.Title level={5} className="order-admin-subtitle">
        {t('orders.admin.notifications')}
      </Typography.Title>
      {order.notifications.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('orders.admin.noNotifications')}
        />
      ) : (
        <List
          size="small"
          bordered
          dataSource={order.notifications}
          renderItem={(item) => (
            <List.Item>
              <span className="order-notification">
                <span>
                  <Tag color={outcomeColors[item.outcome]}>
                    {t(`orders.admin.outcomes.${item.outcome}`)}
                  </Tag>
                  {t(`orders.payTypes.${item.provider}`)}
                  {item.amount !== null && item.currency
                    ? ` · ${minorUnitsToDecimal(item.amount)} ${item.currency}`
                    : ''}
                </span>
                <Typography.Text type="secondary">
                  {formatDateTime(item.receivedAt, locale)}
                  {item.providerTradeNo ? ` · ${item.providerTradeNo}` : ''}
                </Typography.Text>
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
