// The search module's front door: what the app and other modules may use of it.
export {
  deleteSpaceFromSearch,
  indexFileForSearch,
  indexNodeForSearch,
  indexNoteForSearch,
  indexPageForSearch,
  vacuumSearchIndex,
} from './search.index.js';
export { registerSearchModule } from './search.module.js';
