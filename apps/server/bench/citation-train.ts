// Fits the weights of the citation model (modules/ai/citation.ts): for every question of
// a set, the chunk of its page that holds the answer is cut into sentences by the product's own
// chunker, each sentence described by the model's features, and the weights chosen so that the
// sentence holding the answer's start gets the highest score (softmax over the chunk's sentences,
// gradient descent with a little L2). It prints the weights fitted on one set and measured on the
// other (held out), both ways, then fitted on both — the weights the product keeps.
//   npx tsx --conditions=@library/source apps/server/bench/citation-train.ts
import { chunkPage } from '../src/modules/ai/chunker.js';
import {
  citationFeatures,
  citationWeights,
  scoreOf,
  scoreSentences,
} from '../src/modules/ai/citation.js';
import { out } from './report.js';
import {
  answerStartsIn,
  loadCmrc,
  loadDrcd,
  passageOf,
  sentenceBlocks,
  type Article,
} from '../test/cmrc.js';

interface Example {
  /** the features of each sentence of the answer's chunk */
  rows: number[][];
  /** which of them hold the start of an answer */
  positive: boolean[];
}

function examplesOf(articles: Article[]): Example[] {
  const examples: Example[] = [];
  for (const article of articles) {
    const chunks = chunkPage(article.title, sentenceBlocks(article));
    for (const qa of article.paragraphs.flatMap((paragraph) => paragraph.qas)) {
      const answers = qa.answers.map((answer) => answer.text.trim()).filter(Boolean);
      const chunk = chunks.find((item) => answers.some((answer) => item.text.includes(answer)));
      if (!chunk) continue;
      const passage = passageOf(article, chunk, 0, 'p');
      const scored = scoreSentences(passage, qa.question);
      const positive = scored.map((sentence, index) =>
        answerStartsIn(
          chunk.text,
          sentence.start,
          scored[index + 1]?.start ?? chunk.text.length,
          answers,
        ),
      );
      if (positive.some(Boolean) && scored.length > 1) {
        examples.push({ rows: scored.map((sentence) => sentence.features), positive });
      }
    }
  }
  return examples;
}

function fit(examples: Example[], rounds = 2000, rate = 0.5, l2 = 1e-3): number[] {
  const size = citationFeatures.length;
  const weights = new Array<number>(size).fill(0);
  weights[0] = 1; // coverage / best in passage: the rule before the model
  for (let round = 0; round < rounds; round += 1) {
    const gradient = new Array<number>(size).fill(0);
    for (const { rows, positive } of examples) {
      const scores = rows.map((row) => scoreOf(row, weights));
      const top = Math.max(...scores);
      const exp = scores.map((score) => Math.exp(score - top));
      const all = exp.reduce((sum, value) => sum + value, 0);
      const good = exp.reduce((sum, value, index) => sum + (positive[index] ? value : 0), 0);
      rows.forEach((row, index) => {
        const p = exp[index]! / all;
        const q = positive[index] ? exp[index]! / good : 0;
        row.forEach((value, at) => {
          gradient[at]! += (p - q) * value;
        });
      });
    }
    for (let at = 0; at < size; at += 1) {
      weights[at]! -= rate * (gradient[at]! / examples.length + l2 * weights[at]!);
    }
  }
  return weights;
}

/** How often one of the k best-scored sentences holds the answer's start. */
function accuracy(examples: Example[], weights: readonly number[], k = 1): number {
  let right = 0;
  for (const { rows, positive } of examples) {
    const ranked = rows
      .map((row, index) => ({ index, score: scoreOf(row, weights) }))
      .sort((x, y) => y.score - x.score || x.index - y.index);
    if (ranked.slice(0, k).some(({ index }) => positive[index])) right += 1;
  }
  return right / examples.length;
}

const cmrc = examplesOf(loadCmrc());
const drcd = examplesOf(loadDrcd());
const figures = (weights: readonly number[]) =>
  [1, 2, 3]
    .map(
      (k) => `${accuracy(cmrc, weights, k).toFixed(3)} / ${accuracy(drcd, weights, k).toFixed(3)}`,
    )
    .join(', ');
out('the best (, 2 best, 3 best) sentences hold the answer, CMRC / DRCD:');
const coverageOnly = citationFeatures.map((_name, at) => (at === 0 ? 1 : 0));
out(`  coverage alone (the rule before the model): ${figures(coverageOnly)}`);
out(`  the product's weights: ${figures(citationWeights)}`);
const onDrcd = fit(drcd);
out(`  fitted on DRCD (CMRC held out): ${figures(onDrcd)}`);
const onCmrc = fit(cmrc);
out(`  fitted on CMRC (DRCD held out): ${figures(onCmrc)}`);
const both = fit([...cmrc, ...drcd]);
out(`  fitted on both: ${figures(both)}`);
out('weights fitted on both (on DRCD only, on CMRC only):');
citationFeatures.forEach((name, at) =>
  out(
    `  ${name.padEnd(36)} ${both[at]!.toFixed(3).padStart(7)}  (${onDrcd[at]!.toFixed(3)}, ${onCmrc[at]!.toFixed(3)})`,
  ),
);
out(`citationWeights = [${both.map((weight) => weight.toFixed(3)).join(', ')}]`);
const kept = both.every((weight, at) => Math.abs(weight - citationWeights[at]!) < 0.0005);
out(kept ? 'the product keeps these weights' : 'the product keeps other weights: paste these');
