// `POST /api/v1/ai/write` {pageId, action, blocks, instruction?, language}: the suggestion as
// server-sent events — the model's Markdown in `{delta}` pieces, then the final `{blocks}`.
// Failures reject with the chat's AnswerStreamError; aborting rejects with RequestCancelledError.
import {
  aiWriteDeltaSchema,
  aiWriteFinalSchema,
  ErrorCode,
  type AiWriteRequest,
  type Block,
} from '@library/contract';
import { trimServerMessage } from '../../../lib/api-client';
import { AnswerStreamError, postEventStream } from '../../ai';

export interface AiWriteOptions {
  request: AiWriteRequest;
  signal: AbortSignal;
  /** the answer so far, as Markdown, each time a piece arrives */
  onText: (text: string) => void;
}

export async function streamAiWrite({ request, signal, onText }: AiWriteOptions): Promise<Block[]> {
  let text = '';
  let blocks: Block[] | null = null;
  await postEventStream({ path: '/v1/ai/write', body: request, signal }, (raw) => {
    let envelope: { code?: unknown; data?: unknown; msg?: unknown };
    try {
      envelope = JSON.parse(raw) as typeof envelope;
    } catch {
      return;
    }
    if (typeof envelope.code !== 'number') return;
    if (envelope.code !== ErrorCode.success) {
      throw new AnswerStreamError({
        kind: 'stream',
        code: envelope.code,
        message: trimServerMessage(typeof envelope.msg === 'string' ? envelope.msg : ''),
      });
    }
    const final = aiWriteFinalSchema.safeParse(envelope.data);
    if (final.success) {
      blocks = final.data.blocks;
      return;
    }
    const delta = aiWriteDeltaSchema.safeParse(envelope.data);
    if (delta.success) {
      text += delta.data.delta;
      onText(text);
    }
  });
  if (!blocks) throw new AnswerStreamError({ kind: 'incomplete', detail: 'no final event' });
  return blocks;
}
