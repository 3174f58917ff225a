import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createConsoleSmsProvider } from './console-provider.js';

function recording() {
  const logged: string[] = [];
  const written: string[] = [];
  const log = {
    info: (_fields: unknown, message: string) => logged.push(message),
  } as unknown as FastifyBaseLogger;
  return { logged, written, log, write: (text: string) => written.push(text) };
}

describe('console SMS provider', () => {
  it('logs the code and, outside production, prints it as one plain line', async () => {
    const { logged, written, log, write } = recording();
    await createConsoleSmsProvider(log, { production: false, write }).sendCode(
      '13800138000',
      '123456',
    );
    expect(logged).toEqual(['SMS verification code for 13800138000: 123456']);
    expect(written).toEqual(['[短信验证码 / SMS code] 13800138000: 123456\n']);
  });

  it('in production only logs, as before', async () => {
    const { logged, written, log, write } = recording();
    await createConsoleSmsProvider(log, { production: true, write }).sendCode(
      '13800138000',
      '123456',
    );
    expect(logged).toHaveLength(1);
    expect(written).toHaveLength(0);
  });
});
