// What the static rendering of blocks needs from the outside world (static-blocks.tsx): the
// browser URL of a file block, the highlighted tokens of a code block, the texts of an empty file
// block, and whether it stands in for an editable editor.
import { createContext, type CSSProperties } from 'react';

/** A highlighted code block: the block's CSS variables and one list of tokens per line. */
export interface HighlightedCode {
  style?: CSSProperties;
  lines: Array<Array<{ content: string; style: CSSProperties }>>;
}

export interface StaticBlocksContextValue {
  /**
   * Drawn as the editable editor draws it (controls enabled, though inert), for a stand-in the
   * editor replaces; otherwise as a read-only editor (controls disabled).
   */
  editable?: boolean;
  /** the browser URL of a block's `url` prop (a hook: our files resolve to signed URLs) */
  useFileUrl: (url: string) => string | undefined;
  /** the highlighted form of a code block once the highlighter is there (a hook) */
  useHighlight: (code: string, language: string) => HighlightedCode | null;
  /** the name of a code block's language, for its (disabled) language picker */
  languageName: (language: string) => string | undefined;
  /** the text of an empty file block's button, by block type ("添加图片") */
  addFileLabel: (type: string) => string;
}

const noHighlight = () => null;
const addFileLabels: Record<string, string> = {
  image: '添加图片',
  video: '添加视频',
  audio: '添加音频',
  file: '添加文件',
};

export const StaticBlocksContext = createContext<StaticBlocksContextValue>({
  useFileUrl: (url) => url || undefined,
  useHighlight: noHighlight,
  languageName: () => undefined,
  addFileLabel: (type) => addFileLabels[type] ?? addFileLabels['file']!,
});
