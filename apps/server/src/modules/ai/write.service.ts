// AI writing (`POST /api/v1/ai/write`): a selection of a page's blocks turned into suggested
// blocks. Everything that can refuse is checked before the stream starts, in this order: the page
// (its editors only, 404 otherwise); for the model actions the instruction, the writer's `aiWrite`
// switch, the space's AI, a configured model and last the monthly quota, which counts the use.
// The script conversions (OpenCC) need none of those and no model. Then the model's Markdown
// streams as it comes and the final blocks follow (write-blocks.ts).
import {
  aiWriteLimits,
  aiWriteMonthOf,
  aiWriteTones,
  ErrorCode,
  isScriptAction,
  quotaCodes,
  type AiWriteFinal,
  type AiWriteModelAction,
  type AiWriteRequest,
  type Block,
  type Locale,
  type Quotas,
} from '@library/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import {
  streamChat,
  type ChatMessage,
  type LlmTimeouts,
} from '../../infra/llm/openai-compatible.js';
import {
  effectiveFeatures,
  effectiveQuotas,
  findAccountSettings,
  refusalOf,
} from '../account/index.js';
import { currentDraft } from '../page/index.js';
import { accessPage } from '../space/index.js';
import { guardMarkdown, settledLength as settledMarkdownLength } from './answer.js';
import type { ConverseEvents } from './converse.service.js';
import { activeProvider, type ActiveProvider } from './provider.service.js';
import { convertBlocks, scriptTargetOf } from './script.js';
import { findSpaceAi } from './space-ai.repo.js';
import {
  answerToBlocks,
  blocksForPrompt,
  keepersOf,
  mergeKeepers,
  plainParagraphs,
  plainTextOf,
  type Keepers,
} from './write-blocks.js';
import { buildWritePrompt, promptVersion, translateTarget, type Tone } from './write-prompts.js';
import * as repo from './write.repo.js';

export interface WriteDeps {
  db: Database;
  cipher: KeyCipher;
  log: FastifyBaseLogger;
  timeouts: LlmTimeouts;
  /** the site's quotas (`aiWritesPerMonth` among them) */
  quotas: Quotas;
}

/** A request as the route parsed it (`aiWriteRequestSchema`). */
export interface WriteRequest {
  pageId: string;
  action: AiWriteRequest['action'];
  blocks: Block[];
  instruction?: string | undefined;
  language: Locale;
}

/** What `startWrite` decided: the converted blocks, or a model call with its counted use. */
interface ModelPlan {
  kind: 'model';
  userId: number;
  month: string;
  provider: ActiveProvider;
  messages: ChatMessage[];
  /** what of the selection the answer must keep (actions that replace the selection) */
  keep: Keepers | undefined;
  known: Keepers;
  /** mentioned people's nicknames, for the streamed text */
  names: Map<string, string>;
}

export type WritePlan = { kind: 'script'; blocks: Block[] } | ModelPlan;

/** These answers stand in for the selection, so they must keep its links, mentions and media. */
const replacing: ReadonlySet<AiWriteModelAction> = new Set([
  'polish',
  'shorter',
  'longer',
  'tone',
  'fix',
  'translate',
  'table',
  'list',
  'custom',
]);

const invalid = (detail: string) => new AppError(ErrorCode.paramError, { detail });

function toneOf(request: WriteRequest): Tone | undefined {
  if (request.action !== 'tone') return undefined;
  const tone = request.instruction || 'formal';
  if (!(aiWriteTones as readonly string[]).includes(tone)) {
    throw invalid(`tone takes ${aiWriteTones.join(' or ')} as its instruction`);
  }
  return tone as Tone;
}

/** The page's top-level draft blocks before and after the selection (by the selection's ids). */
function surroundings(page: Block[], selection: Block[]) {
  const ids = new Set(selection.map((block) => block.id));
  const first = page.findIndex((block) => ids.has(block.id));
  if (first < 0) return { before: [], after: [] };
  let last = first;
  page.forEach((block, index) => {
    if (ids.has(block.id)) last = index;
  });
  return { before: page.slice(0, first), after: page.slice(last + 1) };
}

/**
 * Checks everything (see the module's comment) and, for a model action, counts the use; throws
 * AppError before anything streams.
 */
