// Creating or editing a goods (POST / PUT /api/system/v1/goods): name, description, kind, a price
// in each currency (entered in yuan and dollars, sent in minor units), the quotas it grants (only
// those filled in; sizes in GB), its term in days, whether it is for sale, and its place in the
// list. Orders placed before keep what they bought.
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  goodsKinds,
  isByteQuota,
  quotaNames,
  type AdminGoods,
  type GoodsKind,
  type GoodsQuotas,
  type GoodsRequest,
  type QuotaName,
} from '@library/contract';
import { toast } from '../../../components/toast';
import { useSaveGoods } from '../api/save-goods';

const gib = 1024 ** 3;

interface GoodsForm {
  name: string;
  description: string;
  kind: GoodsKind;
  /** yuan and dollars, two decimals */
  priceCNY: number | null;
  priceUSD: number | null;
  termDays: number;
  orderable: boolean;
  sort: number;
  /** counts, or GB for the size quotas; empty = not granted */
  quotas: Partial<Record<QuotaName, number | null>>;
}

/** A form's values as the request: minor units, bytes, only the quotas filled in. */
export function goodsRequestOf(values: GoodsForm): GoodsRequest {
  const quotas: GoodsQuotas = {};
  for (const name of quotaNames) {
    const value = values.quotas[name];
    if (value === null || value === undefined) continue;
    quotas[name] = isByteQuota(name) ? Math.round(value * gib) : Math.round(value);
  }
  return {
    name: values.name.trim(),
    description: (values.description ?? '').trim(),
    kind: values.kind,
    prices: {
      CNY: Math.round((values.priceCNY ?? 0) * 100),
      USD: Math.round((values.priceUSD ?? 0) * 100),
    },
    quotas,
    termDays: values.termDays,
    orderable: values.orderable,
    sort: values.sort ?? 0,
  };
}

function formOf(goods: AdminGoods | null): GoodsForm {
  if (!goods) {
    return {
      name: '',
      description: '',
      kind: 'personal',
      priceCNY: null,
      priceUSD: null,
      termDays: 30,
      orderable: true,
      sort: 0,
      quotas: {},
    };
  }
  const quotas: GoodsForm['quotas'] = {};
  for (const name of quotaNames) {
    const value = goods.quotas[name];
    if (value !== undefined)
      quotas[name] = isByteQuota(name) ? Math.round((value / gib) * 100) / 100 : value;
  }
  return {
    name: goods.name,
    description: goods.description,
    kind: goods.kind,
    priceCNY: goods.prices.CNY / 100,
    priceUSD: goods.prices.USD / 100,
    termDays: goods.termDays,
    orderable: goods.orderable,
    sort: goods.sort,
    quotas,
  };
}

export function GoodsDialog({
  open,
  goods,
  onClose,
}: {
  open: boolean;
  /** null: a new goods */
  goods: AdminGoods | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GoodsForm>();
  const save = useSaveGoods();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(formOf(goods));
  }, [open, goods, form]);

  const handleOk = async () => {
    let values: GoodsForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    try {
      const saved = await save.mutateAsync({
        goodsId: goods?.goodsId ?? null,
        body: goodsRequestOf(values),
      });
      toast.success(t('orders.goods.saved', { name: saved.name }));
      onClose();
    } catch {
      // shown by the API client
    }
  };

  const priceRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: number | null) =>
      !getFieldValue('orderable') || (value !== null && value !== undefined && value >= 0.01)
        ? Promise.resolve()
        : Promise.reject(new Error(t('orders.goods.priceRequired'))),
  });

  return (
    <Modal
      open={open}
      title={t(goods ? 'orders.goods.dialogEdit' : 'orders.goods.dialogCreate')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      // drawn while closed too, so the form is there to be filled when it opens
      forceRender
      width={640}
      className="goods-dialog"
    >
      <Form<GoodsForm> form={form} layout="vertical" requiredMark={false} className="goods-form">
        <div className="goods-form-row">
          <Form.Item
            name="name"
            label={t('orders.goods.name')}
            rules={[{ required: true, whitespace: true, message: t('orders.goods.nameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="kind" label={t('orders.goods.kind')}>
            <Select<GoodsKind>
              options={goodsKinds.map((kind) => ({
                value: kind,
                label: t(`orders.kinds.${kind}`),
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="description" label={t('orders.goods.description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <div className="goods-form-row">
          <Form.Item
            name="priceCNY"
            label={t('orders.goods.priceCNY')}
            dependencies={['orderable']}
            rules={[priceRule]}
          >
            <InputNumber<number>
              min={0}
              precision={2}
              step={1}
              prefix="¥"
              className="goods-number"
            />
          </Form.Item>
          <Form.Item
            name="priceUSD"
            label={t('orders.goods.priceUSD')}
            dependencies={['orderable']}
            rules={[priceRule]}
          >
            <InputNumber<number>
              min={0}
              precision={2}
              step={1}
              prefix="$"
              className="goods-number"
            />
          </Form.Item>
        </div>
        <div className="goods-form-row">
          <Form.Item
            name="termDays"
            label={t('orders.goods.termDays')}
            rules={[{ required: true, message: t('orders.goods.termDays') }]}
          >
            <InputNumber<number> min={1} max={3660} precision={0} className="goods-number" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('orders.goods.sort')}
            tooltip={t('orders.goods.sortHint')}
          >
            <InputNumber<number>
              min={-1_000_000}
              max={1_000_000}
              precision={0}
              className="goods-number"
            />
          </Form.Item>
        </div>
        <Form.Item
          name="orderable"
          label={t('orders.goods.orderable')}
          valuePropName="checked"
          extra={t('orders.goods.orderableHint')}
        >
          <Switch />
        </Form.Item>
        <Typography.Text strong>{t('orders.goods.quotas')}</Typography.Text>
        <Typography.Paragraph type="secondary" className="goods-quotas-hint">
          {t('orders.goods.quotasHint')}
        </Typography.Paragraph>
        <div className="goods-quotas">
          {quotaNames.map((name) => (
            <Form.Item key={name} name={['quotas', name]} label={t(`system.quotaNames.${name}`)}>
              <InputNumber<number>
                min={0}
                precision={isByteQuota(name) ? 2 : 0}
                suffix={isByteQuota(name) ? 'GB' : undefined}
                placeholder={t('orders.goods.quotaUnset')}
                className="goods-number"
              />
            </Form.Item>
          ))}
        </div>
      </Form>
    </Modal>
  );
}
