// Reads the answer stream of `POST /api/v1/ai/chat/{chatId}/converse/stream` (docs/api.md 'AI
// chat'): server-sent events, each one or more `data:` lines and a blank line, whose data is an
// envelope. Text arrives in arbitrary pieces, so the reader keeps what is not yet a whole event.
import {
  aiStreamDeltaSchema,
  aiStreamFinalSchema,
  aiStreamReferencesSchema,
  type ReferDoc,
} from '@library/contract';

/** Splits a text stream into the `data` of complete events (SSE framing, data field only). */
export class SseDataReader {
  private buffer = '';
  private dataLines: string[] = [];

  /** Feeds the next piece of text; returns the data of every event it completes. */
  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let newline = this.nextLineEnd();
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      // a CRLF counts as one line end
      const skip = this.buffer[newline] === '\r' && this.buffer[newline + 1] === '\n' ? 2 : 1;
      // a lone CR at the very end may be the first half of a CRLF still on its way
      if (this.buffer[newline] === '\r' && newline + 1 === this.buffer.length) break;
      this.buffer = this.buffer.slice(newline + skip);
      this.takeLine(line, events);
      newline = this.nextLineEnd();
    }
    return events;
  }

  /** The stream ended: an event without its closing blank line still counts. */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer) this.takeLine(this.buffer.replace(/\r$/, ''), events);
    this.buffer = '';
    this.takeLine('', events);
    return events;
  }

  private nextLineEnd(): number {
    const lf = this.buffer.indexOf('\n');
    const cr = this.buffer.indexOf('\r');
    if (lf < 0) return cr;
    if (cr < 0) return lf;
    return Math.min(lf, cr);
  }

  private takeLine(line: string, events: string[]): void {
    if (line === '') {
      if (this.dataLines.length > 0) events.push(this.dataLines.join('\n'));
      this.dataLines = [];
      return;
    }
    if (line.startsWith(':')) return; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return; // event, id, retry: not used by this stream
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.dataLines.push(value);
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
