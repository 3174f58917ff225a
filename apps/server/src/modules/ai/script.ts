// The script conversions of AI writing, offline with OpenCC: Simplified → Traditional with
// Taiwan phrasing (s2twp), or Hong Kong's; either Traditional → Simplified with mainland
// phrasing. Only the text of the blocks changes; ids, links, mentions and media stay.
import * as OpenCC from 'opencc-js';
import type { Block } from '@library/contract';

export type ScriptTarget = 'tw' | 'hk' | 'cn';

/** `toTraditional` goes to Taiwan unless the instruction asks for Hong Kong (`hk`). */
export function scriptTargetOf(
  action: 'toTraditional' | 'toSimplified',
  instruction?: string,
): ScriptTarget {
  if (action === 'toSimplified') return 'cn';
  return instruction?.trim().toLowerCase() === 'hk' ? 'hk' : 'tw';
}

type Convert = (text: string) => string;
const converters = new Map<ScriptTarget, Convert>();

function converterOf(target: ScriptTarget): Convert {
  const known = converters.get(target);
  if (known) return known;
  const made: Convert =
    target === 'cn'
      ? // from Taiwan's phrasing (and plain Traditional) to the mainland's
        OpenCC.Converter({ from: 'twp', to: 'cn' })
      : OpenCC.Converter({ from: 'cn', to: target === 'hk' ? 'hk' : 'twp' });
  converters.set(target, made);
  return made;
}

function convertValue(value: unknown, convert: (text: string) => string, key?: string): unknown {
  if (typeof value === 'string') return key === 'text' ? convert(value) : value;
  if (Array.isArray(value)) return value.map((item) => convertValue(item, convert));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    // props (urls, ids, colours) and hrefs are not text
    out[name] = name === 'props' || name === 'href' ? item : convertValue(item, convert, name);
  }
  return out;
}

/** The blocks with their text converted; same ids and structure. */
export function convertBlocks(blocks: readonly Block[], target: ScriptTarget): Block[] {
  const convert = converterOf(target);
  return blocks.map((block) => convertValue(block, convert) as Block);
}
