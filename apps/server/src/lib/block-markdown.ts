// BlockNote block JSON ↔ Markdown (CommonMark + GFM tables, task lists, strikethrough), the one
// converter of the product: export, import and the MCP view of a page as Markdown use it.
//
// Not @blocknote/core's blocksToMarkdownLossy / tryParseMarkdownToBlocks: those need an editor
// instance and a DOM (ProseMirror schema, rehype over HTML), which the server does not have. The
// page JSON is simple enough to walk directly; the Markdown side is mdast (micromark's parser and
// mdast-util-to-markdown), so escaping and parsing are a real parser's, not regular expressions.
//
// Lossy (documented in docs/decisions/transfer.md): colours, alignment, underline, column widths,
// merged cells, callout tones (a callout becomes a quote), toggles (a list item), nested children
// of paragraphs (written after them), images' widths; raw HTML in Markdown becomes its text.
import { randomUUID } from 'node:crypto';
import type {
  BlockContent,
  List,
  ListItem,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type { Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import type { Block } from '@library/contract';
import { isRecord } from './block-text.js';

/** How links and file URLs change on the way out (export: files/…, relative .md paths). */
export interface MarkdownOutOptions {
  /** a link's href as written; unchanged when absent */
  href?: (href: string) => string;
  /** an image's or file's URL as written (e.g. `/v3/space/file/{id}` → `files/a.png`) */
  fileUrl?: (url: string, name: string) => string;
}

/** How links and images change on the way in (import: other imported pages, stored files). */
export interface MarkdownInOptions {
  href?: (href: string) => string;
  /** an image's URL → the block's URL, or null to keep it as a link (and report it) */
  imageUrl?: (url: string) => string | null;
  /** a link standing alone in a paragraph → a file block's URL when it names a stored file */
  fileUrl?: (url: string) => string | null;
  /** told about what could not be converted faithfully */
  lost?: (what: string) => void;
}

type Json = Record<string, unknown>;

// --- blocks → Markdown ------------------------------------------------------------------------

type Styles = Record<string, unknown>;

function phrasingOf(content: unknown, options: MarkdownOutOptions): PhrasingContent[] {
  if (typeof content === 'string') return [{ type: 'text', value: content }];
  if (!Array.isArray(content)) return [];
  const out: PhrasingContent[] = [];
  for (const item of content) {
    if (typeof item === 'string') {
      out.push({ type: 'text', value: item });
    } else if (isRecord(item) && item.type === 'link') {
      const href = typeof item.href === 'string' ? item.href : '';
      out.push({
        type: 'link',
        url: options.href ? options.href(href) : href,
        children: phrasingOf(item.content, options),
      });
    } else if (isRecord(item) && typeof item.text === 'string') {
      out.push(styled(item.text, isRecord(item.styles) ? item.styles : {}));
    }
  }
  return out;
}

function styled(text: string, styles: Styles): PhrasingContent {
  if (styles.code === true) return { type: 'inlineCode', value: text };
  let node: PhrasingContent = { type: 'text', value: text };
  // Markdown cannot wrap leading or trailing spaces in emphasis: keep them outside
  if (text.trim() === '') return node;
  if (styles.strike === true) node = { type: 'delete', children: [node] };
  if (styles.italic === true) node = { type: 'emphasis', children: [node] };
  if (styles.bold === true) node = { type: 'strong', children: [node] };
  return node;
}

const listKind = (type: string) =>
  type === 'bulletListItem' || type === 'toggleListItem'
    ? 'bullet'
    : type === 'numberedListItem'
      ? 'numbered'
      : type === 'checkListItem'
        ? 'check'
        : null;

function blocksToMdast(blocks: unknown[], options: MarkdownOutOptions): RootContent[] {
  const out: RootContent[] = [];
  let list: List | null = null;
  let listType: string | null = null;
  for (const block of blocks) {
    if (!isRecord(block) || typeof block.type !== 'string') continue;
    const kind = listKind(block.type);
    if (kind) {
      if (!list || listType !== kind) {
        const start = isRecord(block.props) ? Number(block.props.start) : NaN;
        list = {
          type: 'list',
          ordered: kind === 'numbered',
          spread: false,
          ...(kind === 'numbered' && Number.isInteger(start) && start > 0 ? { start } : {}),
          children: [],
        };
        listType = kind;
        out.push(list);
      }
      const item: ListItem = {
        type: 'listItem',
        spread: false,
        ...(kind === 'check'
          ? { checked: isRecord(block.props) && block.props.checked === true }
          : {}),
        children: [
          { type: 'paragraph', children: phrasingOf(block.content, options) },
          ...(blocksToMdast(childrenOf(block), options) as BlockContent[]),
        ],
      };
      list.children.push(item);
      continue;
    }
    list = null;
    listType = null;
    out.push(...blockToMdast(block, options));
    out.push(...blocksToMdast(childrenOf(block), options));
  }
  return out;
}

const childrenOf = (block: Json): unknown[] =>
  Array.isArray(block.children) ? block.children : [];

function prop(block: Json, name: string): string {
  const value = isRecord(block.props) ? block.props[name] : undefined;
  return typeof value === 'string' ? value : '';
}

function blockToMdast(block: Json, options: MarkdownOutOptions): RootContent[] {
  const content = () => phrasingOf(block.content, options);
  switch (block.type) {
    case 'heading': {
      const level = isRecord(block.props) ? Number(block.props.level) : 1;
      const depth = (Number.isInteger(level) ? Math.min(Math.max(level, 1), 6) : 1) as 1;
      return [{ type: 'heading', depth, children: content() }];
    }
    case 'quote':
    case 'callout':
      return [{ type: 'blockquote', children: [{ type: 'paragraph', children: content() }] }];
    case 'codeBlock': {
      const language = prop(block, 'language');
      return [
        {
          type: 'code',
          lang: language && language !== 'text' ? language : null,
          value: plainOf(block.content),
        },
      ];
    }
    case 'divider':
      return [{ type: 'thematicBreak' }];
    case 'table':
      return [tableToMdast(block.content, options)];
    case 'image': {
      const url = prop(block, 'url');
      if (!url) return [];
      const name = prop(block, 'name');
      const caption = prop(block, 'caption');
      const written = options.fileUrl ? options.fileUrl(url, name) : url;
      return [
        {
          type: 'paragraph',
          children: [{ type: 'image', url: written, alt: caption || name || null }],
        },
      ];
    }
    case 'file':
    case 'video':
    case 'audio': {
      const url = prop(block, 'url');
      if (!url) return [];
      const name = prop(block, 'name') || url;
      const written = options.fileUrl ? options.fileUrl(url, name) : url;
      return [
        {
          type: 'paragraph',
          children: [{ type: 'link', url: written, children: [{ type: 'text', value: name }] }],
        },
      ];
    }
    default: {
      const children = content();
      return children.length > 0 ? [{ type: 'paragraph', children }] : [];
    }
  }
}

function plainOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item) =>
      typeof item === 'string'
        ? item
        : isRecord(item)
          ? typeof item.text === 'string'
            ? item.text
            : plainOf(item.content)
          : '',
    )
    .join('');
}

