// Request schemas that refuse what the database would fail on (found by the server's fuzz test).
import { describe, expect, it } from 'vitest';
import { savePageBlocksRequestSchema } from './page.js';
import { updateMemberGroupRequestSchema } from './space.js';

describe('request schemas', () => {
  it('refuse a member group update that changes nothing', () => {
    expect(updateMemberGroupRequestSchema.safeParse({}).success).toBe(false);
    expect(updateMemberGroupRequestSchema.safeParse({ role: 'reader' }).success).toBe(true);
  });

  it('keep a block save’s base revision within the column’s integer range', () => {
    const changes = [{ op: 'delete', blockId: 'b1' }];
    expect(savePageBlocksRequestSchema.safeParse({ baseRevision: 2 ** 31, changes }).success).toBe(
      false,
    );
    expect(
      savePageBlocksRequestSchema.safeParse({ baseRevision: 2 ** 31 - 1, changes }).success,
    ).toBe(true);
  });
});
