// Terms of the search index (docs/decisions/search.md), built on the AI index's
// tokenizer (jieba search mode + CJK bigrams, Traditional folded to Simplified): English words
// are stemmed (Porter), every CJK character is also a term of its own (so one typed character
// finds the pages that hold it), and a title adds the pinyin initials of itself and of every
// tail starting at one of its words (`gzzd` finds 规章制度 and 公司规章制度).
import type * as PinyinPro from 'pinyin-pro';
import { stemmer } from 'stemmer';
import { loadWhenNeeded } from '../../lib/load-when-needed.js';
import { bigramMark, foldScript, indexTerms } from './tokenizer.js';

/** pinyin-pro (~18 MB) loads with the first title indexed or keywords searched. */
const pinyinPro = loadWhenNeeded<typeof PinyinPro>('pinyin-pro');

/** Marks a single-character term. */
export const unigramMark = '.';
/** Marks a pinyin-initials term of a title. */
export const initialsMark = '#';

const cjkChar = /[\u3400-\u9fff\uf900-\ufaff]/u;
const latinWord = /^[a-z]+$/;

/** The text as terms are made of it: NFKC, Simplified, lower-case (exact phrases match this). */
export function foldText(text: string): string {
  return foldScript(text.normalize('NFKC')).toLowerCase();
}

/** A Latin word's stem; anything else unchanged. */
export function stemTerm(term: string): string {
  return latinWord.test(term) ? stemmer(term) : term;
}

/** The search terms of a text, in order with repeats (for term frequencies). */
export function searchTerms(text: string): string[] {
  const terms = indexTerms(text).map(stemTerm);
  for (const char of foldText(text)) if (cjkChar.test(char)) terms.push(unigramMark + char);
  return terms;
}

/** Pinyin initials of a title and of every tail starting at one of its words (at most 32). */
export function initialsTerms(title: string): string[] {
  const folded = foldText(title);
  const words = indexTerms(folded).filter((term) => !term.startsWith(bigramMark));
  const initials = (text: string) =>
    pinyinPro()
      .pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' })
      .join('')
      .replace(/[^a-z]/g, '');
  const result = new Set<string>();
  const whole = initials(folded);
  if (whole.length >= 2) result.add(initialsMark + whole.slice(0, 32));
  let rest = folded;
  for (const word of words) {
    const at = rest.indexOf(word);
    if (at < 0) continue;
    rest = rest.slice(at);
    const tail = initials(rest);
    if (tail.length >= 2 && cjkChar.test(word)) result.add(initialsMark + tail.slice(0, 32));
    rest = rest.slice(word.length);
  }
  return [...result];
}

export interface QueryTerms {
  /** distinct terms with their weights in BM25 */
  terms: Array<{ term: string; weight: number }>;
  /** exact phrases (folded) a result must contain */
  phrases: string[];
  /** folded words to highlight in snippets, longest first */
  highlights: string[];
}

/** Weight of a character bigram (as in AI retrieval) and of a character typed alone. */
const bigramWeight = 0.3;
const unigramWeight = 1;

/** Keywords as people type them: words, single characters, pinyin initials, "phrases". */
export function parseKeywords(keywords: string): QueryTerms {
  const phrases: string[] = [];
  const loose = keywords.replace(
    /["“”「」『』]([^"“”「」『』]+)["“”「」『』]/g,
    (_all, phrase: string) => {
      const folded = foldText(phrase).trim();
      if (folded) phrases.push(folded);
      return ` ${phrase} `;
    },
  );
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) =>
    weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  for (const term of indexTerms(loose)) {
    add(stemTerm(term), term.startsWith(bigramMark) ? bigramWeight : 1);
  }
  const folded = foldText(loose);
  // a CJK character typed alone (no bigram holds it) is searched as a character
  for (const run of folded.match(/[\u3400-\u9fff\uf900-\ufaff]+/gu) ?? []) {
    if (run.length === 1) add(unigramMark + run, unigramWeight);
  }
  for (const word of folded.match(/[a-z]{2,32}/g) ?? []) add(initialsMark + word, 1);
  // highlighted: phrases, each typed CJK run whole, its words and character pairs (a word jieba
  // cuts into characters is still marked as the pair), a character only when typed alone
  const highlights = new Set<string>(phrases);
  for (const run of folded.match(/[\u3400-\u9fff\uf900-\ufaff]+/gu) ?? []) {
    highlights.add(run);
    if (run.length > 4) continue; // a long run (a question) is marked by its words
    for (let i = 0; i + 1 < run.length; i += 1) highlights.add(run.slice(i, i + 2));
  }
  for (const term of indexTerms(loose)) {
    if (!term.startsWith(bigramMark) && term.length > 1) highlights.add(term);
  }
  for (const word of folded.match(/[a-z0-9]{2,}/g) ?? []) highlights.add(stemTerm(word));
  return {
    terms: [...weights].map(([term, weight]) => ({ term, weight })),
    phrases,
    highlights: [...highlights].sort((a, b) => b.length - a.length),
  };
}
