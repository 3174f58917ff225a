import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast';
import { useCancelOrder } from '../api/cancel-order';

/**
 * 'Cancel order', asked first. A refusal (the order was paid or expired meanwhile: 601007,
 * 601008) is the API client's toast, and the order is asked for again to show its state.
 */
export function useConfirmCancel() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const cancel = useCancelOrder();
  const confirm = (orderId: string) =>
    void modal.confirm({
      title: t('orders.actions.cancelTitle'),
      content: t('orders.actions.cancelText'),
      okText: t('orders.actions.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('orders.actions.keep'),
      onOk: async () => {
        try {
          await cancel.mutateAsync({ orderId });
        } catch {
          return;
        }
        toast.success(t('orders.actions.cancelled'));
      },
    });
  return { confirm, holder };
}
