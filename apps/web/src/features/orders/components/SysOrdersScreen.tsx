// /sys/orders '订单管理' (administrators, and roles granted the `sys-orders` menu): every buyer's
// orders in a data grid with spec §9's defaults, searched by order number, the provider's number,
// the goods or the buyer, filtered by state, pay type and the day placed; each order's details
// (with its payment notifications) and the refund moves its `adminAbilities` allow — refund a
// paid order, approve or decline a requested refund; the matching orders as CSV; and the goods.
// While nothing is for sale, a notice on top says what that hides from users and leads to making
// the first goods. Cards instead of the table below 992 px.
import '../lib/text';
import { useState } from 'react';
import { Button, DatePicker, Empty, Input, Pagination, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { AppstoreOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  limits,
  orderStates,
  payTypes,
  type AdminOrder,
  type OrderState,
  type PayType,
} from '@library/contract';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { currentLocale } from '../../../lib/i18n';
import { exportOrders } from '../api/export-orders';
import { useAdminGoods } from '../api/get-admin-goods';
import { useAdminOrders } from '../api/get-admin-orders';
import { formatDateTime } from '../lib/format-time';
import { gridPagination } from '../lib/grid-pagination';
import { formatMoney } from '../lib/money';
import { AdminOrderDrawer } from './AdminOrderDrawer';
import { AdminRefundDialog, type RefundIntent } from './AdminRefundDialog';
import { FirstGoodsNotice } from './FirstGoodsNotice';
import { GoodsDialog } from './GoodsDialog';
import { GoodsDrawer } from './GoodsDrawer';
import { OrderStateTag } from './OrderStateTag';
import './orders.css';

type DayRange = [Dayjs | null, Dayjs | null] | null;

export function SysOrdersScreen() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const locale = currentLocale();
  const { keywords, page, pageSize, searchInput, pager } = useSearchPaging(limits.gridPageSize);
  const [state, setState] = useState<OrderState | undefined>();
  const [payType, setPayType] = useState<PayType | undefined>();
  const [days, setDays] = useState<DayRange>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [intent, setIntent] = useState<RefundIntent | null>(null);
  const [goodsOpen, setGoodsOpen] = useState(false);
  const [creatingGoods, setCreatingGoods] = useState(false);
  const goods = useAdminGoods();
  const nothingForSale = goods.data !== undefined && !goods.data.some((item) => item.orderable);
  const [exporting, setExporting] = useState(false);

  const filter = {
    keywords,
    state,
    payType,
    from: days?.[0]?.startOf('day').toISOString(),
    to: days?.[1]?.endOf('day').toISOString(),
  };
  const list = useAdminOrders({ ...filter, page: page - 1, pageSize });
  const data = list.data;
  const firstPage = () => pager.onChange(1, pager.pageSize);
  const filtered = Boolean(keywords || state || payType || days);

  const handleExport = async () => {
    setExporting(true);
    await exportOrders(filter);
    setExporting(false);
  };

  // the goods' name opens the order's details
  const orderCell = (order: AdminOrder) => (
    <span className="order-goods">
      <Button
        type="link"
        className="order-goods-name order-open"
        title={t('orders.admin.details')}
        aria-label={`${t('orders.admin.details')}：${order.orderNo}`}
        onClick={() => setDetail(order.orderId)}
      >
        {order.goodsName}
      </Button>
      <Typography.Text
        type="secondary"
        className="order-goods-sub order-number order-number-short"
        ellipsis={{ tooltip: order.orderNo }}
      >
        {order.orderNo}
      </Typography.Text>
    </span>
  );
  const buyerCell = (order: AdminOrder) => (
    <span className="order-buyer">
      <span>{order.buyer.nickname}</span>
      <Typography.Text type="secondary" className="order-goods-sub">
        {order.buyer.mobile ?? order.buyer.email ?? `ID ${order.buyer.userId}`}
      </Typography.Text>
    </span>
  );
  const actions = (order: AdminOrder) => (
    <span className="order-actions">
      {order.adminAbilities.canRefund && (
        <Button
          size="small"
          danger={order.state !== 'refunding'}
          type={order.state === 'refunding' ? 'primary' : 'default'}
          aria-label={`${t(order.state === 'refunding' ? 'orders.admin.approveRefund' : 'orders.admin.refund')}：${order.orderNo}`}
          onClick={() => setIntent({ kind: 'refund', order })}
        >
          {t(order.state === 'refunding' ? 'orders.admin.approveRefund' : 'orders.admin.refund')}
        </Button>
      )}
      {order.adminAbilities.canCloseRefund && (
        <Button
          size="small"
          aria-label={`${t('orders.admin.closeRefund')}：${order.orderNo}`}
          onClick={() => setIntent({ kind: 'close', order })}
        >
          {t('orders.admin.closeRefund')}
        </Button>
      )}
    </span>
  );
  const amount = (order: AdminOrder) => (
    <span className="order-amount">{formatMoney(order.amount, order.currency, locale)}</span>
  );

  const columns: TableColumnsType<AdminOrder> = [
    { key: 'order', title: t('orders.admin.columns.order'), render: (_, o) => orderCell(o) },
    { key: 'buyer', title: t('orders.admin.columns.buyer'), render: (_, o) => buyerCell(o) },
    {
      key: 'amount',
      title: t('orders.admin.columns.amount'),
      align: 'right',
      render: (_, o) => amount(o),
    },
    {
      key: 'state',
      title: t('orders.admin.columns.state'),
      render: (_, o) => <OrderStateTag state={o.state} />,
    },
    {
      key: 'payType',
      title: t('orders.admin.columns.payType'),
      responsive: ['xxl'],
      render: (_, o) => t(`orders.payTypes.${o.payType}`),
    },
    {
      key: 'createdAt',
      title: t('orders.admin.columns.createdAt'),
      render: (_, o) => (
        <time dateTime={o.createdAt} className="order-time">
          {formatDateTime(o.createdAt, locale)}
        </time>
      ),
    },
    {
      key: 'actions',
      title: t('orders.admin.columns.actions'),
      align: 'right',
      fixed: 'right',
      render: (_, o) => actions(o),
    },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('orders.admin.noResults') : t('orders.admin.empty')}
    />
  );
  const pagination = gridPagination(page, pageSize, data?.total ?? 0, pager.onChange, mobile);

  return (
    <div className="sys-screen orders-admin-screen">
      <header className="screen-header">
        <Typography.Text type="secondary">{t('orders.admin.subtitle')}</Typography.Text>
        <span className="orders-toolbar">
          <Button icon={<AppstoreOutlined />} onClick={() => setGoodsOpen(true)}>
            {t('orders.admin.goods')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void handleExport()}
          >
            {t('orders.admin.export')}
          </Button>
        </span>
      </header>
      {nothingForSale && (
        <FirstGoodsNotice
          hasGoods={(goods.data?.length ?? 0) > 0}
          onCreate={() => setCreatingGoods(true)}
          onManage={() => setGoodsOpen(true)}
        />
      )}
      <div className="orders-toolbar orders-admin-filters">
        <Input.Search
          allowClear
          className="orders-search"
          placeholder={t('orders.admin.searchPlaceholder')}
          aria-label={t('orders.admin.searchPlaceholder')}
          {...searchInput}
        />
        <Select<OrderState>
          allowClear
          className="orders-filter"
          aria-label={t('orders.admin.stateFilter')}
          placeholder={t('orders.admin.allStates')}
          value={state}
          options={orderStates.map((value) => ({ value, label: t(`orders.states.${value}`) }))}
          onChange={(value) => {
            setState(value);
            firstPage();
          }}
        />
        <Select<PayType>
          allowClear
          className="orders-filter"
          aria-label={t('orders.admin.payTypeFilter')}
          placeholder={t('orders.admin.allPayTypes')}
          value={payType}
          options={payTypes.map((value) => ({ value, label: t(`orders.payTypes.${value}`) }))}
          onChange={(value) => {
            setPayType(value);
            firstPage();
          }}
        />
        <DatePicker.RangePicker
          className="orders-days"
          aria-label={t('orders.admin.dateFilter')}
          value={days}
          onChange={(value) => {
            setDays(value);
            firstPage();
          }}
        />
      </div>
      {mobile ? (
        <>
          {(data?.list.length ?? 0) === 0 ? (
            <div className="screen-card orders-card">{list.isPending ? null : empty}</div>
          ) : (
            <ul className="order-cards" aria-busy={list.isFetching}>
              {data?.list.map((order) => (
                <li key={order.orderId} className="order-card screen-card">
                  <div className="order-card-top">
                    {orderCell(order)}
                    <OrderStateTag state={order.state} />
                  </div>
                  <div className="order-card-facts">
                    {buyerCell(order)}
                    <span className="order-card-right">
                      {amount(order)}
                      <time dateTime={order.createdAt} className="order-time">
                        {formatDateTime(order.createdAt, locale)}
                      </time>
                    </span>
                  </div>
                  {actions(order)}
                </li>
              ))}
            </ul>
          )}
          {(data?.total ?? 0) > 0 && (
            <Pagination
              className="orders-pager"
              {...pagination}
              showTotal={(total) => t('orders.admin.total', { count: total })}
            />
          )}
        </>
      ) : (
        <div className="screen-card orders-card">
          <Table<AdminOrder>
            rowKey="orderId"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={list.isFetching}
            tableLayout="auto"
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: list.isPending ? <div className="orders-loading" /> : empty }}
            pagination={{
              ...pagination,
              showTotal: (total) => t('orders.admin.total', { count: total }),
            }}
          />
        </div>
      )}
      <AdminOrderDrawer orderId={detail} onClose={() => setDetail(null)} />
      <AdminRefundDialog intent={intent} onClose={() => setIntent(null)} />
      <GoodsDrawer open={goodsOpen} onClose={() => setGoodsOpen(false)} />
      <GoodsDialog open={creatingGoods} goods={null} onClose={() => setCreatingGoods(false)} />
    </div>
  );
}
