// A static, read-only rendering of a page's blocks from their JSON, without BlockNote: the same
// elements, classes and data attributes BlockNote 0.51 writes for each block (so its stylesheet
// and ours draw it the same), in plain React. The page shows it the moment the blocks arrive,
// while the editor's code loads and mounts, and readers keep it (PageContent.tsx).
// What needs the outside world comes through StaticBlocksContext: the browser URL of a file
// block, the highlighted tokens of a code block, the texts of an empty file block.
import {
  createContext,
  Fragment,
  useContext,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Block } from '@library/contract';
import { calloutToneIcons, isCalloutTone } from './callout-tones';

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

type Props = Record<string, unknown>;

/** Prop values BlockNote leaves out of the DOM (each block's defaults). */
const propDefaults: Props = {
  backgroundColor: 'default',
  textColor: 'default',
  textAlignment: 'left',
  level: 1,
  isToggleable: false,
  checked: false,
  name: '',
  url: '',
  caption: '',
  showPreview: true,
  language: 'text',
  tone: 'info',
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function propsOf(block: Block): Props {
  const props = block['props'];
  return typeof props === 'object' && props !== null ? (props as Props) : {};
}

/** `data-*` attributes of the props that differ from their defaults, as BlockNote writes them. */
export function propAttributes(props: Props): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === propDefaults[name]) continue;
    if (typeof value === 'object') continue;
    attributes[`data-${kebab(name)}`] = String(value);
  }
  return attributes;
}

function childrenOf(block: Block): Block[] {
  const children = block['children'];
  return Array.isArray(children) ? (children as Block[]) : [];
}

/**
 * The number BlockNote shows before each numbered list item: consecutive numbered items count
 * up from the first one's `start` (1 by default); any other block ends the list.
 */
export function numberedIndexes(blocks: Block[]): Array<number | undefined> {
  let next = 0;
  let inList = false;
  return blocks.map((block) => {
    if (block.type !== 'numberedListItem') {
      inList = false;
      return undefined;
    }
    if (!inList) {
      const start = Number(propsOf(block)['start']);
      next = Number.isFinite(start) && start > 0 ? start : 1;
      inList = true;
    } else next += 1;
    return next;
  });
}

// --- inline content -----------------------------------------------------------------------------

interface TextItem {
  type: 'text';
  text: string;
  styles?: Props;
}
interface LinkItem {
  type: 'link';
  href: string;
  content: unknown;
}

/** Marks from the outside in, in the order of BlockNote's schema (the link is innermost). */
const markOrder = [
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'textColor',
  'backgroundColor',
] as const;

function withMark(mark: (typeof markOrder)[number], value: unknown, inner: ReactNode): ReactNode {
  switch (mark) {
    case 'bold':
      return <strong>{inner}</strong>;
    case 'italic':
      return <em>{inner}</em>;
    case 'underline':
      return <u>{inner}</u>;
    case 'strike':
      return <s>{inner}</s>;
    case 'code':
      return <code>{inner}</code>;
    case 'textColor':
    case 'backgroundColor':
      return (
        <span data-style-type={mark} data-value={String(value)} data-editable="">
          {inner}
        </span>
      );
  }
}

function withMarks(styles: Props | undefined, inner: ReactNode): ReactNode {
  let node = inner;
  for (let i = markOrder.length - 1; i >= 0; i -= 1) {
    const mark = markOrder[i]!;
    const value = styles?.[mark];
    if (value === undefined || value === false || value === null || value === '') continue;
    node = withMark(mark, value, node);
  }
  return node;
}

/** Text with its line breaks as `<br>`, the way BlockNote stores a hard break. */
function textWithBreaks(text: string): ReactNode {
  if (!text.includes('\n')) return text;
  const parts = text.split('\n');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {part}
    </Fragment>
  ));
}

function inlineItems(content: unknown): Array<string | TextItem | LinkItem> {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.filter(
    (item): item is string | TextItem | LinkItem =>
      typeof item === 'string' || (typeof item === 'object' && item !== null && 'type' in item),
  );
}

/** The plain text of inline content (a code block's code). */
export function inlinePlainText(content: unknown): string {
  return inlineItems(content)
    .map((item) => {
      if (typeof item === 'string') return item;
      if (item.type === 'text') return item.text ?? '';
      if (item.type === 'link') return inlinePlainText(item.content);
      return '';
    })
    .join('');
}

