// The files feature's public entry. Its components are exported lazily: each is its own chunk,
// fetched when first drawn, so importing this entry (for a query or the upload queue) does not
// bring them, nor antd's progress bar and the file library's styles they use.
import { lazy } from 'react';

export { filePreviewUrlQueryOptions } from './api/get-file-preview-url';
export { useSpaceFile } from './api/get-space-file';
export { uploadQueue, useUploads } from './hooks/use-uploads';
export { UploadCancelledError } from './lib/upload-queue';
export { formatFileSize } from './lib/file-size';

export const SpaceFilesDrawer = lazy(() => import('./components/SpaceFilesDrawer'));
export const FilePreview = lazy(() =>
  import('./components/FilePreview').then((m) => ({ default: m.FilePreview })),
);
export const UploadList = lazy(() =>
  import('./components/UploadList').then((m) => ({ default: m.UploadList })),
);
