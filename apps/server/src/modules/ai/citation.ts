// Where a reference points: which sentence of a passage answers the question, its
// block, and the snippet shown for it. Each sentence is described by a few features — how much
// of the question it covers (words, then single characters), where it stands, whether its
// neighbours cover the question, whether it holds what the question asks for (a date for "when",
// a number for "how many", a place for "where") — and scored by a linear model whose weights were
// fitted on CMRC 2018 and DRCD by bench/citation-train.ts (softmax over a passage's sentences;
// docs/decisions/ai.md, "a citation model fitted on both sets"); the snippet starts where it
// shows the most of the likely sentences.
import { bigramMark, foldScript, queryTerms } from '../../infra/search/tokenizer.js';
import { sentences } from './chunker.js';
import type { Passage } from './retrieval.js';

const snippetChars = 160;
/** a snippet runs on past `snippetChars` to the end of the sentence it would cut when that
 *  sentence ends within this many characters of the snippet's start */
const snippetMostChars = 240;
/** the snippet shows at least this much of the cited sentence (all of a shorter one) */
const citedShownChars = 20;

/** a clause: up to a comma, semicolon or colon */
const clausePattern = /[^，；：,;:]+[，；：,;:]*/g;
/** how many clauses before the one covering most of the question a long sentence's snippet
 *  starts (an answer often leads up to the question's words, as between sentences) */
const leadInClauses = 2;

/** a character bigram counts this much of a word in a sentence's coverage */
const sentenceBigramWeight = 0.3;

/** characters that say nothing about which sentence answers: particles and question words */
const plainChars = new Set([
  ...'的是了在和与及或为被把有吗呢么啊吧什哪谁几多少怎样如何时候个其之这那一也都就而以于由对从到中上下第等将并会可能所该此还又即曾已否',
]);
const cjkChar = /[\u3400-\u9fff\uf900-\ufaff]/;

const asksWhen = /什么时候|何时|哪一?年|哪年|时间|日期|年代|何年|几月|哪一?天|哪个朝代|多久/;
const asksNumber =
  /多少|几[个位次年岁种人座条项名]|多[长高大重远久深宽厚]|数量|人口|面积|比例|排名/;
const asksWhere =
  /哪里|哪儿|在哪|何处|何地|哪个(国家|城市|地方|省)|哪些(国家|地区|城市|省)|位置|位于|分布/;
const asksWho = /谁|哪位|何人|哪个人/;
const asksWhat = /^什么是|^何谓|是什么[？?]?$|是指什么|指的是什么|定义/;

const holdsDate =
  /\d{1,4}\s*年|[〇零一二三四五六七八九十百千]+年|世纪|\d{1,2}\s*月|\d{1,2}\s*日|朝|时期|年间/;
const holdsNumber = /\d|[一二三四五六七八九十百千万亿两]+[个位名种次座条项件米里倍岁年人]/;
const holdsPlace = /位于|地处|坐落|分布|[省市县州区国镇村岛洲]/;

/** The names of the features, in the order of `citationWeights`. */
export const citationFeatures = [
  'coverage / best in passage',
  'best in passage',
  'characters covered',
  'previous sentence coverage',
  'next sentence coverage',
  'first sentence',
  'position in passage',
  'length',
  'date for when',
  'number for how many',
  'place for where',
  'title first for who or what',
  'longest shared run',
  'coverage with the title',
  'question characters close together',
] as const;

/** Fitted by bench/citation-train.ts. */
export const citationWeights: readonly number[] = [
  2.14, 0.476, 3.655, 1.248, 1.063, 0.643, -0.175, 0.816, 2.503, 0.782, 0.412, 0.7, 0.411, 0.248,
  0.462,
];

export interface CitedSentence {
  text: string;
  /** where the sentence starts in the passage's text */
  start: number;
  /** how much of the question it covers: its words (1 each) and bigrams (0.3 each), a term
   *  found in k of the passage's sentences counting 1 / (1 + ln k) of that; the title's not */
  hits: number;
  features: number[];
  /** the model's score: the higher, the likelier this sentence answers */
  score: number;
}

function fold(text: string): string {
  return foldScript(text.normalize('NFKC')).toLowerCase();
}

/** The longest run of characters `a` and `b` share (at most 8). */
function longestSharedRun(a: string, b: string): number {
  let best = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let length = best + 1; length <= 8 && i + length <= a.length; length += 1) {
      if (!b.includes(a.slice(i, i + length))) break;
      best = length;
    }
  }
  return best;
}

/** How close together the question's characters stand in a text: 1 / (1 + the shortest span
 *  holding two different ones, in characters / 4); 0 when fewer than two are there. */
function closeness(text: string, chars: Set<string>): number {
  let shortest = Infinity;
  let lastChar = '';
  let lastAt = -1;
  [...text].forEach((char, at) => {
    if (!chars.has(char)) return;
    if (lastAt >= 0 && char !== lastChar) shortest = Math.min(shortest, at - lastAt);
    lastChar = char;
    lastAt = at;
  });
  return shortest === Infinity ? 0 : 1 / (1 + shortest / 4);
}

