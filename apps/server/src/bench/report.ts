// What the benchmarks share for reporting: a line to stdout and order statistics of samples.

export const out = (line = '') => process.stdout.write(`${line}\n`);

/** Median, 95th percentile, fastest and slowest of timing samples (ms). */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), min: sorted[0]!, max: sorted.at(-1)! };
}
