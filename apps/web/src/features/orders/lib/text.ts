// The orders screens' zh_CN text, added when their chunk loads rather than bundled with the first
// page (lib/i18n.ts addScreenText). Every screen of the feature imports it first.
import zhCN from '../../../locales/zh_CN/orders.json';
import { addScreenText } from '../../../lib/i18n';

addScreenText('orders', zhCN);
