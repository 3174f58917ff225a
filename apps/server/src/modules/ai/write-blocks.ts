// AI writing's way between blocks and the model: the selection goes out as Markdown (the one
// converter, lib/block-markdown.ts) with each mention as a placeholder token the prompt tells the
// model to keep; the answer comes back through the same converter, its tokens turned back into
// mentions, and is then checked against the selection so that no link, mention, image or file of
// it is lost (what the model dropped is put back at the end). Malformed Markdown still gives
// readable blocks: the converter is a real parser and never throws on text.
import { randomUUID } from 'node:crypto';
import { pageMentionType, type Block } from '@library/contract';
import { blocksToMarkdown, markdownToBlocks } from '../../lib/block-markdown.js';
import { isRecord } from '../../lib/block-text.js';

type Json = Record<string, unknown>;

/** `{{@123}}` stands for the mention of user 123 while the text is with the model. */
export const mentionToken = (userId: string) => `{{@${userId}}}`;
const tokenPattern = /\{\{@(\d{1,18})\}\}/g;

const mediaTypes = new Set(['image', 'file', 'video', 'audio']);

/** What of the writer's content must survive an answer: its links, mentions and media blocks. */
export interface Keepers {
  /** href → the link's text */
  links: Map<string, string>;
  mentions: Set<string>;
  /** url → the media block as it was */
  media: Map<string, Block>;
}

const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content
        .map((item) => (isRecord(item) && typeof item.text === 'string' ? item.text : ''))
        .join('')
    : '';

/** Calls `visit` for every inline item of the blocks (text, tables' cells, children). */
function eachInline(blocks: readonly unknown[], visit: (item: Json) => void) {
  const inline = (content: unknown) => {
    if (!Array.isArray(content)) return;
    for (const item of content) if (isRecord(item)) visit(item);
  };
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    const content = block.content;
    if (Array.isArray(content)) inline(content);
    else if (isRecord(content) && Array.isArray(content.rows)) {
      for (const row of content.rows) {
        if (!isRecord(row) || !Array.isArray(row.cells)) continue;
        for (const cell of row.cells) inline(isRecord(cell) ? cell.content : cell);
      }
    }
    if (Array.isArray(block.children)) eachInline(block.children, visit);
  }
}

function eachBlock(blocks: readonly unknown[], visit: (block: Json) => void) {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    visit(block);
    if (Array.isArray(block.children)) eachBlock(block.children, visit);
  }
}

export function keepersOf(blocks: readonly Block[]): Keepers {
  const keepers: Keepers = { links: new Map(), mentions: new Set(), media: new Map() };
  eachInline(blocks, (item) => {
    if (item.type === 'link' && typeof item.href === 'string' && item.href !== '') {
      if (!keepers.links.has(item.href)) keepers.links.set(item.href, textOf(item.content));
    } else if (item.type === pageMentionType && isRecord(item.props)) {
      const userId = item.props.userId;
      if (typeof userId === 'string' && /^\d{1,18}$/.test(userId)) keepers.mentions.add(userId);
    }
  });
  eachBlock(blocks, (block) => {
    const url = isRecord(block.props) ? block.props.url : undefined;
    if (mediaTypes.has(String(block.type)) && typeof url === 'string' && url !== '') {
      if (!keepers.media.has(url)) keepers.media.set(url, block as Block);
    }
  });
  return keepers;
}

/** A copy of the blocks with every mention written as its token (Markdown has no mentions). */
function tokenizeMentions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tokenizeMentions);
  if (!isRecord(value)) return value;
  if (value.type === pageMentionType) {
    const userId = isRecord(value.props) ? value.props.userId : undefined;
    return typeof userId === 'string'
      ? { type: 'text', text: mentionToken(userId), styles: {} }
      : { type: 'text', text: '', styles: {} };
  }
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === 'props' ? item : tokenizeMentions(item);
  }
  return out;
}

/** The blocks as Markdown for a prompt: links `[text](url)`, images `![alt](url)`, mentions as tokens. */
export function blocksForPrompt(blocks: readonly Block[]): string {
  return blocksToMarkdown(tokenizeMentions(blocks) as unknown[]).trim();
}