function tableToMdast(content: unknown, options: MarkdownOutOptions): Table {
  const rows = isRecord(content) && Array.isArray(content.rows) ? content.rows : [];
  const cellRows = rows.map((row) =>
    isRecord(row) && Array.isArray(row.cells) ? (row.cells as unknown[]) : [],
  );
  const width = Math.max(1, ...cellRows.map((cells) => cells.length));
  const tableRows: TableRow[] = cellRows.map((cells) => ({
    type: 'tableRow',
    children: Array.from({ length: width }, (_, index): TableCell => ({
      type: 'tableCell',
      children: cellPhrasing(cells[index], options),
    })),
  }));
  if (tableRows.length === 0) {
    tableRows.push({ type: 'tableRow', children: [{ type: 'tableCell', children: [] }] });
  }
  return { type: 'table', align: Array.from({ length: width }, () => null), children: tableRows };
}

function cellPhrasing(cell: unknown, options: MarkdownOutOptions): PhrasingContent[] {
  const content = isRecord(cell) && cell.type === 'tableCell' ? cell.content : cell;
  // a line break inside a table cell would end the row
  return phrasingOf(content, options).map((node) =>
    node.type === 'text' ? { ...node, value: node.value.replace(/\n/g, ' ') } : node,
  );
}

/** A page's blocks as Markdown (GFM), ending with one newline. */
export function blocksToMarkdown(blocks: unknown[], options: MarkdownOutOptions = {}): string {
  const root: Root = { type: 'root', children: blocksToMdast(blocks, options) };
  return toMarkdown(root, {
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    bullet: '-',
    listItemIndent: 'one',
    rule: '-',
    fences: true,
  });
}

// --- Markdown → blocks ------------------------------------------------------------------------

