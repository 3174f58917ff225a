// A file reference opens the files feature's own preview (loaded with the file's details).
import { Suspense } from 'react';
import { FilePreview, useSpaceFile } from '../../files';

export function FileReferencePreview({
  fileId,
  onClose,
}: {
  fileId: string | null;
  onClose: () => void;
}) {
  const file = useSpaceFile(fileId);
  if (!fileId || !file.data) return null;
  return (
    <Suspense fallback={null}>
      <FilePreview file={file.data} onClose={onClose} />
    </Suspense>
  );
}
