// /orders '我的订单': my orders, newest first, with spec §9's grid defaults (10 a page, 10/20/50,
// seven page buttons), filtered by state; each with its state tag and the buttons its abilities
// allow (pay, cancel, refund), its receipt, or 'buy again'. Cards instead of a table below
// 992 px. Nothing yet: a way to the price list, while anything is for sale.
import '../lib/text';
import { useState } from 'react';
import { Button, Empty, Pagination, Select, Skeleton, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ShoppingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits, orderStates, type Order, type OrderState } from '@library/contract';
import { paths } from '../../../config/paths';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { useGoodsForSale } from '../../../hooks/use-goods-for-sale';
import { currentLocale } from '../../../lib/i18n';
import { useOrders } from '../api/get-orders';
import { formatDateTime } from '../lib/format-time';
import { kindNote } from '../lib/goods-label';
import { gridPagination } from '../lib/grid-pagination';
import { formatMoney } from '../lib/money';
import { OrderActions } from './OrderActions';
import { OrderStateTag } from './OrderStateTag';
import './orders.css';

export function MyOrdersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const forSale = useGoodsForSale();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(limits.gridPageSize);
  const [state, setState] = useState<OrderState | undefined>();
  const list = useOrders({ page: page - 1, pageSize, state });
  const data = list.data;
  const handlePage = (next: number, size: number) => {
    setPage(next);
    setPageSize(size);
  };

  const goodsCell = (order: Order) => (
    <span className="order-goods">
      <Typography.Text strong className="order-goods-name">
        {order.goodsName}
      </Typography.Text>
      <Typography.Text type="secondary" className="order-goods-sub">
        {kindNote(t, order) && `${kindNote(t, order)} · `}
        <span className="order-number">{order.orderNo}</span>
      </Typography.Text>
    </span>
  );

  const columns: TableColumnsType<Order> = [
    { key: 'goods', title: t('orders.list.columns.goods'), render: (_, order) => goodsCell(order) },
    {
      key: 'amount',
      title: t('orders.list.columns.amount'),
      align: 'right',
      render: (_, order) => (
        <span className="order-amount">{formatMoney(order.amount, order.currency, locale)}</span>
      ),
    },
    {
      key: 'state',
      title: t('orders.list.columns.state'),
      render: (_, order) => <OrderStateTag state={order.state} />,
    },
    {
      key: 'createdAt',
      title: t('orders.list.columns.createdAt'),
      render: (_, order) => (
        <time dateTime={order.createdAt} className="order-time">
          {formatDateTime(order.createdAt, locale)}
        </time>
      ),
    },
    {
      key: 'actions',
      title: t('orders.list.columns.actions'),
      align: 'right',
      render: (_, order) => <OrderActions order={order} size="small" />,
    },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={state ? t('orders.list.emptyFiltered') : t('orders.list.empty')}
    >
      {!state && forSale && (
        <Button
          type="primary"
          icon={<ShoppingOutlined />}
          onClick={() => void navigate(paths.plans.getHref())}
        >
          {t('orders.list.browsePlans')}
        </Button>
      )}
    </Empty>
  );

  const pagination = gridPagination(page, pageSize, data?.total ?? 0, handlePage, mobile);

  return (
    <div className="orders-screen my-orders-screen">
      <header className="screen-header">
        <div>
          <Typography.Title level={3} className="screen-title">
            {t('routes.orders')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('orders.list.subtitle')}</Typography.Text>
        </div>
        <div className="orders-toolbar">
          <Select<OrderState>
            allowClear
            className="orders-filter"
            aria-label={t('orders.list.stateFilter')}
            placeholder={t('orders.list.allStates')}
            value={state}
            options={orderStates.map((value) => ({ value, label: t(`orders.states.${value}`) }))}
            onChange={(value) => {
              setState(value);
              setPage(1);
            }}
          />
          {forSale && (
            <Button
              icon={<ShoppingOutlined />}
              onClick={() => void navigate(paths.plans.getHref())}
            >
              {t('routes.plans')}
            </Button>
          )}
        </div>
      </header>
      {list.isPending ? (
        <div className="screen-card orders-card">
          <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />
        </div>
      ) : mobile ? (
        <>
          {(data?.list.length ?? 0) === 0 ? (
            <div className="screen-card orders-card">{empty}</div>
          ) : (
            <ul className="order-cards" aria-busy={list.isFetching}>
              {data?.list.map((order) => (
                <li key={order.orderId} className="order-card screen-card">
                  <div className="order-card-top">
                    {goodsCell(order)}
                    <OrderStateTag state={order.state} />
                  </div>
                  <div className="order-card-facts">
                    <span className="order-amount">
                      {formatMoney(order.amount, order.currency, locale)}
                    </span>
                    <time dateTime={order.createdAt} className="order-time">
                      {formatDateTime(order.createdAt, locale)}
                    </time>
                  </div>
                  <OrderActions order={order} size="small" />
                </li>
              ))}
            </ul>
          )}
          {(data?.total ?? 0) > 0 && (
            <Pagination
              className="orders-pager"
              {...pagination}
              showTotal={(total) => t('orders.list.total', { count: total })}
            />
          )}
        </>
      ) : (
        <div className="screen-card orders-card">
          <Table<Order>
            rowKey="orderId"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={list.isFetching}
            tableLayout="auto"
            locale={{ emptyText: empty }}
            pagination={{
              ...pagination,
              showTotal: (total) => t('orders.list.total', { count: total }),
            }}
          />
        </div>
      )}
    </div>
  );
}
