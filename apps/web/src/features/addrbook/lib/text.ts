// The address book's zh_CN text, added when its chunk loads rather than bundled with the first
// page (lib/i18n.ts addScreenText). The screen imports it first; a test drawing a part alone too.
import zhCN from '../../../locales/zh_CN/addrbook.json';
import { addScreenText } from '../../../lib/i18n';

addScreenText('addrbook', zhCN);
