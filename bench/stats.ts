// Small numeric helpers shared by the benches.
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(
  samples: number[],
  digits = 2,
): { median: number; p95: number; min: number; max: number; n: number } {
  const round = (n: number) => Number(n.toFixed(digits));
  return {
    median: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    n: samples.length,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, returning milliseconds per run. */
export async function time(fn: () => unknown | Promise<unknown>, runs: number, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}