/** A question as the citation reads it against one passage. */
interface Asked {
  terms: Set<string>;
  /** the passage title's terms: they do not count as covering the question */
  title: Set<string>;
  foldedTitle: string;
  foldedQuestion: string;
  /** the question's CJK characters, less the title's and the particles */
  chars: Set<string>;
}

function asked(passage: Passage, question: string): Asked {
  const foldedTitle = fold(passage.title);
  const foldedQuestion = fold(question);
  return {
    terms: new Set(queryTerms(question)),
    title: new Set(queryTerms(passage.title)),
    foldedTitle,
    foldedQuestion,
    chars: new Set(
      [...foldedQuestion].filter(
        (char) => cjkChar.test(char) && !foldedTitle.includes(char) && !plainChars.has(char),
      ),
    ),
  };
}

/** A sentence's score: its features weighed by `weights` (the product's unless fitting them). */
export function scoreOf(features: readonly number[], weights = citationWeights): number {
  return features.reduce((sum, value, at) => sum + value * (weights[at] ?? 0), 0);
}

/** The passage's sentences with their offsets, features and scores. */
export function scoreSentences(passage: Passage, question: string): CitedSentence[] {
  return scoreWith(passage, asked(passage, question));
}

function scoreWith(passage: Passage, asking: Asked): CitedSentence[] {
  const { terms, title, foldedTitle, foldedQuestion, chars: questionChars } = asking;
  const questionRest = foldedTitle ? foldedQuestion.split(foldedTitle).join('|') : foldedQuestion;
  let cursor = 0;
  const found = sentences(passage.text).map((text) => {
    const start = passage.text.indexOf(text, cursor);
    cursor = start + text.length;
    const own = queryTerms(text);
    const covered = own.filter((term) => terms.has(term) && !title.has(term));
    const withTitle = own
      .filter((term) => terms.has(term))
      .reduce((sum, term) => sum + (term.startsWith(bigramMark) ? sentenceBigramWeight : 1), 0);
    return { text, start, covered, withTitle, folded: fold(text) };
  });
  const holders = new Map<string, number>();
  const charHolders = new Map<string, number>();
  for (const sentence of found) {
    for (const term of sentence.covered) holders.set(term, (holders.get(term) ?? 0) + 1);
    for (const char of questionChars) {
      if (sentence.folded.includes(char)) charHolders.set(char, (charHolders.get(char) ?? 0) + 1);
    }
  }
  const hits = found.map((sentence) =>
    sentence.covered.reduce(
      (sum, term) =>
        sum +
        (term.startsWith(bigramMark) ? sentenceBigramWeight : 1) /
          (1 + Math.log(holders.get(term) ?? 1)),
      0,
    ),
  );
  const most = Math.max(0, ...hits);
  const when = asksWhen.test(foldedQuestion) ? 1 : 0;
  const howMany = asksNumber.test(foldedQuestion) ? 1 : 0;
  const where = asksWhere.test(foldedQuestion) ? 1 : 0;
  const whoOrWhat = asksWho.test(foldedQuestion) || asksWhat.test(foldedQuestion) ? 1 : 0;
  return found.map((sentence, index) => {
    const { folded } = sentence;
    let chars = 0;
    for (const char of questionChars) {
      if (folded.includes(char)) chars += 1 / (1 + Math.log(charHolders.get(char) ?? 1));
    }
    const namesTitle = foldedTitle && folded.includes(foldedTitle) ? 1 : 0;
    const features = [
      most > 0 ? hits[index]! / most : 0,
      most > 0 && hits[index] === most ? 1 : 0,
      questionChars.size > 0 ? chars / questionChars.size : 0,
      most > 0 ? (hits[index - 1] ?? 0) / most : 0,
      most > 0 ? (hits[index + 1] ?? 0) / most : 0,
      index === 0 ? 1 : 0,
      found.length > 1 ? index / (found.length - 1) : 0,
      Math.log(1 + sentence.text.length) / 5,
      when && holdsDate.test(folded) ? 1 : 0,
      howMany && holdsNumber.test(folded) ? 1 : 0,
      where && holdsPlace.test(folded) ? 1 : 0,
      whoOrWhat && namesTitle && folded.indexOf(foldedTitle) < 4 ? 1 : 0,
      Math.min(longestSharedRun(questionRest, folded), 6) / 6,
      Math.log(1 + sentence.withTitle),
      closeness(folded, questionChars),
    ];
    return {
      text: sentence.text,
      start: sentence.start,
      hits: hits[index]!,
      features,
      score: scoreOf(features),
    };
  });
}

/** How much of the question a text covers: its words 1 each, bigrams 0.3, the title's not —
 *  found in the text's folded characters, without cutting it into words again. */
