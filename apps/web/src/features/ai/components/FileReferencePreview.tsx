// A file reference opens the files feature's own preview (loaded with the file's details).
import { lazy, Suspense } from 'react';
import { useSpaceFile } from '../../files/api/get-space-file';

const FilePreview = lazy(() =>
  import('../../files/components/FilePreview').then((m) => ({ default: m.FilePreview })),
);

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
