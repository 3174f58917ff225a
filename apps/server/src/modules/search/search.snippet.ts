// A result's snippet: about 120 characters of the text around the first matching word, in the
// author's script, HTML-escaped, with each match wrapped in <em>…</em> (the only markup; the
// format is in the contract, packages/contract/src/schemas/search.ts). Matches are found in the
// folded text (NFKC, Simplified, lower-case), so 規章 highlights where 规章 was typed.
import { foldScript } from '../../infra/search/tokenizer.js';

const snippetChars = 120;
const before = 30;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** Folded text of the same length as `text` (character by character when phrases change it). */
function foldSameLength(text: string): string {
  const lower = text.toLowerCase();
  const whole = foldScript(lower);
  if (whole.length === lower.length) return whole;
  return [...lower]
    .map((char) => {
      const folded = foldScript(char);
      return folded.length === char.length ? folded : char;
    })
    .join('');
}

/** The ranges [start, end) of `highlights` (longest first) in `text`, not overlapping. */
export function matchRanges(text: string, highlights: string[]): Array<[number, number]> {
  const folded = foldSameLength(text);
  const taken = new Uint8Array(text.length);
  const ranges: Array<[number, number]> = [];
  for (const needle of highlights) {
    if (!needle) continue;
    let at = folded.indexOf(needle);
    while (at >= 0) {
      const end = at + needle.length;
      if (!taken.subarray(at, end).some(Boolean)) {
        taken.fill(1, at, end);
        ranges.push([at, end]);
      }
      at = folded.indexOf(needle, end);
    }
  }
  return ranges.sort((x, y) => x[0] - y[0]);
}

/** Escaped text with the ranges (relative to `offset`) emphasised. */
function emphasise(text: string, offset: number, ranges: Array<[number, number]>): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    const s = start - offset;
    const e = end - offset;
    if (e <= 0 || s >= text.length) continue;
    const from = Math.max(s, at);
    out += escapeHtml(text.slice(at, from)) + '<em>' + escapeHtml(text.slice(from, e)) + '</em>';
    at = Math.min(e, text.length);
  }
  return out + escapeHtml(text.slice(at));
}

/** The snippet of `body` and, for pages, the block it is taken from. */
export function makeSnippet(
  body: string,
  blocks: Array<[string, number]>,
  highlights: string[],
): { snippet: string; blockId?: string } {
  const ranges = matchRanges(body, highlights);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - before);
  // start at the beginning of the block (a line) when it is close
  const lineStart = body.lastIndexOf('\n', first - 1) + 1;
  if (first - lineStart <= before) start = lineStart;
  const text = body.slice(start, start + snippetChars).replace(/\s+/g, ' ');
  const raw = body.slice(start, start + snippetChars);
  // whitespace runs collapse: map ranges only when nothing collapsed, else recompute on the text
  const snippet =
    raw === text
      ? emphasise(text, start, ranges)
      : emphasise(text, 0, matchRanges(text, highlights));
  let blockId: string | undefined;
  for (const [id, offset] of ranges.length > 0 ? blocks : []) {
    if (offset <= first) blockId = id;
    else break;
  }
  return {
    snippet:
      (start > 0 ? '…' : '') + snippet.trim() + (start + snippetChars < body.length ? '…' : ''),
    blockId,
  };
}