function coverage(text: string, { terms, title }: Asked): number {
  const folded = fold(text);
  let hits = 0;
  for (const term of terms) {
    if (title.has(term)) continue;
    const bigram = term.startsWith(bigramMark);
    if (folded.includes(bigram ? term.slice(bigramMark.length) : term)) {
      hits += bigram ? sentenceBigramWeight : 1;
    }
  }
  return hits;
}

/**
 * Where a snippet starts inside a sentence longer than the snippet: at its start, or — when the
 * clause covering most of the question would not be shown from there — two clauses before that
 * clause. An offset into the sentence.
 */
function startInside(sentence: string, asking: Asked): number {
  const clauses = [...sentence.matchAll(clausePattern)];
  let best = -1;
  let bestHits = 0;
  clauses.forEach((clause, index) => {
    const hits = coverage(clause[0], asking);
    if (hits > bestHits) {
      best = index;
      bestHits = hits;
    }
  });
  const clause = clauses[best];
  if (!clause || clause.index + clause[0].length <= snippetChars) return 0;
  return clauses[Math.max(0, best - leadInClauses)]!.index;
}

/**
 * Where a snippet starts: at the cited sentence or a sentence before it — one from which the
 * snippet still shows the cited sentence's first `citedShownChars` characters —, the one from which
 * it shows the most of the sentences likely to answer: each sentence's chance (the softmax of the
 * citation model's scores) counted for the part of it the snippet shows, from sentences starting
 * at or after that point; on a tie the later start. So a likely sentence close before the cited
 * one is shown too (an answer often leads up to the sentence naming the question's words), and
 * one close after it is kept in.
 */
function snippetStart(scored: CitedSentence[], cited: CitedSentence): number {
  const top = Math.max(...scored.map((sentence) => sentence.score));
  const chances = scored.map((sentence) => Math.exp(sentence.score - top));
  const total = chances.reduce((sum, chance) => sum + chance, 0);
  const citedEnd = cited.start + Math.min(cited.text.length, citedShownChars);
  let start = cited.start;
  let most = -1;
  for (let at = scored.indexOf(cited); at >= 0; at -= 1) {
    const from = scored[at]!.start;
    if (citedEnd > from + snippetChars) break;
    let shown = 0;
    scored.forEach((sentence, index) => {
      if (sentence.start < from) return;
      const part = (from + snippetChars - sentence.start) / Math.max(sentence.text.length, 1);
      shown += (chances[index]! / total) * Math.min(1, Math.max(0, part));
    });
    if (shown > most) {
      most = shown;
      start = from;
    }
  }
  return start;
}

/**
 * Where a reference points: the block holding the passage's answering sentence — the one starting
 * at `citedAt` when the rerank model chose it, else the one the citation model scores highest
 * (the chunk's first block when the chunk predates block offsets) —, and a snippet from
 * `snippetStart`. When it starts at the answering sentence and that sentence is longer than the
 * snippet, it starts two clauses before the clause covering most of the question if it would
 * not show that clause otherwise.
 */
export function citedSpot(
  passage: Passage,
  question: string,
  citedAt?: number,
): { blockId: string | null; snippet: string } {
  const asking = asked(passage, question);
  const scored = scoreWith(passage, asking);
  let best: CitedSentence | null = null;
  for (const sentence of scored) if (!best || sentence.score > best.score) best = sentence;
  best = scored.find((sentence) => sentence.start === citedAt) ?? best;
  let start = best ? snippetStart(scored, best) : 0;
  if (best && start === best.start && best.text.length > snippetChars) {
    start += startInside(best.text, asking);
  }
  const cited = best?.start ?? 0;
  let blockId = passage.blockIds[0] ?? null;
  if (passage.blockStarts.length === passage.blockIds.length) {
    passage.blockStarts.forEach((blockStart, index) => {
      if (blockStart <= cited) blockId = passage.blockIds[index] ?? blockId;
    });
  }
  return { blockId, snippet: snippetFrom(passage.text, scored, start) };
}

/** The snippet from `start`: `snippetChars` characters, or on to the end of the sentence that
 *  would be cut when it ends within `snippetMostChars` — whole sentences read better and show
 *  more answers than as many characters cut anywhere (docs/decisions/ai.md, "the snippet ends
 *  at a sentence's end"); "…" where text is left out before or after. */
function snippetFrom(text: string, scored: CitedSentence[], start: number): string {
  const from = start + (text.slice(start).length - text.slice(start).trimStart().length);
  let end = Math.min(text.length, from + snippetChars);
  const cut = scored.find((sentence) => sentence.start + sentence.text.length >= end);
  if (cut && cut.start + cut.text.length - from <= snippetMostChars) {
    end = cut.start + cut.text.length;
  }
  const shown = text.slice(from, end).trimEnd();
  const more = text.slice(end).trim() ? '…' : '';
  return `${start > 0 ? '…' : ''}${shown}${more}`;
}
