import type { TFunction } from 'i18next';
import type { GoodsKind } from '@library/contract';

interface Bought {
  goodsName: string;
  kind: GoodsKind;
}

/** The kind's name, unless the goods' name already says it ('团队版' is a team plan). */
export function kindNote(t: TFunction, goods: Bought): string | null {
  const kind = t(`orders.kinds.${goods.kind}`);
  return goods.goodsName.toLocaleLowerCase().includes(kind.toLocaleLowerCase()) ? null : kind;
}

/** What was bought: '专业版（个人版）', but '团队版' rather than '团队版（团队版）'. */
export function goodsLabel(t: TFunction, goods: Bought): string {
  const kind = kindNote(t, goods);
  return kind
    ? t('orders.receipt.goodsWithKind', { goods: goods.goodsName, kind })
    : goods.goodsName;
}
