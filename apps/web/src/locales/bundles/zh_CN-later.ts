// The zh_CN text no visitor's first page shows (the logged-in screens', the space's, the page's
// and the administration's), loaded by lib/i18n.ts `loadLaterText` with the screens that show
// it. The list is lib/i18n.ts `laterFeatures`: the first bundle leaves these files out.
export const files = import.meta.glob<Record<string, unknown>>(
  [
    '../zh_CN/account.json',
    '../zh_CN/ai.json',
    '../zh_CN/files.json',
    '../zh_CN/history.json',
    '../zh_CN/notes.json',
    '../zh_CN/page.json',
    '../zh_CN/recycle.json',
    '../zh_CN/search.json',
    '../zh_CN/share.json',
    '../zh_CN/spaces.json',
    '../zh_CN/system.json',
    '../zh_CN/templates.json',
    '../zh_CN/transfer.json',
  ],
  { eager: true, import: 'default' },
);
