// Reads the answer stream of `POST /api/v1/ai/chat/{chatId}/converse/stream` (docs/api.md 'AI
// chat'): server-sent events, each one or more `data:` lines and a blank line, whose data is an
// envelope. The framing is the shared reader's (lib/sse-reader.ts).
import {
  aiStreamDeltaSchema,
  aiStreamFinalSchema,
  aiStreamReferencesSchema,
  type ReferDoc,
} from '@library/contract';
import { SseReader } from '../../../lib/sse-reader';

/** The `data` of each complete event (the answer stream names no events). */
export class SseDataReader {
  private reader = new SseReader();

  /** Feeds the next piece of text; returns the data of every event it completes. */
  push(text: string): string[] {
    return this.reader.push(text).map((event) => event.data);
  }

  /** The stream ended: an event without its closing blank line still counts. */
  end(): string[] {
    return this.reader.end().map((event) => event.data);
  }
}

/** What one event of the answer stream means for the message being written. */
export type AnswerStreamEvent =
  | { kind: 'references'; docs: ReferDoc[] }
  | { kind: 'delta'; text: string }
  | { kind: 'final'; answer: string; id: string; prompt: string; docs: ReferDoc[] }
  | { kind: 'failure'; code: number; message: string }
  /** not JSON, or an envelope of an unknown shape: skipped, the stream goes on */
  | { kind: 'malformed'; raw: string };

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Interprets one event's data (an envelope). */
export function parseAnswerEvent(raw: string): AnswerStreamEvent {
  const envelope = parseJson(raw);
  if (typeof envelope !== 'object' || envelope === null) return { kind: 'malformed', raw };
  const { code, data, msg } = envelope as { code?: unknown; data?: unknown; msg?: unknown };
  if (typeof code !== 'number') return { kind: 'malformed', raw };
  if (code !== 0) {
    return { kind: 'failure', code, message: typeof msg === 'string' ? msg : '' };
  }
  const final = aiStreamFinalSchema.safeParse(data);
  if (final.success) {
    const { answer, id, prompt, referDocList } = final.data;
    return { kind: 'final', answer, id, prompt, docs: referDocList };
  }
  const delta = aiStreamDeltaSchema.safeParse(data);
  if (delta.success) return { kind: 'delta', text: delta.data.delta };
  const references = aiStreamReferencesSchema.safeParse(data);
  if (references.success) return { kind: 'references', docs: references.data.referDocList };
  return { kind: 'malformed', raw };
}
