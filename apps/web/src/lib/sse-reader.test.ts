import { describe, expect, it } from 'vitest';
import { SseReader } from './sse-reader';

describe('SseReader', () => {
  it('names each event by its event field, message when it has none, and resets the name', () => {
    const reader = new SseReader();
    expect(
      reader.push('event: notification\ndata: {"a":1}\n\ndata: plain\n\nevent: error\nda'),
    ).toEqual([
      { event: 'notification', data: '{"a":1}' },
      { event: 'message', data: 'plain' },
    ]);
    expect(reader.push('ta: gone\n\n')).toEqual([{ event: 'error', data: 'gone' }]);
  });

  it('skips comments, and an event that names itself but carries no data', () => {
    const reader = new SseReader();
    expect(reader.push(': connected\n\n: keep-alive\n\nevent: ping\n\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });
});
