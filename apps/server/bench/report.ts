// What the benchmarks share for reporting: a line to stdout, the load average and order
// statistics of samples.
import os from 'node:os';

export const out = (line = '') => process.stdout.write(`${line}\n`);

/** The machine's load average over 1, 5 and 15 minutes, as printed beside the figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** Median, 95th percentile, fastest and slowest of timing samples (ms). */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), min: sorted[0]!, max: sorted.at(-1)! };
}

/** Order statistics of `runs` timed calls of `fn`, after 5 untimed warm-up calls. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number) {
  for (let i = 0; i < 5; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}