interface InlineText {
  type: 'text';
  text: string;
  styles: Styles;
}
interface InlineLink {
  type: 'link';
  href: string;
  content: InlineText[];
}
type Inline = InlineText | InlineLink;

const newBlock = (type: string, props: Json, content: unknown, children: Block[] = []): Block => ({
  id: randomUUID(),
  type,
  props,
  content,
  children,
});

class MdastReader {
  constructor(private readonly options: MarkdownInOptions) {}

  private lost(what: string) {
    this.options.lost?.(what);
  }

  inline(nodes: PhrasingContent[], styles: Styles = {}): Inline[] {
    const out: Inline[] = [];
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          out.push({ type: 'text', text: node.value, styles });
          break;
        case 'inlineCode':
          out.push({ type: 'text', text: node.value, styles: { ...styles, code: true } });
          break;
        case 'strong':
          out.push(...this.inline(node.children, { ...styles, bold: true }));
          break;
        case 'emphasis':
          out.push(...this.inline(node.children, { ...styles, italic: true }));
          break;
        case 'delete':
          out.push(...this.inline(node.children, { ...styles, strike: true }));
          break;
        case 'break':
          out.push({ type: 'text', text: '\n', styles });
          break;
        case 'link': {
          const href = this.options.href ? this.options.href(node.url) : node.url;
          const content = this.inline(node.children, styles).flatMap((item) =>
            item.type === 'text' ? [item] : item.content,
          );
          out.push({ type: 'link', href, content });
          break;
        }
        case 'image':
          // an image inside a line of text: kept as a link to it (images stand alone as blocks)
          out.push({
            type: 'link',
            href: this.options.imageUrl?.(node.url) ?? node.url,
            content: [{ type: 'text', text: node.alt || node.url, styles }],
          });
          break;
        case 'html':
          this.lost('inline HTML');
          out.push({ type: 'text', text: node.value, styles });
          break;
        default:
          if ('value' in node && typeof node.value === 'string') {
            out.push({ type: 'text', text: node.value, styles });
          } else if ('children' in node) {
            out.push(...this.inline(node.children as PhrasingContent[], styles));
          }
      }
    }
    return merge(out);
  }

  /** A paragraph: its text, with stand-alone images as image blocks of their own. */
  paragraph(children: PhrasingContent[]): Block[] {
    const only = children.length === 1 ? children[0] : undefined;
    const fileUrl = only?.type === 'link' ? this.options.fileUrl?.(only.url) : null;
    if (only?.type === 'link' && fileUrl) {
      const name = this.inline(only.children)
        .map((item) => (item.type === 'text' ? item.text : ''))
        .join('');
      return [newBlock('file', { url: fileUrl, name }, undefined)];
    }
    const blocks: Block[] = [];
    let run: PhrasingContent[] = [];
    const flush = () => {
      const content = trimEnds(this.inline(run));
      if (content.some((item) => item.type === 'link' || item.text.trim() !== '')) {
        blocks.push(newBlock('paragraph', {}, content));
      }
      run = [];
    };
    for (const node of children) {
      if (node.type === 'image') {
        const url = this.options.imageUrl ? this.options.imageUrl(node.url) : node.url;
        if (url === null) {
          run.push(node);
          continue;
        }
        flush();
        blocks.push(
          newBlock('image', { url, name: node.alt ?? '', caption: node.alt ?? '' }, undefined),
        );
      } else {
        run.push(node);
      }
    }
    flush();
    return blocks;
  }

  blocks(nodes: RootContent[]): Block[] {
    return nodes.flatMap((node) => this.block(node));
  }

  block(node: RootContent): Block[] {
    switch (node.type) {
      case 'heading':
        return [newBlock('heading', { level: node.depth }, this.inline(node.children))];
      case 'paragraph':
        return this.paragraph(node.children);
      case 'list':
        return this.list(node);
      case 'blockquote': {
        const content: Inline[] = [];
        const rest: Block[] = [];
        for (const child of node.children) {
          if (child.type === 'paragraph' && rest.length === 0) {
            if (content.length > 0) content.push({ type: 'text', text: '\n', styles: {} });
            content.push(...this.inline(child.children));
          } else {
            rest.push(...this.block(child));
          }
        }
        return [newBlock('quote', {}, merge(content)), ...rest];
      }
      case 'code':
        return [
          newBlock(
            'codeBlock',
            { language: node.lang ?? 'text' },
            node.value ? [{ type: 'text', text: node.value, styles: {} }] : [],
          ),
        ];
      case 'thematicBreak':
        return [newBlock('divider', {}, undefined)];
      case 'table':
        return [this.table(node)];
      case 'html': {
        this.lost('HTML block');
        const text = node.value.replace(/<[^>]*>/g, '').trim();
        return text ? [newBlock('paragraph', {}, [{ type: 'text', text, styles: {} }])] : [];
      }
      case 'definition':
        return [];
      default:
        this.lost(node.type);
        return 'children' in node ? this.blocks(node.children as RootContent[]) : [];
    }
  }

  list(node: List): Block[] {
    const out: Block[] = [];
    node.children.forEach((item, index) => {
      const type =
        typeof item.checked === 'boolean'
          ? 'checkListItem'
          : node.ordered
            ? 'numberedListItem'
            : 'bulletListItem';
      const props: Json = {};
      if (type === 'checkListItem') props.checked = item.checked === true;
      if (type === 'numberedListItem' && index === 0 && node.start && node.start !== 1) {
        props.start = node.start;
      }
      const [first, ...rest] = item.children;
      let content: Inline[] = [];
      const children: Block[] = [];
      if (first?.type === 'paragraph') {
        const [head, ...more] = this.paragraph(first.children);
        if (head?.type === 'paragraph') content = head.content as Inline[];
        else if (head) children.push(head);
        children.push(...more);
      } else if (first) {
        children.push(...this.block(first));
      }
      for (const child of rest) children.push(...this.block(child));
      out.push(newBlock(type, props, content, children));
    });
    return out;
  }

  table(node: Table): Block {
    // HTML tables without a header row come from hast-util-to-mdast with an empty one added
    const [head, ...rest] = node.children;
    const empty = head?.children.every((cell) => toString(cell).trim() === '');
    const rows = empty && rest.length > 0 ? rest : node.children;
    const width = Math.max(1, rows[0]?.children.length ?? 0);
    return newBlock(
      'table',
      {},
      {
        type: 'tableContent',
        columnWidths: Array.from({ length: width }, () => null),
        headerRows: 1,
        // as GFM reads a table: as wide as its first row, short rows filled with empty cells
        rows: rows.map((row) => ({
          cells: Array.from({ length: width }, (_, index) => ({
            type: 'tableCell',
            props: {},
            content: this.inline(row.children[index]?.children ?? []),
          })),
        })),
      },
    );
  }
}

