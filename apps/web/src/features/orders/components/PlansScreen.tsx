// /plans '套餐与价格': the goods of GET /api/v1/goods in the caller's currency (spec §9: CNY for
// zh_CN and zh_TW, USD for en_US) — plans, then add-ons — each with what it grants and for how
// long; goods not for sale are shown without a buy button. 'Buy' places an order with the chosen
// pay type (only those the server says it takes) and opens its checkout. `?back=` (set by the
// quota toast's 'upgrade') is carried on to the checkout, whose success view leads back there.
import '../lib/text';
import { useState } from 'react';
import { Alert, Button, Empty, Radio, Skeleton, Tag, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Goods, PayType } from '@library/contract';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../lib/i18n';
import { useCreateOrder } from '../api/create-order';
import { useGoods } from '../api/get-goods';
import { backParam } from '../lib/back-param';
import { formatMoney } from '../lib/money';
import { termText } from '../lib/term-text';
import { GrantList } from './GrantList';
import './orders.css';

export function PlansScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  const [searchParams] = useSearchParams();
  const back = backParam(searchParams.get('back'));
  const goods = useGoods(locale);
  const create = useCreateOrder();
  const [chosen, setChosen] = useState<PayType | null>(null);
  const [buying, setBuying] = useState<string | null>(null);

  const data = goods.data;
  const payTypes = data?.payTypes ?? [];
  const payType = chosen && payTypes.includes(chosen) ? chosen : (payTypes[0] ?? null);

  const handleBuy = async (item: Goods) => {
    if (!payType) return;
    setBuying(item.goodsId);
    try {
      const order = await create.mutateAsync({ goodsId: item.goodsId, payType });
      void navigate(paths.order.getHref(order.orderId, back));
    } catch {
      // shown by the API client (601006 not for sale, 601001 pay type, …)
    } finally {
      setBuying(null);
    }
  };

  const card = (item: Goods) => {
    const price = data ? item.prices[data.currency] : 0;
    const term = termText(t, item.termDays);
    return (
      <article
        key={item.goodsId}
        className={`plan-card${item.orderable ? '' : ' is-not-orderable'}`}
        aria-labelledby={`plan-${item.goodsId}`}
      >
        <div className="plan-card-head">
          <Tag variant="filled" className="plan-kind">
            {t(`orders.kinds.${item.kind}`)}
          </Tag>
          <Typography.Title level={4} id={`plan-${item.goodsId}`} className="plan-name">
            {item.name}
          </Typography.Title>
          {item.description && (
            <Typography.Paragraph type="secondary" className="plan-description">
              {item.description}
            </Typography.Paragraph>
          )}
        </div>
        <div className="plan-price">
          {data && (
            <span className="plan-amount">
              {formatMoney(price, data.currency, locale, { compact: true })}
            </span>
          )}
          <span className="plan-term">{t('orders.plans.perTerm', { term })}</span>
        </div>
        <GrantList quotas={item.quotas} kind={item.kind} />
        <div className="plan-action">
          {item.orderable ? (
            <Button
              type={item.kind === 'addon' ? 'default' : 'primary'}
              block
              disabled={!payType || (buying !== null && buying !== item.goodsId)}
              loading={buying === item.goodsId}
              aria-label={`${t('orders.plans.buy')}：${item.name}`}
              onClick={() => void handleBuy(item)}
            >
              {t('orders.plans.buy')}
            </Button>
          ) : (
            <Button block disabled>
              {t('orders.plans.notOrderable')}
            </Button>
          )}
        </div>
      </article>
    );
  };

  const plans = (data?.list ?? []).filter((item) => item.kind !== 'addon');
  const addons = (data?.list ?? []).filter((item) => item.kind === 'addon');

  return (
    <div className="orders-screen plans-screen">
      <header className="screen-header">
        <div>
          <Typography.Title level={3} className="screen-title">
            {t('routes.plans')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('orders.plans.subtitle')}</Typography.Text>
        </div>
        <Button
          icon={<UnorderedListOutlined />}
          onClick={() => void navigate(paths.orders.getHref())}
        >
          {t('orders.plans.myOrders')}
        </Button>
      </header>
      {data && payTypes.length > 1 && (
        <div className="plans-pay-types">
          <Typography.Text id="plans-pay-type">{t('orders.plans.payType')}</Typography.Text>
          <Radio.Group
            aria-labelledby="plans-pay-type"
            optionType="button"
            value={payType}
            onChange={(event) => setChosen(event.target.value as PayType)}
            options={payTypes.map((type) => ({ value: type, label: t(`orders.payTypes.${type}`) }))}
          />
        </div>
      )}
      {data && payTypes.length === 1 && payType === 'sandbox' && (
        <Alert
          className="plans-notice"
          type="info"
          showIcon
          title={t('orders.plans.sandboxHint')}
        />
      )}
      {data && payTypes.length === 0 && (
        <Alert
          className="plans-notice"
          type="warning"
          showIcon
          title={t('orders.plans.noPayTypes')}
        />
      )}
      {goods.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />
      ) : !data || data.list.length === 0 ? (
        <div className="screen-card orders-empty">
          <Empty description={t('orders.plans.empty')} />
        </div>
      ) : (
        <>
          {plans.length > 0 && (
            <section aria-labelledby="plans-heading">
              <Typography.Title level={5} id="plans-heading" className="plans-section-title">
                {t('orders.plans.plansHeading')}
              </Typography.Title>
              <div className="plan-grid">{plans.map(card)}</div>
            </section>
          )}
          {addons.length > 0 && (
            <section aria-labelledby="addons-heading">
              <Typography.Title level={5} id="addons-heading" className="plans-section-title">
                {t('orders.plans.addonsHeading')}
              </Typography.Title>
              <Typography.Text type="secondary" className="plans-section-hint">
                {t('orders.plans.addonsHint')}
              </Typography.Text>
              <div className="plan-grid">{addons.map(card)}</div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
