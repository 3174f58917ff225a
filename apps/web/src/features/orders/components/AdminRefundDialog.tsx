// An administrator's answer to a refund: 'refund' (a paid order directly, or a requested refund
// approved) gives the whole amount back through the provider; 'close' declines a request, the
// order and its quotas staying in force. Either takes an optional note (≤ 500).
import { useEffect, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@library/contract';
import { toast } from '../../../components/toast';
import { currentLocale } from '../../../lib/i18n';
import { useCloseRefund } from '../api/close-refund';
import { useRefundAdminOrder } from '../api/refund-admin-order';
import { formatMoney } from '../lib/money';
import { refundReasonMax } from './RefundDialog';

export interface RefundIntent {
  kind: 'refund' | 'close';
  order: AdminOrder;
}

export function AdminRefundDialog({
  intent,
  onClose,
}: {
  intent: RefundIntent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refund = useRefundAdminOrder();
  const close = useCloseRefund();
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [intent]);
  const order = intent?.order;
  const closing = intent?.kind === 'close';

  const handleOk = async () => {
    if (!intent || !order) return;
    try {
      if (closing) {
        await close.mutateAsync({ orderId: order.orderId, reason: reason.trim() });
        toast.success(t('orders.admin.closed'));
      } else {
        const done = await refund.mutateAsync({ orderId: order.orderId, reason: reason.trim() });
        toast.success(
          t(
            done.state === 'refundCompleted'
              ? 'orders.admin.refunded'
              : 'orders.admin.refundProcessing',
          ),
        );
      }
    } catch {
      // the API client's toast says why (a state that changed: 6010xx; the provider: 502)
    }
    onClose();
  };

  return (
    <Modal
      open={intent !== null}
      title={
        order
          ? t(closing ? 'orders.admin.closeTitle' : 'orders.admin.refundTitle', {
              goods: order.goodsName,
            })
          : null
      }
      okText={t(
        closing
          ? 'orders.admin.closeRefund'
          : order?.state === 'refunding'
            ? 'orders.admin.approveRefund'
            : 'orders.admin.refund',
      )}
      okButtonProps={{ danger: !closing }}
      cancelText={t('common.cancel')}
      confirmLoading={refund.isPending || close.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
      className="order-admin-refund-dialog"
    >
      {order && (
        <>
          <Typography.Paragraph>
            {closing
              ? t('orders.admin.closeText')
              : t('orders.admin.refundText', {
                  payType: t(`orders.payTypes.${order.payType}`),
                  amount: formatMoney(order.amount, order.currency, currentLocale()),
                  buyer: order.buyer.nickname,
                })}
          </Typography.Paragraph>
          {order.refundReason && (
            <Typography.Paragraph type="secondary" className="order-buyer-reason">
              {t('orders.admin.buyerReason', { reason: order.refundReason })}
            </Typography.Paragraph>
          )}
        </>
      )}
      <label className="order-field">
        <span>{t(closing ? 'orders.admin.closeReason' : 'orders.admin.refundNote')}</span>
        <Input.TextArea
          value={reason}
          maxLength={refundReasonMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
    </Modal>
  );
}
