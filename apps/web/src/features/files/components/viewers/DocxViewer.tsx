// Word (.docx): converted to HTML by mammoth in the browser and sanitised by DOMPurify before it
// touches the page (a document can carry links and markup of any kind).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import mammoth from 'mammoth';
import { useFileBytes } from '../../hooks/use-file-bytes';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed, ViewerLoading } from './ViewerStates';

export function DocxViewer({ file, url }: ViewerProps) {
  const bytes = useFileBytes(file.fileId, url);
  const html = useQuery({
    queryKey: ['files', 'docx-html', file.fileId],
    queryFn: async () => {
      const { value } = await mammoth.convertToHtml({
        arrayBuffer: bytes.data ?? new ArrayBuffer(0),
      });
      return value;
    },
    enabled: bytes.isSuccess,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const clean = useMemo(
    () =>
      html.data === undefined
        ? ''
        : DOMPurify.sanitize(html.data, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style'] }),
    [html.data],
  );

  if (bytes.isError || html.isError) return <ViewerFailed onRetry={() => void bytes.refetch()} />;
  if (!html.isSuccess) return <ViewerLoading />;
  return (
    <article
      className="file-docx-viewer file-document"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

export default DocxViewer;