/** Inline items with the tokens of known people turned back into mentions. */
function restoreInline(content: unknown[], people: ReadonlySet<string>): unknown[] {
  const out: unknown[] = [];
  for (const item of content) {
    if (!isRecord(item) || item.type !== 'text' || typeof item.text !== 'string') {
      out.push(item);
      continue;
    }
    let at = 0;
    for (const match of item.text.matchAll(tokenPattern)) {
      const userId = match[1] ?? '';
      if (!people.has(userId)) continue;
      const before = item.text.slice(at, match.index);
      if (before) out.push({ ...item, text: before });
      out.push({ type: pageMentionType, props: { userId } });
      at = match.index + match[0].length;
    }
    const rest = item.text.slice(at);
    if (rest || at === 0) out.push(at === 0 ? item : { ...item, text: rest });
  }
  return out;
}

function restoreMentions(blocks: Block[], people: ReadonlySet<string>) {
  eachBlock(blocks, (block) => {
    const content = block.content;
    if (Array.isArray(content)) block.content = restoreInline(content, people);
    else if (isRecord(content) && Array.isArray(content.rows)) {
      for (const row of content.rows) {
        if (!isRecord(row) || !Array.isArray(row.cells)) continue;
        for (const cell of row.cells) {
          if (isRecord(cell) && Array.isArray(cell.content)) {
            cell.content = restoreInline(cell.content, people);
          }
        }
      }
    }
  });
}

/**
 * Answers often come wrapped in a ```markdown fence (closed or not): the content is the answer.
 * A fence of another language is code the writer asked for and stays.
 */
export function unwrapMarkdownFence(answer: string): string {
  const match = /^\s*(`{3,}|~{3,})\s*(markdown|md)\s*\n([\s\S]*)$/i.exec(answer);
  if (!match) return answer;
  const fence = match[1] ?? '```';
  const body = match[3] ?? '';
  const closing = body.lastIndexOf(fence);
  return closing >= 0 && body.slice(closing + fence.length).trim() === ''
    ? body.slice(0, closing)
    : body;
}

export interface AnswerBlocksOptions {
  /** what of the selection must be in the blocks (for actions that replace the selection) */
  keep?: Keepers;
  /** links and media the answer may carry (the selection's and the context's) */
  known: Keepers;
}

/** A link the model may write: one the writer had, or a path of this site. */
function allowedHref(href: string, known: Keepers) {
  return known.links.has(href) || known.media.has(href) || isOwnPath(href);
}

const here = 'https://library.invalid';

/**
 * A path of this site, as a browser reads it: '//host' and '/\host' (browsers take a backslash
 * for a slash) go to another host, so only what resolves to our own origin counts.
 */
function isOwnPath(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!/^\/(?![/\\])/.test(href) || /[\\\u0000-\u001f]/.test(href)) return false;
  try {
    return new URL(href, here).origin === here;
  } catch {
    return false;
  }
}

/**
 * The model's Markdown as blocks with fresh ids: mentions restored, links and images the writer
 * never had turned into their text, the selection's media blocks as they were, and whatever of
 * `keep` the answer dropped appended (links and mentions in a last paragraph, media as blocks).
 */
export function answerToBlocks(answer: string, options: AnswerBlocksOptions): Block[] {
  const { known } = options;
  const markdown = unwrapMarkdownFence(answer);
  const blocks = markdownToBlocks(markdown, {
    // a link standing alone to one of the writer's files comes back as that file block
    fileUrl: (url) => (known.media.has(url) ? url : null),
  });
  const people = new Set([...known.mentions, ...(options.keep?.mentions ?? [])]);
  restoreMentions(blocks, people);
  const out = guardBlocks(blocks, known);

  const keep = options.keep;
  if (keep) {
    const found = keepersOf(out);
    const missingMedia = [...keep.media.entries()].filter(([url]) => !found.media.has(url));
    const missingLinks = [...keep.links.entries()].filter(([href]) => !found.links.has(href));
    const missingPeople = [...keep.mentions].filter((userId) => !found.mentions.has(userId));
    const inline: unknown[] = [];
    for (const [href, text] of missingLinks) {
      if (inline.length > 0) inline.push({ type: 'text', text: ' ', styles: {} });
      inline.push({
        type: 'link',
        href,
        content: [{ type: 'text', text: text || href, styles: {} }],
      });
    }
    for (const userId of missingPeople) {
      if (inline.length > 0) inline.push({ type: 'text', text: ' ', styles: {} });
      inline.push({ type: pageMentionType, props: { userId } });
    }
    if (inline.length > 0) out.push(newBlock('paragraph', {}, inline));
    for (const [, block] of missingMedia) out.push(copyBlock(block));
  }
  // nothing readable came back: one empty paragraph, never an empty answer the editor cannot show
  if (out.length === 0) out.push(newBlock('paragraph', {}, []));
  return out;
}