function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  return /^\s*(javascript|vbscript|data):/i.test(href) ? undefined : href;
}

/**
 * Inline content as BlockNote draws it: marks as elements, links in new tabs, and an empty
 * paragraph (or one ending in a line break) holding ProseMirror's trailing break so it has a
 * line's height.
 */
export function renderInline(content: unknown): ReactNode {
  const items = inlineItems(content);
  const nodes: ReactNode[] = [];
  let lastText = '';
  items.forEach((item, index) => {
    if (typeof item === 'string') {
      nodes.push(<Fragment key={index}>{textWithBreaks(item)}</Fragment>);
      lastText = item;
    } else if (item.type === 'text' && typeof item.text === 'string') {
      if (item.text === '') return;
      nodes.push(
        <Fragment key={index}>{withMarks(item.styles, textWithBreaks(item.text))}</Fragment>,
      );
      lastText = item.text;
    } else if (item.type === 'link') {
      const href = safeHref(item.href);
      inlineItems(item.content).forEach((inner, innerIndex) => {
        const text = typeof inner === 'string' ? inner : inner.type === 'text' ? inner.text : '';
        if (!text) return;
        const styles = typeof inner === 'string' ? undefined : (inner as TextItem).styles;
        nodes.push(
          <Fragment key={`${index}-${innerIndex}`}>
            {withMarks(
              styles,
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                data-inline-content-type="link"
              >
                {textWithBreaks(text)}
              </a>,
            )}
          </Fragment>,
        );
        lastText = text;
      });
    }
  });
  if (nodes.length === 0 || lastText.endsWith('\n')) {
    nodes.push(<br key="trailing" className="ProseMirror-trailingBreak" />);
  }
  return nodes;
}

// --- blocks -------------------------------------------------------------------------------------

const toggleIcon = (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    height="24px"
    viewBox="0 -960 960 960"
    width="24px"
    fill="CURRENTCOLOR"
  >
    <path d="M320-200v-560l440 280-440 280Z" />
  </svg>
);

const fileIcon = (
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor">
    <path d="M3 8L9.00319 2H19.9978C20.5513 2 21 2.45531 21 2.9918V21.0082C21 21.556 20.5551 22 20.0066 22H3.9934C3.44476 22 3 21.5501 3 20.9932V8ZM10 4V9H5V20H19V4H10Z" />
  </svg>
);

const fileTypeIcons: Record<string, string> = {
  image:
    'M5 11.1005L7 9.1005L12.5 14.6005L16 11.1005L19 14.1005V5H5V11.1005ZM4 3H20C20.5523 3 21 3.44772 21 4V20C21 20.5523 20.5523 21 20 21H4C3.44772 21 3 20.5523 3 20V4C3 3.44772 3.44772 3 4 3ZM15.5 10C14.6716 10 14 9.32843 14 8.5C14 7.67157 14.6716 7 15.5 7C16.3284 7 17 7.67157 17 8.5C17 9.32843 16.3284 10 15.5 10Z',
  video:
    'M2 3.9934C2 3.44476 2.45531 3 2.9918 3H21.0082C21.556 3 22 3.44495 22 3.9934V20.0066C22 20.5552 21.5447 21 21.0082 21H2.9918C2.44405 21 2 20.5551 2 20.0066V3.9934ZM8 5V19H16V5H8ZM4 5V7H6V5H4ZM18 5V7H20V5H18ZM4 9V11H6V9H4ZM18 9V11H20V9H18ZM4 13V15H6V13H4ZM18 13V15H20V13H18ZM4 17V19H6V17H4ZM18 17V19H20V17H18Z',
  audio:
    'M2 16.0001H5.88889L11.1834 20.3319C11.2727 20.405 11.3846 20.4449 11.5 20.4449C11.7761 20.4449 12 20.2211 12 19.9449V4.05519C12 3.93977 11.9601 3.8279 11.887 3.73857C11.7121 3.52485 11.3971 3.49335 11.1834 3.66821L5.88889 8.00007H2C1.44772 8.00007 1 8.44778 1 9.00007V15.0001C1 15.5524 1.44772 16.0001 2 16.0001ZM23 12C23 15.292 21.5539 18.2463 19.2622 20.2622L17.8445 18.8444C19.7758 17.1937 21 14.7398 21 12C21 9.26016 19.7758 6.80629 17.8445 5.15557L19.2622 3.73779C21.5539 5.75368 23 8.70795 23 12ZM18 12C18 10.0883 17.106 8.38548 15.7133 7.28673L14.2842 8.71584C15.3213 9.43855 16 10.64 16 12C16 13.36 15.3213 14.5614 14.2842 15.2841L15.7133 16.7132C17.106 15.6145 18 13.9116 18 12Z',
};

