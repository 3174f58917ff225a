// What I can do with one of my orders, exactly as its `abilities` say (the server's state table):
// pay (back to the checkout) and cancel while unpaid, ask for a refund once paid; plus its
// receipt once money was taken, and 'buy again' for one that closed unpaid.
import { useState } from 'react';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@library/contract';
import { paths } from '../../../config/paths';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { useCreateOrder } from '../api/create-order';
import { useConfirmCancel } from '../hooks/use-confirm-cancel';
import { hasReceipt, isClosedUnpaid } from '../lib/order-states';
import { RefundDialog } from './RefundDialog';

export type OrderAction = 'pay' | 'cancel' | 'refund' | 'receipt' | 'buyAgain';

export function OrderActions({
  order,
  exclude = [],
  size = 'middle',
}: {
  order: Order;
  exclude?: readonly OrderAction[];
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirm, holder } = useConfirmCancel();
  const create = useCreateOrder();
  const [refunding, setRefunding] = useState(false);
  const shows = (action: OrderAction) => !exclude.includes(action);
  const label = (key: TranslationKey) => `${t(key)}：${order.goodsName}`;

  const handleBuyAgain = async () => {
    try {
      const next = await create.mutateAsync({ goodsId: order.goodsId, payType: order.payType });
      void navigate(paths.order.getHref(next.orderId));
    } catch {
      // shown by the API client
    }
  };

  return (
    <Space size={4} wrap className="order-actions">
      {holder}
      {order.abilities.canPay && shows('pay') && (
        <Button
          size={size}
          type="primary"
          aria-label={label('orders.actions.pay')}
          onClick={() => void navigate(paths.order.getHref(order.orderId))}
        >
          {t('orders.actions.pay')}
        </Button>
      )}
      {order.abilities.canCancel && shows('cancel') && (
        <Button
          size={size}
          aria-label={label('orders.actions.cancel')}
          onClick={() => confirm(order.orderId)}
        >
          {t('orders.actions.cancel')}
        </Button>
      )}
      {order.abilities.canRefund && shows('refund') && (
        <Button
          size={size}
          aria-label={label('orders.actions.refund')}
          onClick={() => setRefunding(true)}
        >
          {t('orders.actions.refund')}
        </Button>
      )}
      {hasReceipt(order.state) && shows('receipt') && (
        <Button
          size={size}
          aria-label={label('orders.actions.receipt')}
          onClick={() => void navigate(paths.order.getHref(order.orderId))}
        >
          {t('orders.actions.receipt')}
        </Button>
      )}
      {isClosedUnpaid(order.state) && shows('buyAgain') && (
        <Button
          size={size}
          aria-label={label('orders.actions.buyAgain')}
          loading={create.isPending}
          onClick={() => void handleBuyAgain()}
        >
          {t('orders.actions.buyAgain')}
        </Button>
      )}
      <RefundDialog order={refunding ? order : null} onClose={() => setRefunding(false)} />
    </Space>
  );
}
