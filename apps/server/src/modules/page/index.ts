// The page module's front door: what the app and other modules may use of it.
export { type BlocksCache, createBlocksCache } from './blocks-cache.js';
export { listComments, pageComments } from './comment.service.js';
export { blocksOf, draftBlocks, findVersion, pageState } from './page.repo.js';
export {
  announcedPage,
  compactPageDocument,
  currentDraft,
  deriveDraftRows,
  loadPageDocument,
  logPageDocumentUpdates,
  pageDocumentChannel,
  pageDocumentSince,
  replaceDraft,
  serverOrigin,
  type StoredDocument,
} from './page-document.service.js';
export { blocksOfDocument } from './page-document.js';
export {
  bumpDraftRevision,
  getBlocksJson,
  getPage,
  pageDetail,
  shownBlocksJson,
} from './page.service.js';
export { registerPageModule } from './page.module.js';