function addFileIcon(type: string) {
  const path = fileTypeIcons[type];
  if (!path) return fileIcon;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor">
      <path d={path} />
    </svg>
  );
}

/** The `toggle-<id>` flag BlockNote keeps in localStorage for an open toggle. */
function toggleStorageKey(blockId: string) {
  return `toggle-${blockId}`;
}

function readToggle(blockId: string): boolean {
  try {
    return window.localStorage.getItem(toggleStorageKey(blockId)) === 'true';
  } catch {
    return false;
  }
}

function ToggleWrapper({ blockId, children }: { blockId: string; children: ReactNode }) {
  const [open, setOpen] = useState(() => readToggle(blockId));
  return (
    <div>
      <div className="bn-toggle-wrapper" data-show-children={open ? 'true' : 'false'}>
        <button
          className="bn-toggle-button"
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const next = !open;
            setOpen(next);
            try {
              window.localStorage.setItem(toggleStorageKey(blockId), next ? 'true' : 'false');
            } catch {
              // private mode: the toggle still works, it is just not remembered
            }
          }}
        >
          {toggleIcon}
        </button>
        {children}
      </div>
    </div>
  );
}

function HeadingContent({ block }: { block: Block }) {
  const props = propsOf(block);
  const level = Number(props['level']);
  const Tag = `h${level >= 1 && level <= 6 ? level : 1}` as 'h1';
  const heading = <Tag className="bn-inline-content">{renderInline(block['content'])}</Tag>;
  return props['isToggleable'] === true ? (
    <ToggleWrapper blockId={block.id}>{heading}</ToggleWrapper>
  ) : (
    heading
  );
}

function CodeContent({ block, attributes }: { block: Block; attributes: Record<string, string> }) {
  const { useHighlight, languageName } = useContext(StaticBlocksContext);
  const language = String(propsOf(block)['language'] ?? 'text');
  const code = inlinePlainText(block['content']);
  const highlighted = useHighlight(code, language);
  const name = languageName(language);
  return (
    <div
      className="bn-block-content"
      data-content-type="codeBlock"
      {...attributes}
      style={highlighted?.style}
    >
      <div contentEditable={false}>
        <select disabled value={language} onChange={() => undefined}>
          <option value={language}>{name ?? language}</option>
        </select>
      </div>
      <pre>
        <code className="bn-inline-content">
          {code === '' ? (
            <br className="ProseMirror-trailingBreak" />
          ) : highlighted ? (
            highlighted.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? '\n' : null}
                {line.map((token, tokenIndex) => (
                  <span key={tokenIndex} className="shiki" style={token.style}>
                    {token.content}
                  </span>
                ))}
              </Fragment>
            ))
          ) : (
            code
          )}
          {code.endsWith('\n') ? <br className="ProseMirror-trailingBreak" /> : null}
        </code>
      </pre>
    </div>
  );
}

interface TableCell {
  props: Props;
  content: unknown;
}

function tableCell(cell: unknown): TableCell {
  if (typeof cell === 'object' && cell !== null && !Array.isArray(cell) && 'content' in cell) {
    const { props, content } = cell as { props?: unknown; content: unknown };
    return { props: typeof props === 'object' && props !== null ? (props as Props) : {}, content };
  }
  return { props: {}, content: cell };
}

/** prosemirror-tables' minimum width of a column without a width of its own (BlockNote's). */
const cellMinWidth = 120;

