import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { installErrorHandler } from './error-handler.js';

describe('error handler', () => {
  it('answers 503 with Retry-After when the database cannot be reached, 500 otherwise', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    app.get('/refused', async () => {
      throw Object.assign(new Error('Failed query: select 1'), { cause: refused });
    });
    app.get('/terminated', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/bug', async () => {
      throw new TypeError('undefined is not a function');
    });
    for (const url of ['/refused', '/terminated']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: ErrorCode.databaseBusy, data: null });
    }
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
