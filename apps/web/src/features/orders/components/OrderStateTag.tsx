import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderState } from '@library/contract';
import { stateColors } from '../lib/order-states';

/** An order's state (spec §4) as a coloured tag. */
export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Tag color={stateColors[state]} className="order-state" data-state={state}>
      {t(`orders.states.${state}`)}
    </Tag>
  );
}
