// Text and code (and the source of SVG/HTML, which is never rendered): decoded, highlighted by
// highlight.js with a small set of common languages, line numbers beside it.
import { useMemo } from 'react';
import { Alert, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import less from 'highlight.js/lib/languages/less';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { useFileBytes } from '../../hooks/use-file-bytes';
import { decodeText, maxShownCharacters } from '../../lib/decode-text';
import { formatFileSize } from '../../lib/file-size';
import { codeLanguageOf } from '../../lib/viewer-choice';
import { currentLocale } from '../../../../lib/i18n';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed, ViewerLoading } from './ViewerStates';

const languages = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  less,
  php,
  python,
  ruby,
  rust,
  scss,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

export function CodeViewer({ file, url, activeContent }: ViewerProps & { activeContent: boolean }) {
  const { t } = useTranslation();
  const bytes = useFileBytes(file.fileId, url);
  const decoded = useMemo(
    () => (bytes.data ? decodeText(new Uint8Array(bytes.data)) : null),
    [bytes.data],
  );
  const language = codeLanguageOf(file.name);
  // highlight.js escapes the text it returns; plain text goes in as a text node.
  const highlighted = useMemo(() => {
    if (!decoded || !language || !hljs.getLanguage(language)) return null;
    return hljs.highlight(decoded.text, { language, ignoreIllegals: true }).value;
  }, [decoded, language]);

  if (bytes.isError) return <ViewerFailed onRetry={() => void bytes.refetch()} />;
  if (!decoded) return <ViewerLoading />;
  if (decoded.text.length === 0) return <Empty description={t('files.viewer.emptyText')} />;
  const lines = decoded.text.split('\n').length;
  return (
    <div className="file-code-viewer">
      {activeContent && <Alert type="info" showIcon title={t('files.viewer.activeContent')} />}
      {decoded.truncated && (
        <Alert
          type="info"
          showIcon
          title={t('files.viewer.textTruncated', {
            size: formatFileSize(maxShownCharacters, currentLocale()),
          })}
        />
      )}
      <div className="file-code">
        <pre className="file-code-lines" aria-hidden="true">
          {Array.from({ length: lines }, (_, index) => index + 1).join('\n')}
        </pre>
        {highlighted === null ? (
          <pre className="file-code-text">{decoded.text}</pre>
        ) : (
          <pre
            className={`file-code-text hljs language-${language ?? 'plaintext'}`}
            dangerouslySetInnerHTML={{ __html: highlighted }}
          />
        )}
      </div>
    </div>
  );
}

export default CodeViewer;