function TableContent({ block, attributes }: { block: Block; attributes: Record<string, string> }) {
  const content = (block['content'] ?? {}) as {
    rows?: Array<{ cells?: unknown[] }>;
    columnWidths?: Array<number | null | undefined>;
    headerRows?: number;
    headerCols?: number;
  };
  const rows = Array.isArray(content.rows) ? content.rows : [];
  const widths = Array.isArray(content.columnWidths) ? content.columnWidths : [];
  const firstRow = (rows[0]?.cells ?? []).map(tableCell);
  const columns = firstRow.reduce((sum, cell) => sum + (Number(cell.props['colspan']) || 1), 0);
  let total = 0;
  let fixed = true;
  const cols: ReactElement[] = [];
  for (let column = 0; column < columns; column += 1) {
    const width = widths[column];
    if (typeof width === 'number' && width > 0) {
      total += width;
      cols.push(<col key={column} style={{ width: `${width}px` }} />);
    } else {
      total += cellMinWidth;
      fixed = false;
      cols.push(<col key={column} />);
    }
  }
  const tableStyle = {
    '--default-cell-min-width': `${cellMinWidth}px`,
    ...(fixed ? { width: `${total}px` } : { minWidth: `${total}px` }),
  } as unknown as CSSProperties;
  const headerRows = Number(content.headerRows) || 0;
  const headerCols = Number(content.headerCols) || 0;
  return (
    <div className="bn-block-content" data-content-type="table" {...attributes}>
      <div className="tableWrapper">
        <div className="tableWrapper-inner">
          <table style={tableStyle}>
            <colgroup>{cols}</colgroup>
            <tbody>
              {rows.map((row, rowIndex) => {
                let column = 0;
                return (
                  <tr key={rowIndex}>
                    {(row.cells ?? []).map((raw, cellIndex) => {
                      const cell = tableCell(raw);
                      const colspan = Number(cell.props['colspan']) || 1;
                      const rowspan = Number(cell.props['rowspan']) || 1;
                      const cellWidths = widths.slice(column, column + colspan);
                      const header = rowIndex < headerRows || column < headerCols;
                      column += colspan;
                      const Cell = header ? 'th' : 'td';
                      const { colspan: _colspan, rowspan: _rowspan, ...rest } = cell.props;
                      const colwidth = cellWidths.every((width) => typeof width === 'number')
                        ? cellWidths.join(',')
                        : undefined;
                      return (
                        <Cell
                          key={cellIndex}
                          {...propAttributes(rest)}
                          colSpan={colspan}
                          rowSpan={rowspan}
                          {...(colwidth ? { colwidth } : {})}
                        >
                          <p>{renderInline(cell.content)}</p>
                        </Cell>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="table-widgets-container" style={{ position: 'relative' }} />
      </div>
    </div>
  );
}

function FileName({ name }: { name: string }) {
  return (
    <div className="bn-file-name-with-icon">
      <div className="bn-file-icon">{fileIcon}</div>
      <p className="bn-file-name">{name}</p>
    </div>
  );
}

/** BlockNote's resize handles of an image or video, hidden until the pointer is over it. */
const resizeHandles = (
  <>
    <div className="bn-resize-handle" style={{ left: '4px', display: 'none' }} />
    <div className="bn-resize-handle" style={{ right: '4px', display: 'none' }} />
  </>
);

function MediaElement({ type, url, props }: { type: string; url: string; props: Props }) {
  const { useFileUrl } = useContext(StaticBlocksContext);
  const src = useFileUrl(url);
  const width = Number(props['previewWidth']) || undefined;
  if (type === 'image') {
    return (
      <div className="bn-visual-media-wrapper">
        <img
          className="bn-visual-media"
          src={src}
          alt={typeof props['name'] === 'string' ? props['name'] : ''}
          draggable={false}
          width={width}
        />
        {resizeHandles}
      </div>
    );
  }
  if (type === 'video') {
    return (
      <div className="bn-visual-media-wrapper">
        <video className="bn-visual-media" src={src} controls draggable={false} width={width} />
        {resizeHandles}
      </div>
    );
  }
  return <audio className="bn-audio" src={src} controls draggable={false} />;
}

function FileContent({ block, attributes }: { block: Block; attributes: Record<string, string> }) {
  const { addFileLabel } = useContext(StaticBlocksContext);
  const props = propsOf(block);
  const url = typeof props['url'] === 'string' ? props['url'] : '';
  const caption = typeof props['caption'] === 'string' ? props['caption'] : '';
  const name = typeof props['name'] === 'string' ? props['name'] : '';
  const resizable = block.type === 'image' || block.type === 'video';
  const preview = block.type !== 'file' && props['showPreview'] !== false;
  const style: CSSProperties | undefined = resizable
    ? {
        position: 'relative',
        ...(url && preview
          ? { width: props['previewWidth'] ? `${Number(props['previewWidth'])}px` : 'fit-content' }
          : {}),
      }
    : undefined;
  const Wrapper = url && caption ? 'figure' : 'div';
  return (
    <div
      className="bn-block-content"
      data-content-type={block.type}
      {...attributes}
      data-file-block=""
      contentEditable={false}
    >
      <Wrapper className="bn-file-block-content-wrapper" style={style}>
        {url === '' ? (
          <div className="bn-add-file-button">
            <div className="bn-add-file-button-icon">{addFileIcon(block.type)}</div>
            <p className="bn-add-file-button-text">{addFileLabel(block.type)}</p>
          </div>
        ) : preview ? (
          <MediaElement type={block.type} url={url} props={props} />
        ) : (
          <FileName name={name} />
        )}
        {url && caption ? <figcaption className="bn-file-caption">{caption}</figcaption> : null}
      </Wrapper>
    </div>
  );
}

function CalloutContent({ block }: { block: Block }) {
  const { editable } = useContext(StaticBlocksContext);
  const props = propsOf(block);
  const tone = isCalloutTone(props['tone']) ? props['tone'] : 'info';
  return (
    <div className="react-renderer node-callout bn-react-node-view-renderer">
      <div
        className="bn-block-content"
        data-content-type="callout"
        {...propAttributes(props)}
        style={{ whiteSpace: 'normal' }}
      >
        <div className={`callout callout-${tone}`} data-tone={tone}>
          <button
            type="button"
            className="callout-icon"
            contentEditable={false}
            disabled={!editable}
            aria-label={tone}
          >
            {calloutToneIcons[tone]}
          </button>
          <div className="bn-inline-content callout-content">
            <div style={{ whiteSpace: 'inherit' }}>{renderInline(block['content'])}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

const fileBlockTypes = new Set(['image', 'video', 'audio', 'file']);

const inert = (event: { preventDefault: () => void }) => event.preventDefault();

function BlockContent({ block, index }: { block: Block; index: number | undefined }) {
  const { editable } = useContext(StaticBlocksContext);
  const props = propsOf(block);
  const attributes = propAttributes(props);
  if (index !== undefined) attributes['data-index'] = String(index);
  const content = block['content'];
  const inline = (Tag: 'p' | 'blockquote') => (
    <Tag className="bn-inline-content">{renderInline(content)}</Tag>
  );
  if (fileBlockTypes.has(block.type)) return <FileContent block={block} attributes={attributes} />;
  switch (block.type) {
    case 'callout':
      return <CalloutContent block={block} />;
    case 'codeBlock':
      return <CodeContent block={block} attributes={attributes} />;
    case 'table':
      return <TableContent block={block} attributes={attributes} />;
    case 'divider':
      return (
        <div
          className="bn-block-content"
          data-content-type="divider"
          {...attributes}
          contentEditable={false}
        >
          <hr />
        </div>
      );
    default:
      break;
  }
  let body: ReactNode;
  switch (block.type) {
    case 'heading':
      body = <HeadingContent block={block} />;
      break;
    case 'quote':
      body = inline('blockquote');
      break;
    case 'checkListItem':
      body = (
        <>
          <div contentEditable={false}>
            <input
              type="checkbox"
              checked={props['checked'] === true}
              disabled={!editable}
              readOnly
              onClick={editable ? inert : undefined}
            />
          </div>
          {inline('p')}
        </>
      );
      break;
    case 'toggleListItem':
      body = <ToggleWrapper blockId={block.id}>{inline('p')}</ToggleWrapper>;
      break;
    default:
      // paragraph, list items, and any block type this rendering does not know: its text
      body = content === undefined ? null : inline('p');
  }
  return (
    <div className="bn-block-content" data-content-type={block.type} {...attributes}>
      {body}
    </div>
  );
}

function StaticBlock({ block, index }: { block: Block; index: number | undefined }) {
  const children = childrenOf(block);
  return (
    <div className="bn-block-outer" data-node-type="blockOuter" data-id={block.id}>
      <div className="bn-block" data-node-type="blockContainer" data-id={block.id}>
        <BlockContent block={block} index={index} />
        {children.length > 0 ? <StaticBlockGroup blocks={children} /> : null}
      </div>
    </div>
  );
}

/** A list of sibling blocks (the document, or a block's children). */
export function StaticBlockGroup({ blocks }: { blocks: Block[] }) {
  const indexes = numberedIndexes(blocks);
  return (
    <div className="bn-block-group" data-node-type="blockGroup">
      {blocks.map((block, position) => (
        <StaticBlock key={block.id} block={block} index={indexes[position]} />
      ))}
    </div>
  );
}
