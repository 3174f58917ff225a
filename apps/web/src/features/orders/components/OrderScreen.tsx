// /orders/:orderId: one of my orders. While it is unpaid and its time is not up, the checkout —
// amount, currency, the time left, the provider's QR code (or its pay page), the sandbox's
// one-click 'pay' — polling the order every 2 s while the tab is shown, so it turns to paid
// without a reload and then says which quotas grew. Otherwise what became of it: expired or
// cancelled (with 'buy again'), or paid and after, with its receipt.
import '../lib/text';
import { useEffect, useState } from 'react';
import { Button, Result, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Order } from '@library/contract';
import { paths } from '../../../config/paths';
import { useGoodsForSale } from '../../../hooks/use-goods-for-sale';
import { ApiError } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useCreateOrder } from '../api/create-order';
import { useOrder } from '../api/get-order';
import { backParam } from '../lib/back-param';
import { isClosedUnpaid } from '../lib/order-states';
import { useNow } from '../hooks/use-now';
import { Checkout } from './Checkout';
import { GrantList } from './GrantList';
import { OrderActions } from './OrderActions';
import { Receipt } from './Receipt';
import './orders.css';

/** Someone else's order, or none: 404 + 100007. */
function isMissing(error: Error): boolean {
  return (
    error instanceof ApiError && (error.code === ErrorCode.dataMissing || error.status === 404)
  );
}

export function OrderScreen() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const back = backParam(searchParams.get('back'));
  const query = useOrder(orderId);
  const order = query.data;
  // Seen unpaid here: a payment that follows is shown as this visit's success.
  const [sawUnpaid, setSawUnpaid] = useState(false);
  const unpaid = order?.state === 'unpaid';
  useEffect(() => {
    if (unpaid) setSawUnpaid(true);
  }, [unpaid]);
  const now = useNow(1000, unpaid);

  let body;
  if (!order) {
    const error = query.error;
    body = !error ? (
      <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />
    ) : isMissing(error) ? (
      <Result status="404" title={t('orders.checkout.notFound')} extra={<OrdersLinks />} />
    ) : (
      <Result
        status="error"
        title={error.message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.reload')}
          </Button>
        }
      />
    );
  } else if (order.state === 'unpaid' && Date.parse(order.expiresAt) > now) {
    body = <Checkout order={order} now={now} pollFailed={query.isRefetchError} />;
  } else if (order.state === 'paid' && sawUnpaid) {
    body = <PaidOutcome order={order} back={back} />;
  } else if (order.state === 'unpaid' || isClosedUnpaid(order.state)) {
    body = <ClosedOutcome order={order} back={back} />;
  } else {
    body = (
      <>
        <Receipt order={order} />
        <div className="order-after-actions no-print">
          <OrderActions order={order} exclude={['receipt']} />
          <OrdersLinks />
        </div>
      </>
    );
  }

  return <div className="orders-screen order-screen">{body}</div>;
}

function OrdersLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forSale = useGoodsForSale();
  return (
    <>
      <Button onClick={() => void navigate(paths.orders.getHref())}>
        {t('orders.checkout.toOrders')}
      </Button>
      {forSale && (
        <Button onClick={() => void navigate(paths.plans.getHref())}>
          {t('orders.checkout.toPlans')}
        </Button>
      )}
    </>
  );
}

/** Paid during this visit: what grew, and the way back to what the quota stopped. */
function PaidOutcome({ order, back }: { order: Order; back: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  return (
    <>
      <Result
        status="success"
        className="order-result no-print"
        title={t('orders.checkout.paidTitle')}
        subTitle={
          order.validUntil
            ? t('orders.checkout.paidSubtitle', {
                goods: order.goodsName,
                until: formatShortDate(order.validUntil, locale),
              })
            : undefined
        }
        extra={
          <>
            {back && (
              <Button type="primary" onClick={() => void navigate(back)}>
                {t('orders.checkout.continue')}
              </Button>
            )}
            <Button
              type={back ? 'default' : 'primary'}
              onClick={() => void navigate(paths.orders.getHref())}
            >
              {t('orders.checkout.toOrders')}
            </Button>
          </>
        }
      >
        <div className="order-result-grants">
          <Typography.Text strong>{t('orders.checkout.paidGrants')}</Typography.Text>
          <GrantList quotas={order.quotas} kind={order.kind} wording="granted" />
        </div>
      </Result>
      <Receipt order={order} />
    </>
  );
}

/** Expired (or its time is up) or cancelled: nothing to pay any more; buy the goods again. */
function ClosedOutcome({ order, back }: { order: Order; back: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const revoked = order.state === 'revoked';
  const handleBuyAgain = async () => {
    try {
      const next = await create.mutateAsync({ goodsId: order.goodsId, payType: order.payType });
      void navigate(paths.order.getHref(next.orderId, back));
    } catch {
      // shown by the API client (goods gone, not for sale, pay type off)
    }
  };
  return (
    <Result
      status={revoked ? 'info' : 'warning'}
      className="order-result"
      title={t(revoked ? 'orders.checkout.revokedTitle' : 'orders.checkout.expiredTitle')}
      subTitle={t(revoked ? 'orders.checkout.revokedSubtitle' : 'orders.checkout.expiredSubtitle')}
      extra={
        <>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={create.isPending}
            onClick={() => void handleBuyAgain()}
          >
            {t('orders.checkout.buyAgain')}
          </Button>
          <OrdersLinks />
        </>
      }
    />
  );
}
