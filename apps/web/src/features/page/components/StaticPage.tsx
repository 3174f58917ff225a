// A page's blocks drawn without the editor (lib/static-blocks.tsx) inside the same containers and
// theme classes BlockNote's Mantine view puts around its editor, so the blocks look the same in
// both. Our files resolve to signed preview URLs as the editor resolves them (through the same
// query, so the editor finds them cached), and code blocks are highlighted by the editor's shiki.
import { forwardRef, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fileIdOfBlockUrl, type Block, type Locale } from '@library/contract';
import { resolveImagePath } from '../../../lib/image-path';
import { filePreviewUrlQueryOptions } from '../../files';
import { highlightCode, languageName } from '../lib/code-highlight';
import {
  StaticBlockGroup,
  StaticBlocksContext,
  type HighlightedCode,
  type StaticBlocksContextValue,
} from '../lib/static-blocks';
import '@blocknote/react/style.css';
import './page-editor.css';

/** BlockNote's texts of an empty file block (its dictionaries' file_blocks.add_button_text). */
const addFileLabels: Record<Locale, Record<string, string>> = {
  zh_CN: { image: '添加图片', video: '添加视频', audio: '添加音频', file: '添加文件' },
  zh_TW: { image: '新增圖片', video: '新增影片', audio: '新增音訊', file: '新增檔案' },
  en_US: { image: 'Add image', video: 'Add video', audio: 'Add audio', file: 'Add file' },
};

function useFileUrl(url: string): string | undefined {
  const fileId = fileIdOfBlockUrl(url);
  const preview = useQuery({ ...filePreviewUrlQueryOptions(fileId ?? ''), enabled: !!fileId });
  if (!fileId) return resolveImagePath(url) ?? url;
  // gone or no longer readable: the block shows it cannot load, as the editor does
  return preview.data?.url ?? (preview.isError ? url : undefined);
}

function useHighlight(code: string, language: string): HighlightedCode | null {
  const [result, setResult] = useState<{ key: string; code: HighlightedCode | null } | null>(null);
  const key = `${language}\n${code}`;
  useEffect(() => {
    let live = true;
    highlightCode(code, language)
      .then((highlighted) => live && setResult({ key, code: highlighted }))
      .catch(() => live && setResult({ key, code: null }));
    return () => {
      live = false;
    };
  }, [code, language, key]);
  return result?.key === key ? result.code : null;
}

export interface StaticPageProps extends HTMLAttributes<HTMLDivElement> {
  blocks: Block[];
  locale: Locale;
  theme: 'light' | 'dark';
  /**
   * The page's editor as readers have it (class `bn-editor`, not editable); otherwise a stand-in
   * for an editor on its way, or a read-only copy beside one.
   */
  asEditor?: boolean;
  /** a stand-in for the editable editor: its controls look enabled (they do nothing) */
  pendingEditor?: boolean;
  /** resolves a block's file URL another way (a share's viewer: its own file route) */
  useFileUrl?: (url: string) => string | undefined;
}

export const StaticPage = forwardRef<HTMLDivElement, StaticPageProps>(function StaticPage(
  {
    blocks,
    locale,
    theme,
    asEditor = false,
    pendingEditor = false,
    useFileUrl: fileUrl = useFileUrl,
    className,
    ...rest
  },
  ref,
) {
  const context = useMemo<StaticBlocksContextValue>(
    () => ({
      editable: pendingEditor,
      useFileUrl: fileUrl,
      useHighlight,
      languageName,
      addFileLabel: (type) => addFileLabels[locale][type] ?? addFileLabels[locale]['file']!,
    }),
    [locale, pendingEditor, fileUrl],
  );
  return (
    <div
      className={`bn-root bn-container ${theme} bn-mantine page-editor`}
      data-color-scheme={theme}
      data-mantine-color-scheme={theme}
    >
      <div
        ref={ref}
        className={['page-static bn-default-styles', asEditor ? 'bn-editor' : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
        contentEditable={false}
        suppressContentEditableWarning
        {...rest}
      >
        <StaticBlocksContext.Provider value={context}>
          <StaticBlockGroup blocks={blocks} />
        </StaticBlocksContext.Provider>
      </div>
    </div>
  );
});
