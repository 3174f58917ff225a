// The shape of the UI text, taken from the reference language (zh_CN). Each feature keeps its
// text in locales/<language>/<feature>.json; add the feature's zh_CN file here so its keys are
// checked at compile time. (lib/i18n.ts bundles zh_CN with the app; locales/bundles/ load the
// other languages.)
import type about from './zh_CN/about.json';
import type account from './zh_CN/account.json';
import type addrbook from './zh_CN/addrbook.json';
import type agreement from './zh_CN/agreement.json';
import type ai from './zh_CN/ai.json';
import type app from './zh_CN/app.json';
import type common from './zh_CN/common.json';
import type errors from './zh_CN/errors.json';
import type files from './zh_CN/files.json';
import type history from './zh_CN/history.json';
import type home from './zh_CN/home.json';
import type layout from './zh_CN/layout.json';
import type login from './zh_CN/login.json';
import type nav from './zh_CN/nav.json';
import type page from './zh_CN/page.json';
import type notes from './zh_CN/notes.json';
import type notifications from './zh_CN/notifications.json';
import type orders from './zh_CN/orders.json';
import type placeholder from './zh_CN/placeholder.json';
import type recycle from './zh_CN/recycle.json';
import type routes from './zh_CN/routes.json';
import type search from './zh_CN/search.json';
import type session from './zh_CN/session.json';
import type share from './zh_CN/share.json';
import type spaces from './zh_CN/spaces.json';
import type status from './zh_CN/status.json';
import type system from './zh_CN/system.json';
import type templates from './zh_CN/templates.json';
import type transfer from './zh_CN/transfer.json';
import type validation from './zh_CN/validation.json';
import type welcome from './zh_CN/welcome.json';

export interface TranslationResources {
  about: typeof about;
  account: typeof account;
  addrbook: typeof addrbook;
  agreement: typeof agreement;
  ai: typeof ai;
  app: typeof app;
  common: typeof common;
  errors: typeof errors;
  files: typeof files;
  history: typeof history;
  home: typeof home;
  layout: typeof layout;
  login: typeof login;
  nav: typeof nav;
  page: typeof page;
  notes: typeof notes;
  notifications: typeof notifications;
  orders: typeof orders;
  placeholder: typeof placeholder;
  recycle: typeof recycle;
  routes: typeof routes;
  search: typeof search;
  session: typeof session;
  share: typeof share;
  spaces: typeof spaces;
  status: typeof status;
  system: typeof system;
  templates: typeof templates;
  transfer: typeof transfer;
  validation: typeof validation;
  welcome: typeof welcome;
}
