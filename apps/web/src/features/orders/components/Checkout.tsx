// The checkout of an unpaid order: what is paid for, the amount in the order's currency, the
// time left before it expires, and the way to pay — the provider's QR code (`qrCode`: Alipay's
// qr_code, WeChat Pay's code_url) or its page (`payUrl`), or for a sandbox order the one-click
// 'pay' (POST …/sandboxPay). The order screen polls the order; this view only shows it.
import { Button, QRCode, Spin, Tag, Typography } from 'antd';
import { ExperimentOutlined, ExportOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Order } from '@library/contract';
import { currentLocale } from '../../../lib/i18n';
import { useSandboxPay } from '../api/sandbox-pay';
import { useConfirmCancel } from '../hooks/use-confirm-cancel';
import { formatCountdown } from '../lib/format-time';
import { formatMoney } from '../lib/money';
import { termText } from '../lib/term-text';
import { GrantList } from './GrantList';

const sandboxPrefix = 'sandbox:';

export function Checkout({
  order,
  now,
  pollFailed,
}: {
  order: Order;
  now: number;
  pollFailed: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const pay = useSandboxPay();
  const { confirm, holder } = useConfirmCancel();
  const sandbox = order.payType === 'sandbox' || order.qrCode?.startsWith(sandboxPrefix) === true;
  const payTypeName = t(`orders.payTypes.${order.payType}`);
  const left = Date.parse(order.expiresAt) - now;

  return (
    <section className="checkout screen-card" aria-labelledby="checkout-title">
      {holder}
      <header className="checkout-head">
        <Typography.Title level={4} id="checkout-title" className="checkout-title">
          {t('orders.checkout.title')}
        </Typography.Title>
        <Tag color="orange" className="order-state" data-state={order.state}>
          {t('orders.states.unpaid')}
        </Tag>
      </header>

      <div className="checkout-goods">
        <Typography.Text strong className="checkout-goods-name">
          {order.goodsName}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t(`orders.kinds.${order.kind}`)} · {termText(t, order.termDays)}
        </Typography.Text>
        <GrantList quotas={order.quotas} kind={order.kind} />
      </div>

      <dl className="checkout-facts">
        <div className="checkout-amount">
          <dt>{t('orders.checkout.amount')}</dt>
          <dd>
            <span className="checkout-amount-value" data-testid="checkout-amount">
              {formatMoney(order.amount, order.currency, locale)}
            </span>
            <span className="checkout-currency">{order.currency}</span>
          </dd>
        </div>
        <div>
          <dt>{t('orders.checkout.timeLeft')}</dt>
          <dd>
            <time
              className="checkout-countdown"
              dateTime={order.expiresAt}
              role="timer"
              aria-live="off"
            >
              {formatCountdown(left)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('orders.checkout.payType')}</dt>
          <dd>{payTypeName}</dd>
        </div>
        <div>
          <dt>{t('orders.checkout.orderNo')}</dt>
          <dd className="order-number">{order.orderNo}</dd>
        </div>
      </dl>

      <div className="checkout-pay">
        {sandbox ? (
          <div className="checkout-sandbox">
            <ExperimentOutlined className="checkout-sandbox-icon" aria-hidden />
            <Typography.Text strong>{t('orders.checkout.sandboxTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('orders.checkout.sandboxHint')}</Typography.Text>
            <Button
              type="primary"
              size="large"
              loading={pay.isPending}
              onClick={() => pay.mutate({ orderId: order.orderId })}
            >
              {t('orders.checkout.sandboxPay')}
            </Button>
          </div>
        ) : (
          <div className="checkout-qr">
            {order.qrCode && (
              <>
                {/* dark on white whatever the theme: scanners want it so */}
                <div
                  className="checkout-qr-code"
                  data-testid="checkout-qr"
                  data-value={order.qrCode}
                >
                  <QRCode value={order.qrCode} size={200} color="#000000" bgColor="#ffffff" />
                </div>
                <Typography.Text type="secondary">
                  {t('orders.checkout.scanHint', { payType: payTypeName })}
                </Typography.Text>
              </>
            )}
            {order.payUrl && (
              <Button
                type={order.qrCode ? 'default' : 'primary'}
                icon={<ExportOutlined />}
                href={order.payUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('orders.checkout.openPayPage')}
              </Button>
            )}
          </div>
        )}
      </div>

      <footer className="checkout-foot">
        <span className="checkout-waiting" aria-live="polite">
          <Spin size="small" indicator={<LoadingOutlined spin />} />
          <Typography.Text type={pollFailed ? 'warning' : 'secondary'}>
            {pollFailed ? t('orders.checkout.pollFailed') : t('orders.checkout.waiting')}
          </Typography.Text>
        </span>
        {order.abilities.canCancel && (
          <Button type="link" onClick={() => confirm(order.orderId)}>
            {t('orders.checkout.cancel')}
          </Button>
        )}
      </footer>
    </section>
  );
}
