// A process source that sees only one process tree: `root` and its descendants. For a machine shared
// with other people's agents (tests, demos, debugging one tmux server): nothing outside the tree is
// classified, located or joined, as if it did not run.
import type { ProcessInfo, ProcessSource } from "../types.js";

/** Keeps the processes whose parent chain reaches `root` (itself included); pure. */
export function withinTree(processes: readonly ProcessInfo[], root: number): ProcessInfo[] {
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const inside = new Map<number, boolean>([[root, true]]);
  const decide = (p: ProcessInfo): boolean => {
    const path: number[] = [];
    let cur: ProcessInfo | undefined = p;
    let answer = false;
    // Walk up until a known answer, a loop, or the top; then remember the answer for the whole path.
    while (cur !== undefined) {
      const known = inside.get(cur.pid);
      if (known !== undefined) {
        answer = known;
        break;
      }
      if (path.includes(cur.pid)) break;
      path.push(cur.pid);
      cur = byPid.get(cur.ppid);
    }
    for (const pid of path) inside.set(pid, answer);
    return answer;
  };
  return processes.filter(decide);
}

export function scopedSource(source: ProcessSource, root: number): ProcessSource {
  const scoped: ProcessSource = {
    list: async () => withinTree(await source.list(), root),
    environ: (pid) => source.environ(pid),
    cwd: (pid) => source.cwd(pid),
  };
  const one = source.process?.bind(source);
  if (one) {
    // One process, when its parent chain reaches `root` (read up the chain, a few rows, not a listing).
    scoped.process = async (pid) => {
      const row = await one(pid);
      const seen = new Set<number>();
      for (let cur = row; cur !== undefined && !seen.has(cur.pid) && seen.size < 64; cur = await one(cur.ppid)) {
        if (cur.pid === root) return row;
        seen.add(cur.pid);
        if (cur.ppid <= 0) break;
      }
      return undefined;
    };
  }
  return scoped;
}
