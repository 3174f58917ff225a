// Cuts a page (BlockNote JSON blocks) or a file's text into retrieval chunks along block and
// heading boundaries: a heading starts a new section; paragraphs are packed sentence by sentence
// into chunks of about `chunkChars` characters; the last short sentence of a chunk is repeated at
// the start of the next one, so an answer spanning the cut is still found whole; a section's last
// few sentences join the chunk before them rather than make a chunk of their own (measured on
// CMRC 2018 and DRCD, docs/performance.md 'AI' and 'AI across scripts').
import crypto from 'node:crypto';
import { blockSegments, type Segment } from '../../lib/block-text.js';
import { termFormat } from '../../infra/search/tokenizer.js';
import { passageTermsFormat } from './passage-terms.js';

/** 400 (200 before): the right page's answer is more often in its best chunk, and
 *  the index is a sixth smaller (docs/decisions/ai.md 'Chunks') */
export const chunkChars = 400;
/** a sentence shorter than this is repeated at the start of the next chunk */
const overlapMaxChars = chunkChars / 2;
/** a section's tail with less new text than this (past the repeated sentence) joins the chunk
 *  before it, which may so reach 1¼ chunks (docs/decisions/ai.md, "the section's tail") */
const tailChars = chunkChars / 4;
/** a sentence longer than this is cut at a comma (or hard) into pieces of about a chunk */
const longSentenceChars = chunkChars * 2;

export interface Chunk {
  ordinal: number;
  blockIds: string[];
  /** where each block's text starts in `text` (parallel to blockIds): a reference cites the
   *  block of the sentence that answers, not just the chunk's first block */
  blockStarts: number[];
  headingPath: string;
  text: string;
  hash: string;
}

type Json = unknown;

/** An English sentence's end: a full stop and the space after it, before a capital (or a quote
 *  or bracket and a capital) — not after an initial ("S.G. Tallentyre") or a title (Mr., Dr.). */
const englishSentenceEnd =
  /(?<![A-Z]|\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|No|vs|etc|e\.g|i\.e))\.\s+(?=["“'‘(]?[A-Z])/g;

/** A text cut after each English sentence's end (the space after it kept with the sentence). */
function englishSentences(text: string): string[] {
  const result: string[] = [];
  let from = 0;
  for (const end of text.matchAll(englishSentenceEnd)) {
    result.push(text.slice(from, end.index + end[0].length));
    from = end.index + end[0].length;
  }
  if (from < text.length) result.push(text.slice(from));
  return result;
}

/** Sentences with their closing punctuation (Chinese or Latin: 。！？!? and an English full stop
 *  before a capital); a sentence longer than a chunk is cut at commas. */
export function sentences(text: string): string[] {
  const parts = (text.match(/[^。！？!?\n]+[。！？!?\n]*|[\n]+/g) ?? []).flatMap(englishSentences);
  const result: string[] = [];
  for (const part of parts) {
    if (!part.trim()) continue;
    if (part.length <= longSentenceChars) {
      result.push(part);
      continue;
    }
    let rest = part;
    while (rest.length > longSentenceChars) {
      const window = rest.slice(0, chunkChars);
      const cut = Math.max(
        window.lastIndexOf('，'),
        window.lastIndexOf('；'),
        window.lastIndexOf(', '),
      );
      const at = cut > chunkChars / 3 ? cut + 1 : chunkChars;
      result.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
    if (rest.trim()) result.push(rest);
  }
  return result;
}

function hashOf(...parts: string[]): string {
  return crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

function textLength(pieces: ReadonlyArray<{ text: string }>): number {
  return pieces.reduce((sum, piece) => sum + piece.text.length, 0);
}

/** Chunks of a sequence of segments (a page's blocks, or a file's lines). */
export function chunkSegments(title: string, segments: Segment[]): Chunk[] {
  const chunks: Chunk[] = [];
  const headings: string[] = [];
  let pieces: Array<{ blockId: string | null; text: string }> = [];
  /** the last chunk's pieces while its section goes on, and how many of `pieces` repeat it */
  let previous: typeof pieces | null = null;
  let repeated = 0;

  const flush = (carryOver: boolean) => {
    if (pieces.length === 0) return;
    const fresh = pieces.slice(repeated);
    if (!carryOver && previous && textLength(fresh) < tailChars) {
      // the section's short tail: the chunk before takes it instead of a chunk that would be
      // mostly its repeated sentence
      chunks.pop();
      pieces = [...previous, ...fresh];
    }
    previous = carryOver ? pieces : null;
    const joined = pieces.map((piece) => piece.text).join('');
    const text = joined.trim();
    const lead = joined.length - joined.trimStart().length;
    const headingPath = headings.filter(Boolean).join(' / ');
    const blockIds: string[] = [];
    const blockStarts: number[] = [];
    let at = 0;
    for (const piece of pieces) {
      if (piece.blockId !== null && !blockIds.includes(piece.blockId)) {
        blockIds.push(piece.blockId);
        blockStarts.push(Math.max(0, at - lead));
      }
      at += piece.text.length;
    }
    if (text) {
      chunks.push({
        ordinal: chunks.length,
        blockIds,
        blockStarts,
        headingPath,
        text,
        // the term format too: a chunk whose terms are made differently now is indexed again
        hash: hashOf(
          `terms:${termFormat()}.${passageTermsFormat}`,
          title,
          headingPath,
          text,
          blockIds.join(','),
          blockStarts.join(','),
        ),
      });
    }
    const last = pieces.at(-1);
    pieces = carryOver && last && last.text.length < overlapMaxChars ? [last] : [];
    repeated = pieces.length;
  };

  for (const segment of segments) {
    if (segment.heading !== null) {
      flush(false);
      const level = Math.min(Math.max(segment.heading, 1), 6);
      headings.length = level - 1;
      headings[level - 1] = segment.text.slice(0, 100);
      continue;
    }
    for (const sentence of sentences(segment.text)) {
      if (pieces.length > 0 && textLength(pieces) + sentence.length > chunkChars) flush(true);
      pieces.push({ blockId: segment.blockId, text: sentence });
    }
    // A block ends a sentence even without punctuation.
    const last = pieces.at(-1);
    if (last && !/[。！？!?\n]$/.test(last.text)) last.text += '\n';
  }
  flush(false);
  return chunks;
}

/** Chunks of a page's blocks. */
export function chunkPage(title: string, blocks: readonly Json[]): Chunk[] {
  return chunkSegments(title, blockSegments(blocks));
}

/** Chunks of a file's extracted text (paragraphs as segments, no block ids). */
export function chunkText(title: string, text: string): Chunk[] {
  const segments = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ blockId: null, heading: null, text: paragraph }));
  return chunkSegments(title, segments);
}
