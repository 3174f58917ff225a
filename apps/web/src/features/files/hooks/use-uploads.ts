// The app's one upload queue (uploads go on while the file library is closed or the user moves
// between pages) and the hooks reading it. A stored file refreshes its space's file lists.
import { useCallback, useSyncExternalStore } from 'react';
import { queryClient } from '../../../lib/query-client';
import { fileKeys } from '../api/file-keys';
import { uploadSpaceFile } from '../api/upload-space-file';
import { reportTransferError } from '../lib/report-transfer-error';
import { UploadQueue, type UploadItem } from '../lib/upload-queue';

export const uploadQueue = new UploadQueue(uploadSpaceFile, {
  onUploaded: (file) =>
    void queryClient.invalidateQueries({ queryKey: fileKeys.lists(file.spaceId) }),
  onFailed: (error) => reportTransferError(error),
});

const subscribe = (listener: () => void) => uploadQueue.subscribe(listener);
const snapshot = () => uploadQueue.items();

/** The uploads of one space, or of one page of it when `pageId` is given. */
export function useUploads(spaceId: string, pageId?: string): UploadItem[] {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return items.filter(
    (item) => item.spaceId === spaceId && (pageId === undefined || item.pageId === pageId),
  );
}

/** Queues files for a space's library (no page). */
export function useUploadToSpace(spaceId: string) {
  return useCallback(
    (files: readonly File[]) => uploadQueue.add(files, { spaceId, pageId: null }),
    [spaceId],
  );
}
