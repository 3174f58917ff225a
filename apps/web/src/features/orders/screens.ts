// The buyer's screens as one lazily loaded chunk for the route table (/plans, /orders,
// /orders/:orderId): one dynamic import, so the first page lists their files once.
export { MyOrdersScreen } from './components/MyOrdersScreen';
export { OrderScreen } from './components/OrderScreen';
export { PlansScreen } from './components/PlansScreen';
