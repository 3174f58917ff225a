// The cited sentence chosen by the provider's rerank model, when one is configured.
// The citation model's likeliest sentences of each passage — three: the one holding the answer is
// among them for 0.96 of CMRC's and 0.98 of DRCD's questions, against 0.87 for its first choice
// alone — go to the rerank model in one call, each after its passage's place (title and heading), and each passage
// cites the one ranked first. Without a rerank model, or when the call fails, every passage cites
// the citation model's choice (docs/decisions/ai.md, "the rerank model chooses the cited
// sentence").
import type { FastifyBaseLogger } from 'fastify';
import { rerank } from '../../infra/llm/openai-compatible.js';
import { passagePlace } from './answer.js';
import { scoreSentences } from './citation.js';
import type { ActiveProvider } from './provider.service.js';
import type { Passage } from './retrieval.js';

/** how many of a passage's likeliest sentences the rerank model chooses among */
export const rerankedSentences = 3;

/**
 * Where each passage's cited sentence starts in its text, as the rerank model chooses; undefined
 * where the citation model's choice stands (no rerank model, a single candidate, a failed call).
 */
export async function citedByRerank(
  reranker: ActiveProvider | null,
  question: string,
  passages: Passage[],
  options: { log: Pick<FastifyBaseLogger, 'warn'>; signal?: AbortSignal },
): Promise<Array<number | undefined>> {
  const model = reranker?.row.rerankModel;
  const chosen: Array<number | undefined> = passages.map(() => undefined);
  if (!reranker || !model) return chosen;
  const candidates = passages.map((passage) =>
    scoreSentences(passage, question)
      .sort((a, b) => b.score - a.score)
      .slice(0, rerankedSentences),
  );
  const documents = passages.flatMap((passage, index) => {
    const list = candidates[index]!;
    return list.length > 1
      ? list.map((sentence) => `${passagePlace(passage)}\n${sentence.text}`)
      : [];
  });
  if (documents.length === 0) return chosen;
  let scores: number[];
  try {
    scores = await rerank(
      reranker.endpoint,
      { model, query: question, documents },
      options.signal ? { signal: options.signal } : {},
    );
  } catch (error) {
    if (options.signal?.aborted) throw error;
    options.log.warn(
      { err: error },
      'rerank of cited sentences failed; the citation model chooses',
    );
    return chosen;
  }
  let at = 0;
  candidates.forEach((list, index) => {
    if (list.length <= 1) return;
    let best = 0;
    list.forEach((_sentence, offset) => {
      if (scores[at + offset]! > scores[at + best]!) best = offset;
    });
    chosen[index] = list[best]!.start;
    at += list.length;
  });
  return chosen;
}
