// Downloads a file as a blob and saves it under its original name; remembers which one is on its
// way so its button can show it. Failures are reported like every call's (spec §8).
import { useCallback, useState } from 'react';
import { downloadSpaceFile } from '../api/download-space-file';
import { reportTransferError } from '../lib/report-transfer-error';

export function useDownloadFile() {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const download = useCallback(async (file: { fileId: string; name: string }) => {
    setPending((current) => new Set(current).add(file.fileId));
    try {
      await downloadSpaceFile(file.fileId, file.name);
    } catch (error) {
      reportTransferError(error);
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(file.fileId);
        return next;
      });
    }
  }, []);
  return { download, isDownloading: (fileId: string) => pending.has(fileId) };
}
