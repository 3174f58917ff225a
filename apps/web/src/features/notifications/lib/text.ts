// The inbox's zh_CN text, added when its chunk loads rather than bundled with the first page
// (lib/i18n.ts addScreenText): the bell in the header needs none of it. The inbox imports it
// first; a test drawing a part alone too.
import zhCN from '../../../locales/zh_CN/notifications.json';
import { addScreenText } from '../../../lib/i18n';

addScreenText('notifications', zhCN);
