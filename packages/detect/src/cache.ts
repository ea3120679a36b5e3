// Per-process memo keyed by pid + start time + comm: a steady scan re-reads no argv, path or environment.
// Everything that looks at argv/executable/env goes through here; entries of gone processes are pruned.
import type { ProviderId } from "@mytty-bar/protocol";
import type { Classification } from "./classify.js";
import { classifyProcess, isInteractiveShell, isShell, isWrapper, parseHint } from "./classify.js";
import { processKey } from "./table.js";
import type { ProcessInfo, ProcessSource } from "./types.js";

export interface Shape {
  shell: boolean;
  wrapper: boolean;
  interactive: boolean;
}

interface Entry {
  pid: number;
  full?: Classification | null;
  pathOnly?: Classification | null;
  shape?: Shape;
  env?: Promise<Record<string, string> | undefined>;
  hint?: Promise<ProviderId | undefined>;
  memo?: Map<string, unknown>;
}

/**
 * A process as classified: pid + start time (pid reuse), and comm, which an exec changes without a new pid
 * (a shell's fork classified before it exec'd an agent would otherwise stay a shell).
 */
const entryKey = (p: ProcessInfo): string => `${processKey(p)}:${p.comm ?? ""}`;

export class ClassificationCache {
  private entries = new Map<string, Entry>();

  private entry(p: ProcessInfo): Entry {
    const key = entryKey(p);
    let e = this.entries.get(key);
    if (!e) this.entries.set(key, (e = { pid: p.pid }));
    return e;
  }

  /** Classification from executable path and argv[0..1]. */
  full(p: ProcessInfo): Classification | undefined {
    const e = this.entry(p);
    if (e.full === undefined) e.full = classifyProcess(p.executable, p.argv) ?? null;
    return e.full ?? undefined;
  }

  /** Classification from the executable path alone (the cheap first look at a descendant). */
  pathOnly(p: ProcessInfo): Classification | undefined {
    const e = this.entry(p);
    if (e.pathOnly === undefined) e.pathOnly = (p.executable ? classifyProcess(p.executable, []) : undefined) ?? null;
    return e.pathOnly ?? undefined;
  }

  shape(p: ProcessInfo): Shape {
    const e = this.entry(p);
    e.shape ??= {
      shell: isShell(p.executable, p.argv),
      wrapper: isWrapper(p.executable, p.argv),
      interactive: isInteractiveShell(p.executable, p.argv),
    };
    return e.shape;
  }

  /** Exec-time environment, read once per process. */
  env(p: ProcessInfo, source: ProcessSource): Promise<Record<string, string> | undefined> {
    const e = this.entry(p);
    e.env ??= source.environ(p.pid).catch(() => undefined); // exited or not ours: no hints
    return e.env;
  }

  hint(p: ProcessInfo, source: ProcessSource): Promise<ProviderId | undefined> {
    const e = this.entry(p);
    e.hint ??= this.env(p, source).then((env) => parseHint(env?.MYTTY_AGENT));
    return e.hint;
  }

  /** Any other per-process derived value (e.g. the host app a process names). */
  memo<T>(p: ProcessInfo, name: string, compute: () => T): T {
    const e = this.entry(p);
    e.memo ??= new Map();
    if (!e.memo.has(name)) e.memo.set(name, compute());
    return e.memo.get(name) as T;
  }

  /**
   * Drops entries of processes no longer in the table (exited, pid reused, exec'd): one lookup in the
   * table's pid index per entry (a few per agent), not one key string per listed process.
   */
  endScan(byPid: ReadonlyMap<number, ProcessInfo>): void {
    for (const [key, e] of this.entries) {
      const row = byPid.get(e.pid);
      if (!row || entryKey(row) !== key) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
