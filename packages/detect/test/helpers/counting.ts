// A ProcessSource wrapper that counts every read of argv, executable and environment, to prove
// that a steady scan does no repeated classification work.
import type { ProcessInfo, ProcessSource } from "@mytty-bar/detect";

export interface Counts {
  argv: number;
  executable: number;
  environ: number;
}

export function countingSource(inner: ProcessSource): { source: ProcessSource; counts: Counts; reset(): void } {
  const counts: Counts = { argv: 0, executable: 0, environ: 0 };
  const wrap = (row: ProcessInfo): ProcessInfo => {
    const { argv, executable, ...rest } = row;
    const out = { ...rest } as ProcessInfo;
    Object.defineProperty(out, "argv", { enumerable: true, get: () => ((counts.argv += 1), argv) });
    Object.defineProperty(out, "executable", { enumerable: true, get: () => ((counts.executable += 1), executable) });
    return out;
  };
  return {
    counts,
    reset() {
      counts.argv = 0;
      counts.executable = 0;
      counts.environ = 0;
    },
    source: {
      list: async () => (await inner.list()).map(wrap),
      environ: (pid) => {
        counts.environ += 1;
        return inner.environ(pid);
      },
      cwd: (pid) => inner.cwd(pid),
    },
  };
}
