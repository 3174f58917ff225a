// What the order module adds to the app: goods, orders, payment notifications, and the jobs expiring unpaid orders and checking refunds.
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { registerOrderAdminRoutes } from './order-admin.routes.js';
import { registerOrderRoutes } from './order.routes.js';
import { registerPayNotifyRoutes } from './pay-notify.routes.js';
import { checkRefundHandler, expireOrderHandler, type OrderDeps } from './payment.service.js';

export function registerOrderModule(app: App, deps: { orders: OrderDeps }) {
  const { orders } = deps;
  app.jobs.handle(Job.expireOrder, expireOrderHandler(orders));
  app.jobs.handle(Job.checkRefund, checkRefundHandler(orders));
  registerOrderRoutes(app, orders);
  registerOrderAdminRoutes(app, orders);
  registerPayNotifyRoutes(app, orders);
}
