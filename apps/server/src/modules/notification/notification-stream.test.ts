import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@library/contract';
import { buildPage, buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let first: TestApp;
let second: TestApp;
let secondUrl: string;
beforeAll(async () => {
  first = await createTestApp();
  // another instance on the same database
  second = await createTestApp({}, first.database);
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  const address = second.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  secondUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await second.close();
  await first.close();
});

interface Stream {
  /** the `notification` events so far */
  received: Notification[];
  /** every other event's name */
  others: string[];
  ended: Promise<void>;
  close(): void;
}

/** Opens the live stream with these headers and collects its events. */
function openStream(headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${secondUrl}/api/v1/notification/stream`, { headers }, (response) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      const stream: Stream = {
        received: [],
        others: [],
        ended: new Promise((done) => response.on('close', () => done())),
        close: () => request.destroy(),
      };
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(event)?.[1];
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (name === 'notification' && data) stream.received.push(JSON.parse(data));
          else if (name) stream.others.push(name);
        }
      });
      resolve(stream);
    });
    request.on('error', reject);
  });
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /api/v1/notification/stream', () => {
  it('sends the caller each new notification made on another instance, and nobody else’s', async () => {
    const w = await buildSpaceWithRoles(first.db);
    const page = await buildPage(first.db, w.space.id, w.ids.owner);
    const owner = await openStream(w.as.owner);
    const editor = await openStream(w.as.editor);

    const res = await first.call('POST', `/api/v2/space/page/${page.id}/comment`, w.as.editor, {
      content: '请看第二段',
    });
    expect(res.body.code).toBe(0);
    await first.app.jobs.drain();

    await until(() => owner.received.length === 1);
    expect(owner.received[0]).toMatchObject({ type: 'comment', excerpt: '请看第二段' });
    // what the inbox then lists is what was streamed
    const listed = await second.call('GET', '/api/v1/notification', w.as.owner);
    expect(listed.body.data.list[0]).toEqual(owner.received[0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(editor.received).toEqual([]);
    owner.close();
    editor.close();
  });

  it('ends when the caller’s login is revoked', async () => {
    const w = await buildSpaceWithRoles(first.db);
    const stream = await openStream(w.as.reader);
    const logout = await first.call('DELETE', '/api/v1/user/logout', w.as.reader);
    expect(logout.status).toBe(200);
    await stream.ended;
    expect(stream.others).toEqual(['error']);
  });

  it('is only for a logged-in caller', async () => {
    const res = await second.call('GET', '/api/v1/notification/stream', {});
    expect(res.status).toBe(401);
  });
});
