// Chinese-aware terms for the keyword index and for queries: jieba's search-mode words (a long
// word also yields its shorter words) plus CJK character bigrams (marked with a leading '~'),
// lower-cased, without punctuation and without function/question words. Tuned on CMRC 2018
// (docs/performance.md 'AI'): bigrams catch words jieba splits differently in question and text.
// Script-neutral: Traditional text is folded to Simplified (OpenCC, Taiwan phrases
// too: 軟體 → 软件) before it is cut, in the index and in the question alike, so a question in
// one script finds passages written in the other; the stored text keeps the author's script.
import type { Jieba } from '@node-rs/jieba';
import type * as JiebaPackage from '@node-rs/jieba';
import type * as JiebaDict from '@node-rs/jieba/dict.js';
import * as OpenCC from 'opencc-js/t2cn';
import { loadWhenNeeded } from '../../lib/load-when-needed.js';

// jieba and its dictionary (~26 MB) load with the first text cut, not at start-up
const jiebaPackage = loadWhenNeeded<typeof JiebaPackage>('@node-rs/jieba');
const jiebaDict = loadWhenNeeded<typeof JiebaDict>('@node-rs/jieba/dict.js');

let jieba: Jieba | null = null;
function segmenter(): Jieba {
  jieba ??= jiebaPackage().Jieba.withDict(jiebaDict().dict);
  return jieba;
}

let folding = true;
/** Turns script folding off and on: only for the bench's before/after in one run. */
export function setScriptFolding(on: boolean) {
  folding = on;
}

/**
 * The version of the terms `indexTerms` makes: a chunk indexed under another version is indexed
 * again (it is part of each chunk's hash, chunker.ts). 1: jieba + bigrams; 2: script folding.
 */
export function termFormat(): number {
  return folding ? 2 : 1;
}

let folders: Array<(text: string) => string> | null = null;
/** Traditional (Taiwan with its phrases, then Hong Kong variants) → Simplified; Simplified
 *  text passes unchanged. */
export function foldScript(text: string): string {
  if (!folding) return text;
  folders ??= [
    OpenCC.Converter({ from: 'twp', to: 'cn' }),
    OpenCC.Converter({ from: 'hk', to: 'cn' }),
  ];
  return folders.reduce((folded, fold) => fold(folded), text);
}

/** Words that carry no topic: particles, pronouns and the words questions are made of. */
const stopwords = new Set(
  (
    '什么 哪 哪个 哪些 哪里 哪儿 哪一 谁 多少 几 是 的 了 在 和 与 及 或 为 被 把 有 吗 呢 么 啊 吧 ' +
    '怎么 怎样 如何 为何 为什么 何 何时 何地 时候 哪年 哪一年 其 之 这 那 这个 那个 一个 也 都 就 而 ' +
    '及其 以 于 由 对 从 到 中 上 下 个 第 等 将 并 会 可以 能 所 该 此 其中 以及 还 又 即 曾 已 是否 ' +
    'the a an of to in on and or is are was were be what which who when where how why'
  ).split(' '),
);

/** The prefix that marks a character bigram term (weighted lower than words in BM25). */
export const bigramMark = '~';
const cjkRun = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const wordLike = /[\p{L}\p{N}]/u;

/** Every term of `text` in order, repeats kept (term frequencies come from this). */
export function indexTerms(text: string): string[] {
  const normalized = foldScript(text.normalize('NFKC')).toLowerCase();
  const terms: string[] = [];
  for (const word of segmenter().cutForSearch(normalized, true)) {
    const trimmed = word.trim();
    if (!trimmed || !wordLike.test(trimmed) || stopwords.has(trimmed)) continue;
    terms.push(trimmed.slice(0, 64));
  }
  for (const run of normalized.match(cjkRun) ?? []) {
    for (let i = 0; i + 1 < run.length; i += 1) {
      const bigram = run.slice(i, i + 2);
      if (!stopwords.has(bigram)) terms.push(bigramMark + bigram);
    }
  }
  return terms;
}

/** The distinct terms of a question. */
export function queryTerms(text: string): string[] {
  return [...new Set(indexTerms(text))];
}

/** Term → frequency. */
export function termFrequencies(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
