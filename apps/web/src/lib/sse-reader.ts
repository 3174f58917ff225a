// Server-sent events read from a fetch body (EventSource can neither send our Authorization header
// nor POST): the framing alone — `event` and `data` fields, comments, CR/LF/CRLF line ends, an
// event ending at its blank line. Text arrives in arbitrary pieces, so the reader keeps what is
// not yet a whole event. What an event's data means is each stream's own business.

export interface SseEvent {
  /** the `event` field, `message` when the event named none */
  event: string;
  /** the `data` lines joined by '\n' */
  data: string;
}

export class SseReader {
  private buffer = '';
  private dataLines: string[] = [];
  private eventName = '';

  /** Feeds the next piece of text; returns every event it completes. */
  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    let newline = this.nextLineEnd();
    while (newline >= 0) {
      // a lone CR at the very end may be the first half of a CRLF still on its way
      if (this.buffer[newline] === '\r' && newline + 1 === this.buffer.length) break;
      const line = this.buffer.slice(0, newline);
      // a CRLF counts as one line end
      const skip = this.buffer[newline] === '\r' && this.buffer[newline + 1] === '\n' ? 2 : 1;
      this.buffer = this.buffer.slice(newline + skip);
      this.takeLine(line, events);
      newline = this.nextLineEnd();
    }
    return events;
  }

  /** The stream ended: an event without its closing blank line still counts. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
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

  private takeLine(line: string, events: SseEvent[]): void {
    if (line === '') {
      // as EventSource does: an event without data is not dispatched
      if (this.dataLines.length > 0) {
        events.push({ event: this.eventName || 'message', data: this.dataLines.join('\n') });
      }
      this.dataLines = [];
      this.eventName = '';
      return;
    }
    if (line.startsWith(':')) return; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventName = value;
    // id and retry: none of our streams resumes or sets its retry by the server's word
  }
}
