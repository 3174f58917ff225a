// AI questions through a share's link: a share holder asks, and the space's AI
// answers from the shared pages only — the published pages of the shared page, topic or space
// as readers see them, never a passage of another page or of a file — through the chat's own
// answerer (`answerQuestion`). Nothing is kept: no conversation, no message. 404 when the link
// does not work, when the share does not allow AI questions or when the space's AI is off.
import { ErrorCode, type AiStreamFinal } from '@library/contract';
import { AppError } from '../../http/app-error.js';
import {
  answerQuestion,
  type AnswerProgress,
  type AnswerSource,
  type ConverseDeps,
  type ConverseEvents,
} from '../ai/index.js';
import { guardMarkdown } from '../ai/index.js';
import { findSpaceAi } from '../ai/index.js';
import { linkShows } from './share.policy.js';
import { openShare, sharedRows, type ShareViewDeps } from './share-view.service.js';

export type ShareAskDeps = ShareViewDeps & ConverseDeps;

/** Checks the link, its grant and its AI; throws AppError before anything streams. */
export async function startShareAsk(
  deps: ShareAskDeps,
  token: string,
  grant: string | undefined,
): Promise<AnswerSource> {
  const open = await openShare(deps, token, grant);
  if (!linkShows(open.share, 'ai')) throw new AppError(ErrorCode.dataMissing);
  const ai = await findSpaceAi(deps.db, open.space.id);
  if (!ai?.enabled) throw new AppError(ErrorCode.dataMissing);
  const pages = (await sharedRows(deps, open))
    .filter((row) => row.type === 'page')
    .map((row) => row.id);
  // readers' passages (published versions), whatever the space's AI says about drafts
  return { ai: { ...ai, includeDrafts: false }, role: 'reader', history: [], pages };
}

/** The answer, streamed through `events`; its final form has no id (it is kept nowhere). */
export async function shareAsk(
  deps: ShareAskDeps,
  source: AnswerSource,
  question: string,
  events: ConverseEvents,
  signal: AbortSignal,
): Promise<AiStreamFinal> {
  const progress: AnswerProgress = { answer: '', prompt: '', referDocList: [] };
  await answerQuestion(deps, source, question, events, signal, progress);
  // the prompt (the space's instructions among it) stays on the server
  return {
    answer: guardMarkdown(progress.answer),
    id: '',
    prompt: '',
    referDocList: progress.referDocList,
  };
}