/** Text as plain paragraphs, one per blank-line-separated part (when Markdown cannot be read). */
export function plainParagraphs(text: string): Block[] {
  const parts = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return [newBlock('paragraph', {}, [])];
  return parts.map((part) => newBlock('paragraph', {}, [{ type: 'text', text: part, styles: {} }]));
}

function newBlock(type: string, props: Json, content: unknown): Block {
  return { id: randomUUID(), type, props, content, children: [] };
}

function copyBlock(block: Block): Block {
  return { ...structuredClone(block), id: randomUUID(), children: [] };
}

/**
 * Links to places the writer never linked become their text; images and file links the model
 * made up become their text too (an image from another host is a tracking pixel in a preview);
 * the writer's own media come back as the blocks they were.
 */
function guardBlocks(blocks: Block[], known: Keepers): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const url = isRecord(block.props) ? block.props.url : undefined;
    if (mediaTypes.has(block.type) && typeof url === 'string') {
      const original = known.media.get(url);
      if (original) out.push(copyBlock(original));
      else {
        const name = isRecord(block.props) ? String(block.props.name ?? '') : '';
        if (name.trim())
          out.push(newBlock('paragraph', {}, [{ type: 'text', text: name, styles: {} }]));
      }
      continue;
    }
    const guarded: Block = { ...block };
    if (Array.isArray(block.content)) guarded.content = guardInline(block.content, known);
    else if (isRecord(block.content) && Array.isArray(block.content.rows)) {
      guarded.content = {
        ...block.content,
        rows: block.content.rows.map((row) =>
          isRecord(row) && Array.isArray(row.cells)
            ? {
                ...row,
                cells: row.cells.map((cell) =>
                  isRecord(cell) && Array.isArray(cell.content)
                    ? { ...cell, content: guardInline(cell.content, known) }
                    : cell,
                ),
              }
            : row,
        ),
      };
    }
    if (Array.isArray(block.children))
      guarded.children = guardBlocks(block.children as Block[], known);
    out.push(guarded);
  }
  return out;
}

function guardInline(content: unknown[], known: Keepers): unknown[] {
  return content.flatMap((item) => {
    if (isRecord(item) && item.type === 'link' && typeof item.href === 'string') {
      if (allowedHref(item.href, known)) return [item];
      return Array.isArray(item.content) ? item.content : [];
    }
    return [item];
  });
}

/** Merges two sets of keepers (the selection's and its surroundings'). */
export function mergeKeepers(...all: Keepers[]): Keepers {
  const merged: Keepers = { links: new Map(), mentions: new Set(), media: new Map() };
  for (const keepers of all) {
    for (const [href, text] of keepers.links)
      if (!merged.links.has(href)) merged.links.set(href, text);
    for (const userId of keepers.mentions) merged.mentions.add(userId);
    for (const [url, block] of keepers.media)
      if (!merged.media.has(url)) merged.media.set(url, block);
  }
  return merged;
}

/** The plain text of the blocks (for deciding a translation's direction). */
export function plainTextOf(blocks: readonly Block[]): string {
  const parts: string[] = [];
  eachInline(blocks, (item) => {
    if (typeof item.text === 'string') parts.push(item.text);
    else if (item.type === 'link') parts.push(textOf(item.content));
  });
  return parts.join(' ');
}
