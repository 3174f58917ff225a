// 'Request a refund' of a paid order, with an optional reason (≤ 500 characters, the contract's
// limit); the order turns `refunding` until an administrator refunds or declines it.
import { useEffect, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '@library/contract';
import { toast } from '../../../components/toast';
import { currentLocale } from '../../../lib/i18n';
import { useRequestRefund } from '../api/request-refund';
import { formatMoney } from '../lib/money';

export const refundReasonMax = 500;

export function RefundDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useRequestRefund();
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [order?.orderId]);

  const handleOk = async () => {
    if (!order) return;
    try {
      await refund.mutateAsync({ orderId: order.orderId, reason: reason.trim() });
    } catch {
      onClose(); // the API client's toast says why; the order is asked for again
      return;
    }
    toast.success(t('orders.actions.refundRequested'));
    onClose();
  };

  return (
    <Modal
      open={order !== null}
      title={order ? t('orders.actions.refundTitle', { goods: order.goodsName }) : null}
      okText={t('orders.actions.refundSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={refund.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
      className="order-refund-dialog"
    >
      {order && (
        <Typography.Paragraph type="secondary">
          {t('orders.actions.refundText', {
            amount: formatMoney(order.amount, order.currency, currentLocale()),
          })}
        </Typography.Paragraph>
      )}
      <label className="order-field">
        <span>{t('orders.actions.refundReason')}</span>
        <Input.TextArea
          value={reason}
          maxLength={refundReasonMax}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('orders.actions.refundPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
    </Modal>
  );
}
