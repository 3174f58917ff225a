// Fractional positions order siblings (tree nodes, blocks, groups): inserting or moving touches
// one row. Keys compare by plain character codes, so SQL must sort them with the "C" collation.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/** A key sorting strictly between `before` and `after` (null = open end). */
export function positionBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

/** `count` ascending keys between `before` and `after`. */
export function positionsBetween(before: string | null, after: string | null, count: number) {
  return generateNKeysBetween(before, after, count);
}

export function comparePositions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ORDER BY expression for a position column. */
export function byPosition(column: AnyColumn): SQL {
  return sql`${column} collate "C"`;
}
