// Markdown: rendered by react-markdown with GitHub tables and lists. Raw HTML in the file is not
// rendered (react-markdown escapes it) and unsafe link protocols are dropped.
import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useFileBytes } from '../../hooks/use-file-bytes';
import { decodeText } from '../../lib/decode-text';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed, ViewerLoading } from './ViewerStates';

export function MarkdownViewer({ file, url }: ViewerProps) {
  const { t } = useTranslation();
  const bytes = useFileBytes(file.fileId, url);
  const text = useMemo(
    () => (bytes.data ? decodeText(new Uint8Array(bytes.data)).text : null),
    [bytes.data],
  );
  if (bytes.isError) return <ViewerFailed onRetry={() => void bytes.refetch()} />;
  if (text === null) return <ViewerLoading />;
  if (text.trim().length === 0) return <Empty description={t('files.viewer.emptyText')} />;
  return (
    <article className="file-markdown-viewer file-document">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer" />
          ),
        }}
      >
        {text}
      </Markdown>
    </article>
  );
}

export default MarkdownViewer;
