/** The first wait before connecting again, doubled after each failure up to the last. */
const firstMs = 1000;
const longestMs = 30_000;

/**
 * How long to wait before the `attempt`-th reconnection (0 first): 1 s, 2 s, 4 s … at most 30 s,
 * each between 80 % and 100 % of that so that many tabs dropped at once do not return at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(longestMs, firstMs * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling * (0.8 + 0.2 * random()));
}