export async function startWrite(
  deps: WriteDeps,
  userId: number,
  request: WriteRequest,
): Promise<WritePlan> {
  const { db } = deps;
  const { node, space } = await accessPage(db, userId, request.pageId, 'edit');
  const { action } = request;
  if (isScriptAction(action)) {
    const target = scriptTargetOf(action, request.instruction);
    return { kind: 'script', blocks: convertBlocks(request.blocks, target) };
  }
  if (action === 'custom' && !request.instruction) {
    throw invalid('custom needs an instruction');
  }
  const tone = toneOf(request);

  const settings = await findAccountSettings(db, userId);
  const refusal = refusalOf(effectiveFeatures(settings), 'aiWrite');
  if (refusal) throw refusal;
  const ai = await findSpaceAi(db, space.id);
  if (!ai?.enabled) throw new AppError(ErrorCode.spaceAiOff);
  const provider = await activeProvider(db, deps.cipher);
  if (!provider) throw new AppError(ErrorCode.aiModelMissing);

  // the live document, not rows that may lag behind it: what was typed a moment ago is the context
  const page = await db.transaction((tx) => currentDraft(tx, node.id, new Date()));
  const selection = action === 'summarize' && request.blocks.length === 0 ? page : request.blocks;
  const around = action === 'summarize' ? { before: [], after: [] } : surroundings(page, selection);
  const keep = keepersOf(selection);
  const known = mergeKeepers(keep, keepersOf(around.before), keepersOf(around.after));
  const messages = buildWritePrompt({
    action,
    language: request.language,
    title: node.name,
    before: blocksForPrompt(around.before),
    after: blocksForPrompt(around.after),
    selection: blocksForPrompt(selection),
    instruction: action === 'tone' ? undefined : request.instruction,
    tone,
    translate:
      action === 'translate'
        ? translateTarget(plainTextOf(selection), request.language)
        : undefined,
  });
  const names = await repo.nicknamesOf(db, [...known.mentions].map(Number));

  // last, so that a refused request never counts
  const month = aiWriteMonthOf(new Date());
  const limit = effectiveQuotas(settings, deps.quotas).aiWritesPerMonth;
  if (!(await repo.takeUse(db, userId, month, limit))) {
    throw new AppError(quotaCodes.aiWritesPerMonth);
  }
  deps.log.debug({ action, promptVersion, pageId: node.id }, 'AI writing');
  return {
    kind: 'model',
    userId,
    month,
    provider,
    messages,
    keep: replacing.has(action) ? keep : undefined,
    known,
    names,
  };
}

/** How much of a growing answer may be shown: all but a mention token still coming in. */
function settledLength(raw: string): number {
  const partial = /\{(?:\{(?:@\d{0,18}\}?)?)?$/.exec(raw);
  return partial ? partial.index : raw.length;
}

/**
 * Runs a plan: the script conversion answers at once; the model's Markdown streams as `{delta}`
 * pieces (mentions shown as '@name'), then the final blocks. A model failure gives the use back;
 * a stop by the writer keeps it counted (the model worked until then).
 */
export async function runWrite(
  deps: WriteDeps,
  plan: WritePlan,
  events: ConverseEvents,
  signal: AbortSignal,
): Promise<AiWriteFinal> {
  if (plan.kind === 'script') return { blocks: plan.blocks };
  const shown = (text: string) =>
    text.replace(/\{\{@(\d{1,18})\}\}/g, (token, userId: string) => {
      const name = plan.names.get(userId);
      return name === undefined ? token : `@${name}`;
    });
  let answer = '';
  let sent = '';
  // what is sent is guarded like the chat's answers (no images or links to other hosts, no HTML)
  const send = (safe: string) => {
    if (safe.length > sent.length && safe.startsWith(sent)) {
      events.delta(safe.slice(sent.length));
      sent = safe;
    }
  };
  try {
    for await (const piece of streamChat(
      plan.provider.endpoint,
      { model: plan.provider.row.chatModel, messages: plan.messages },
      { signal, timeouts: deps.timeouts },
    )) {
      answer += piece;
      const settled = Math.min(settledLength(answer), settledMarkdownLength(answer));
      send(guardMarkdown(shown(answer.slice(0, settled))));
      // a model that does not stop is cut off: the suggestion is what came until then
      if (answer.length >= aiWriteLimits.answerMax) break;
    }
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
    send(guardMarkdown(shown(answer)));
    return { blocks: answerBlocks(answer, plan, deps.log) };
  } catch (error) {
    if (!signal.aborted) {
      await repo
        .giveBackUse(deps.db, plan.userId, plan.month)
        .catch((giveBackError: unknown) =>
          deps.log.error({ err: giveBackError }, 'giving back an AI writing use failed'),
        );
    }
    throw error;
  }
}

/**
 * The answer as blocks; should the Markdown defeat the converter (a list nested thousands deep),
 * its paragraphs as plain text — the writer gets readable blocks either way.
 */
function answerBlocks(answer: string, plan: ModelPlan, log: FastifyBaseLogger): Block[] {
  try {
    return answerToBlocks(answer, { keep: plan.keep, known: plan.known });
  } catch (error) {
    log.warn({ err: error }, 'an AI writing answer did not convert; kept as plain paragraphs');
    return plainParagraphs(answer);
  }
}
