// The tree module's front door: what the app and other modules may use of it.
export {
  type NewContent,
  contentTypes,
  indexContent,
  insertContent,
  liveTopicIn,
  requireCreation,
} from './tree.content.js';
export { type TreeRow, buildTree } from './tree.presenter.js';
export { type TreeRowsShape, liveNode, liveTreeRows } from './tree.repo.js';
export {
  createPage,
  editLink,
  editPage,
  listView,
  renameTopic,
  spaceTree,
} from './tree.service.js';
export { registerTreeModule } from './tree.module.js';
