import { describe, expect, it } from 'vitest';
import { personColor } from './collab-people';

describe('personColor', () => {
  it('gives a person the same colour every time', () => {
    expect(personColor('10002')).toBe(personColor('10002'));
  });

  it('spreads people over the palette', () => {
    const seen = new Set(
      Array.from({ length: 40 }, (_, index) => personColor(String(10000 + index))),
    );
    expect(seen.size).toBeGreaterThanOrEqual(6);
  });
});