/** Without the spaces a paragraph split around an image leaves at its ends. */
function trimEnds(items: Inline[]): Inline[] {
  const out = [...items];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, text: first.text.trimStart() };
  const last = out.at(-1);
  if (last?.type === 'text') out[out.length - 1] = { ...last, text: last.text.trimEnd() };
  return out.filter((item) => item.type === 'link' || item.text !== '');
}

/** Joins neighbouring text runs of the same styles. */
function merge(items: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (
      item.type === 'text' &&
      last?.type === 'text' &&
      JSON.stringify(last.styles) === JSON.stringify(item.styles)
    ) {
      last.text += item.text;
    } else {
      out.push(item.type === 'text' ? { ...item } : item);
    }
  }
  return out;
}

/** Markdown (GFM) as a page's blocks, each with a new id. */
export function markdownToBlocks(markdown: string, options: MarkdownInOptions = {}): Block[] {
  const root = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  return new MdastReader(options).blocks(root.children);
}

/**
 * HTML (a saved web page, or Word converted by mammoth) as a page's blocks: the HTML's tree goes
 * to mdast (hast-util-to-mdast: tables, lists, code, images, links) and on like Markdown; scripts,
 * styles and unknown elements are dropped to their text.
 */
/** HTML (or its parsed tree) as blocks. */
export function htmlToBlocks(html: string | HastRoot, options: MarkdownInOptions = {}): Block[] {
  const root = toMdast(typeof html === 'string' ? fromHtml(html) : html) as Root;
  return new MdastReader(options).blocks(root.children);
}

/** The first level-1 heading's text of Markdown, if it starts with one (an imported title). */
export function leadingTitle(blocks: Block[]): string | null {
  const first = blocks[0];
  if (!first || first.type !== 'heading' || !isRecord(first.props) || first.props.level !== 1) {
    return null;
  }
  const text = (first.content as Inline[])
    .map((item) => (item.type === 'text' ? item.text : item.content.map((c) => c.text).join('')))
    .join('')
    .trim();
  return text || null;
}
