// The order module's front door: what the app and other modules may use of it.
export { type OrderDeps } from './payment.service.js';
export { registerOrderModule } from './order.module.js';
