// The file module's front door: what the app and other modules may use of it.
export { createPreviewSigner } from './file.preview.js';
export {
  destroyFileItem,
  destroyFilesOfImport,
  destroyFilesOfPages,
  destroyFilesOfSpace,
  restoreFileItem,
} from './file.recycle.js';
export { attachFilesToPage, findBlob, findLiveFile, keepFilesOfImport } from './file.repo.js';
export { type FileDeps, fileBytes, previewUrl, uploadFile } from './file.service.js';
export { scheduleTempSweep } from './file.sweep.js';
export { registerFileModule } from './file.module.js';
