// Indexes over one process-table snapshot: by pid, children by parent, rows by tty.
import type { ProcessInfo } from "./types.js";

/** Identity that survives pid reuse between scans. */
export const processKey = (p: ProcessInfo): string => `${p.pid}@${p.startTime}`;

export class ProcessTable {
  readonly byPid = new Map<number, ProcessInfo>();
  readonly children = new Map<number, ProcessInfo[]>();
  readonly byTty = new Map<string, ProcessInfo[]>();

  constructor(readonly rows: readonly ProcessInfo[]) {
    for (const row of rows) this.index(row);
  }

  /** Adds a process read after the listing (a hook helper's new parent); `rows` stays the listing. */
  add(row: ProcessInfo): void {
    if (!this.byPid.has(row.pid)) this.index(row);
  }

  private index(row: ProcessInfo): void {
    this.byPid.set(row.pid, row);
    if (row.ppid !== row.pid) push(this.children, row.ppid, row);
    if (row.tty !== null) push(this.byTty, row.tty, row);
  }

  childrenOf(pid: number): ProcessInfo[] {
    return this.children.get(pid) ?? [];
  }

  parentOf(p: ProcessInfo): ProcessInfo | undefined {
    return p.ppid === p.pid || p.ppid <= 0 ? undefined : this.byPid.get(p.ppid);
  }

  /** p, its parent, … up to the root; stops on cycles (pid reuse can make one) and after `limit`. */
  ancestry(p: ProcessInfo, limit = 64): ProcessInfo[] {
    const chain: ProcessInfo[] = [];
    const seen = new Set<number>();
    let cur: ProcessInfo | undefined = p;
    while (cur && !seen.has(cur.pid) && chain.length < limit) {
      chain.push(cur);
      seen.add(cur.pid);
      cur = this.parentOf(cur);
    }
    return chain;
  }

  /** The tty's session leader side: the topmost process on the tty (its parent is elsewhere). */
  topOfTty(tty: string): ProcessInfo | undefined {
    const rows = this.byTty.get(tty) ?? [];
    const tops = rows.filter((r) => this.byPid.get(r.ppid)?.tty !== tty);
    return tops.sort((a, b) => a.pid - b.pid)[0];
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
