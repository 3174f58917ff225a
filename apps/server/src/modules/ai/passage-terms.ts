// The terms of the AI's keyword index and of a question (docs/decisions/ai.md, "CJK words posted
// only as their bigrams"): CJK text is indexed as its character bigrams (plus single-character
// words, Latin words and numbers) and never again as jieba's words — a two-character word is its
// own bigram, a longer one is covered by its bigrams —, a quarter fewer postings than words and
// bigrams both. jieba's words still weigh the question: a word's weight (1) is spread over its
// bigrams, at least a third each, on top of the weight of a bigram that is in no word of the
// question.
import { bigramMark, indexTerms, queryTerms } from '../../infra/search/tokenizer.js';

/** 1: jieba words and bigrams; 2: CJK words only as bigrams. Part of each chunk's hash. */
export const passageTermsFormat = 2;

/** Weight of a question bigram that is in none of its words (tuned on CMRC 2018, 'AI'). */
export const bigramWeight = 0.3;
/** The least weight one bigram of a long word gets. */
const wordBigramWeight = 1 / 3;

const cjkWord = /^[\u3400-\u9fff\uf900-\ufaff]{2,}$/u;

/** The indexed terms of a text, in order with repeats (term frequencies come from this). */
export function passageTerms(text: string): string[] {
  return indexTerms(text).filter((term) => !cjkWord.test(term));
}

/** A question's distinct terms with their BM25 weights. */
export function questionTerms(question: string): Array<{ term: string; weight: number }> {
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) =>
    weights.set(term, (weights.get(term) ?? 0) + weight);
  for (const term of queryTerms(question)) {
    if (term.startsWith(bigramMark)) {
      add(term, bigramWeight);
    } else if (cjkWord.test(term)) {
      const share = Math.max(wordBigramWeight, 1 / (term.length - 1));
      for (let i = 0; i + 1 < term.length; i += 1) add(bigramMark + term.slice(i, i + 2), share);
    } else {
      add(term, 1);
    }
  }
  return [...weights].map(([term, weight]) => ({ term, weight }));
}
