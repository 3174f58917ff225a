// The state table in code and the one in docs/orders.md say the same, and every state has its
// refusal code from the catalogue.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode, orderStates } from '@library/contract';
import { serverRoot } from '../../server-root.js';
import { allows, orderMoves, refusal, stateCodes } from './order.states.js';

const doc = fs.readFileSync(path.join(serverRoot, '../../docs/orders.md'), 'utf8');

describe('the order state table', () => {
  it('is documented move by move in docs/orders.md', () => {
    const rows = [...doc.matchAll(/^\| `(\w+)` \| ([^|]+) \| `(\w+)` \|/gm)].map((match) => ({
      move: match[1],
      from: [...(match[2] ?? '').matchAll(/`(\w+)`/g)].map((state) => state[1]),
      to: match[3],
    }));
    expect(rows).toEqual(
      Object.entries(orderMoves).map(([move, { from, to }]) => ({ move, from: [...from], to })),
    );
  });

  it('refuses a move from any state it does not list with that state’s code', () => {
    for (const state of orderStates) {
      expect(stateCodes[state]).toBeGreaterThan(601000);
      for (const [move, { from }] of Object.entries(orderMoves)) {
        expect(allows(move as keyof typeof orderMoves, state)).toBe(
          (from as readonly string[]).includes(state),
        );
      }
    }
    expect(refusal('paid').code).toBe(ErrorCode.orderPaid);
    expect(refusal('unknown').code).toBe(ErrorCode.orderStateMismatch);
  });
});
