// 商品管理: the goods buyers see on the price list (GET /api/system/v1/goods, for sale or not),
// with their prices in both currencies, what they grant, their term and how many orders they
// have; new, edit and delete (a deleted goods is no longer listed; its orders stay).
import { useState } from 'react';
import { Button, Drawer, Empty, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminGoods } from '@library/contract';
import { toast } from '../../../components/toast';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { currentLocale } from '../../../lib/i18n';
import { useDeleteGoods } from '../api/delete-goods';
import { useAdminGoods } from '../api/get-admin-goods';
import { formatMoney } from '../lib/money';
import { termText } from '../lib/term-text';
import { GoodsDialog } from './GoodsDialog';
import { GrantList } from './GrantList';

export function GoodsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const locale = currentLocale();
  const [modal, modalHolder] = Modal.useModal();
  const goods = useAdminGoods(open);
  const remove = useDeleteGoods();
  const [editing, setEditing] = useState<{ goods: AdminGoods | null } | null>(null);

  const handleDelete = (item: AdminGoods) =>
    void modal.confirm({
      title: t('orders.goods.deleteTitle', { name: item.name }),
      content: t('orders.goods.deleteText'),
      okText: t('orders.goods.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(item.goodsId);
        } catch {
          return;
        }
        toast.success(t('orders.goods.deleted', { name: item.name }));
      },
    });

  const name = (item: AdminGoods) => (
    <span className="goods-name-cell">
      <span className="goods-name-line">
        <Typography.Text strong>{item.name}</Typography.Text>
        <Tag variant="filled">{t(`orders.kinds.${item.kind}`)}</Tag>
        {item.orderable ? (
          <Tag color="green">{t('orders.goods.forSale')}</Tag>
        ) : (
          <Tag>{t('orders.goods.notForSale')}</Tag>
        )}
      </span>
      <Typography.Text type="secondary" className="goods-sub">
        {termText(t, item.termDays)} · {t('orders.goods.orderCount', { count: item.orderCount })}
      </Typography.Text>
    </span>
  );
  const prices = (item: AdminGoods) => (
    <span className="goods-prices">
      <span>{formatMoney(item.prices.CNY, 'CNY', locale)}</span>
      <span>{formatMoney(item.prices.USD, 'USD', locale)}</span>
    </span>
  );
  const actions = (item: AdminGoods) => (
    <Space size={4}>
      <Button
        size="small"
        aria-label={`${t('orders.goods.edit')}：${item.name}`}
        onClick={() => setEditing({ goods: item })}
      >
        {t('orders.goods.edit')}
      </Button>
      <Button
        size="small"
        danger
        aria-label={`${t('orders.goods.delete')}：${item.name}`}
        onClick={() => handleDelete(item)}
      >
        {t('orders.goods.delete')}
      </Button>
    </Space>
  );

  const columns: TableColumnsType<AdminGoods> = [
    { key: 'name', title: t('orders.goods.columns.name'), render: (_, item) => name(item) },
    { key: 'prices', title: t('orders.goods.columns.prices'), render: (_, item) => prices(item) },
    {
      key: 'grants',
      title: t('orders.goods.columns.grants'),
      render: (_, item) => <GrantList quotas={item.quotas} kind={item.kind} />,
    },
    {
      key: 'actions',
      title: t('orders.goods.columns.actions'),
      align: 'right',
      render: (_, item) => actions(item),
    },
  ];

  const list = goods.data ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('orders.goods.title')}
      size={mobile ? '100%' : 'min(960px, 92vw)'}
      className="goods-drawer"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ goods: null })}>
          {t('orders.goods.create')}
        </Button>
      }
    >
      {modalHolder}
      <Typography.Paragraph type="secondary">{t('orders.goods.subtitle')}</Typography.Paragraph>
      {goods.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 ? (
        <Empty description={t('orders.goods.empty')} />
      ) : mobile ? (
        <ul className="order-cards">
          {list.map((item) => (
            <li key={item.goodsId} className="order-card screen-card">
              {name(item)}
              {prices(item)}
              <GrantList quotas={item.quotas} kind={item.kind} />
              {actions(item)}
            </li>
          ))}
        </ul>
      ) : (
        <Table<AdminGoods>
          rowKey="goodsId"
          columns={columns}
          dataSource={list}
          pagination={false}
          size="middle"
          loading={goods.isFetching}
        />
      )}
      <GoodsDialog
        open={editing !== null}
        goods={editing?.goods ?? null}
        onClose={() => setEditing(null)}
      />
    </Drawer>
  );
}
