// /sys/orders while nothing is for sale — every fresh install: no user can buy anything, and the
// ways to the price list (account settings, the quota toasts' 'upgrade', the order screens) are
// hidden from everyone until a goods is on sale. Says so, and leads to where goods are made.
import { Button, Typography } from 'antd';
import { AppstoreOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function FirstGoodsNotice({
  hasGoods,
  onCreate,
  onManage,
}: {
  /** some goods exist, none of them for sale */
  hasGoods: boolean;
  onCreate: () => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const key = hasGoods ? 'notForSale' : 'noGoods';
  return (
    <section className="screen-card orders-first-goods" aria-labelledby="orders-first-goods-title">
      <span className="orders-first-goods-icon" aria-hidden>
        <ShopOutlined />
      </span>
      <div className="orders-first-goods-body">
        <Typography.Title level={5} id="orders-first-goods-title">
          {t(`orders.admin.firstGoods.${key}Title`)}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t(`orders.admin.firstGoods.${key}Text`)}
        </Typography.Paragraph>
        <div className="orders-toolbar">
          {hasGoods ? (
            <Button type="primary" icon={<AppstoreOutlined />} onClick={onManage}>
              {t('orders.admin.goods')}
            </Button>
          ) : (
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {t('orders.admin.firstGoods.createFirst')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
