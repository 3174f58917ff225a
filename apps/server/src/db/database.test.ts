// Background work on the embedded database gives way to waiting requests between statements.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldingPglite } from './database.js';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
});

afterAll(async () => {
  await client.close();
});

/**
 * How many of 20 statements had run when a callback queued on the event loop at the start got its
 * turn (-1: not before the last).
 */
async function statementsBeforeTurn(query: (text: string) => Promise<unknown>) {
  let done = 0;
  let seenAt = -1;
  setImmediate(() => (seenAt = done));
  for (let i = 0; i < 20; i++) {
    await query('select 1');
    done += 1;
  }
  return seenAt;
}

describe('yieldingPglite', () => {
  it('lets what waits on the event loop run before each statement, in and out of transactions', async () => {
    // PGlite answers through promises only: a plain chain of statements never gives way
    expect(await statementsBeforeTurn((text) => client.query(text))).toBe(-1);
    const yielding = yieldingPglite(client);
    expect(await statementsBeforeTurn((text) => yielding.query(text))).toBe(0);
    const inTransaction = await yielding.transaction((tx) =>
      statementsBeforeTurn((text) => tx.query(text)),
    );
    expect(inTransaction).toBe(0);
    expect((await yielding.query<{ n: number }>('select 2 as n')).rows[0]?.n).toBe(2);
  });
});
