// Which preview a file gets, from the kind the server sniffed from its bytes. Active content
// (SVG, HTML, XML) is never rendered in our origin: it is shown as source text. Office files and
// text are parsed in the browser, so each has a size above which only the download card is shown.
import type { SpaceFile } from '@library/contract';

export type ViewerKind =
  | 'image'
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'markdown'
  | 'code'
  | 'text'
  | 'audio'
  | 'video'
  | 'tooLarge'
  | 'unknown';

export interface ViewerChoice {
  viewer: ViewerKind;
  /** SVG/HTML/XML shown as its source because rendering it could run code */
  activeContent: boolean;
}

const mb = 1024 * 1024;

/** Largest file parsed in the browser per viewer (the PDF and media viewers stream). */
export const previewLimits: Partial<Record<ViewerKind, number>> = {
  docx: 50 * mb,
  xlsx: 30 * mb,
  pptx: 100 * mb,
  markdown: 5 * mb,
  code: 5 * mb,
  text: 5 * mb,
};

const activeMimeTypes =
  /^(?:image\/svg\+xml|text\/html|application\/xhtml\+xml|text\/xml|application\/xml)\b/i;
const activeExtensions = /\.(?:svg|svgz|html?|xhtml|xht|xml|xsl|mht|mhtml)$/i;

export function isActiveContent(file: Pick<SpaceFile, 'mimeType' | 'name'>): boolean {
  return activeMimeTypes.test(file.mimeType) || activeExtensions.test(file.name);
}

function viewerOfKind(kind: SpaceFile['kind']): ViewerKind {
  return kind === 'other' ? 'unknown' : kind;
}

export function chooseViewer(
  file: Pick<SpaceFile, 'kind' | 'mimeType' | 'name' | 'size'>,
): ViewerChoice {
  const activeContent = isActiveContent(file);
  const viewer: ViewerKind = activeContent ? 'code' : viewerOfKind(file.kind);
  const limit = previewLimits[viewer];
  if (limit !== undefined && file.size > limit) return { viewer: 'tooLarge', activeContent };
  return { viewer, activeContent };
}

const languagesByExtension: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  py: 'python',
  java: 'java',
  go: 'go',
  rs: 'rust',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  rb: 'ruby',
  kt: 'kotlin',
  swift: 'swift',
  sh: 'bash',
  bash: 'bash',
  sql: 'sql',
  yml: 'yaml',
  yaml: 'yaml',
  css: 'css',
  scss: 'scss',
  less: 'less',
  html: 'xml',
  htm: 'xml',
  xhtml: 'xml',
  xml: 'xml',
  svg: 'xml',
  vue: 'xml',
  ini: 'ini',
  toml: 'ini',
  diff: 'diff',
};

/** The highlighter language of a file name, or null for plain text. */
export function codeLanguageOf(name: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!extension) return null;
  return languagesByExtension[extension] ?? null;
}
