// One scan: process table → foreground agent per tty → where each tty lives. Also the hook join:
// from a hook helper's parent pid up to the agent that ran it.
import { existsSync } from "node:fs";
import type { ProviderId } from "@mytty-bar/protocol";
import { ClassificationCache } from "./cache.js";
import type { Classification } from "./classify.js";
import { variantOf } from "./classify.js";
import type { DetectEffects } from "./effects.js";
import { defaultEffects } from "./effects.js";
import { foregroundAgent } from "./foreground.js";
import { describeHost } from "./host.js";
import { locate, type LocateContext } from "./locate.js";
import { createProcSource, unixSocketsOf } from "./sources/proc.js";
import { createPsListSource } from "./sources/ps-list.js";
import { createPsSource } from "./sources/ps.js";
import { ProcessTable } from "./table.js";
import { isTmuxProcess, serverOfTty, TmuxWatcher, type TmuxServerState } from "./tmux.js";
import type {
  DetectedAgent,
  DetectionVia,
  LeftOutAgent,
  ProcessInfo,
  ProcessSource,
  ScanResult,
  TerminalLocation,
} from "./types.js";

export type SourceKind = "proc" | "ps" | "ps-list";

/** The fastest source this machine supports: /proc on Linux (no spawn), else one `ps` call. */
export function defaultSourceKind(platform: NodeJS.Platform = process.platform): SourceKind {
  return platform === "linux" && existsSync("/proc/self/stat") ? "proc" : "ps";
}

export function createSource(kind: SourceKind = defaultSourceKind()): ProcessSource {
  if (kind === "proc") return createProcSource();
  if (kind === "ps-list") return createPsListSource();
  return createPsSource();
}

export interface ScannerOptions {
  source?: ProcessSource;
  effects?: Partial<DetectEffects>;
  /** How long tmux answers are reused while the process table shows no change (default 10 s). */
  tmuxMaxAgeMs?: number;
  /**
   * Whose agents are shown and joined: a uid, or undefined for everyone's (an owner not known). Defaults
   * to `effects.uid`; a watched host's is its ssh user's, known once its streamer greeted.
   */
  owner?: () => number | undefined;
}

export interface JoinResult {
  /** The agent that ran the hook, when one was found up the parent chain. */
  agent?: DetectedAgent;
  tty: string | null;
  /** The agent's terminal, or the host found for a chain without an agent (IDE extension, cron). */
  terminal: TerminalLocation;
}

export interface Scanner {
  scan(): Promise<ScanResult>;
  /**
   * Hook join: walk up from `pid` (the helper's ppid) to the nearest agent. `processes` defaults to the
   * last scan's; parents missing from it are read one by one (or, from a source that can only list, by a
   * fresh list).
   */
  join(pid: number, processes?: readonly ProcessInfo[]): Promise<JoinResult>;
  /** Where any listed process's tty lives (tmux pane, host app), as for an agent; undefined when not listed. */
  locateProcess(pid: number, processes: readonly ProcessInfo[]): Promise<JoinResult | undefined>;
  readonly cache: ClassificationCache;
  readonly tmux: TmuxWatcher;
}

// Ancestors whose environment the join may read for a MYTTY_AGENT hint.
const JOIN_HINT_DEPTH = 16;

/** A detected agent row; memoised per process so a steady scan does not touch argv or the executable link again. */
function toAgent(
  cache: ClassificationCache,
  p: ProcessInfo,
  c: Classification,
  via: DetectionVia,
  terminal: TerminalLocation,
): DetectedAgent {
  const shown = cache.memo(p, "shown", () => ({ executable: p.executable ?? p.argv[0] ?? "", argv: p.argv }));
  const agent: DetectedAgent = {
    tty: p.tty,
    pid: p.pid,
    provider: c.provider,
    via,
    executable: shown.executable,
    argv: shown.argv,
    startTime: p.startTime,
    terminal,
  };
  if (c.provider === "antigravity") agent.variant = c.variant ?? variantOf(p.executable, p.argv);
  return agent;
}

/** What is said of another user's agent: never located (its tmux server is not ours to ask). */
function leftOutAgent(p: ProcessInfo, c: Classification): LeftOutAgent {
  return {
    pid: p.pid,
    uid: p.uid ?? -1,
    provider: c.provider,
    tty: p.tty,
    executable: p.executable ?? p.argv[0] ?? "",
  };
}

/**
 * The first agent of ours in a hook's parent chain. A launcher and the binary it starts are one agent
 * (Codex's npm `node …/codex.js` runs the native `…/codex`): the outermost of them, on the same tty, is
 * the one the scan shows.
 */
function agentInChain(
  chain: readonly ProcessInfo[],
  cache: ClassificationCache,
  ours: (p: ProcessInfo) => boolean,
): { p: ProcessInfo; c: Classification; via: DetectionVia } | undefined {
  for (const [i, p] of chain.entries()) {
    if (!ours(p)) continue;
    const c = cache.full(p);
    if (!c) continue;
    let hit = { p, c, via: "process" as DetectionVia };
    for (const parent of chain.slice(i + 1)) {
      const pc = cache.full(parent);
      if (!ours(parent) || parent.tty !== p.tty || pc?.provider !== c.provider) break;
      hit = { p: parent, c: pc, via: "process" };
    }
    return hit;
  }
  return undefined;
}

export function createScanner(options: ScannerOptions = {}): Scanner {
  const base = defaultEffects();
  if (base.platform === "linux") base.socketsOf = (pid) => unixSocketsOf(pid);
  const effects: DetectEffects = { ...base, ...options.effects };
  const source = options.source ?? createSource();
  const cache = new ClassificationCache();
  const isTmux = (p: ProcessInfo) => cache.memo(p, "tmux", () => isTmuxProcess(p));
  const tmux = new TmuxWatcher(effects, options.tmuxMaxAgeMs, Date.now, isTmux);
  // One table per listing: joins against the last scan's listing reuse its indexes.
  const tables = new WeakMap<readonly ProcessInfo[], ProcessTable>();
  const tableOf = (processes: readonly ProcessInfo[]): ProcessTable => {
    let table = tables.get(processes);
    if (!table) tables.set(processes, (table = new ProcessTable(processes)));
    return table;
  };
  let lastListing: readonly ProcessInfo[] | undefined;
  // Another user's `claude` is not ours to show or to join a hook to; a row whose owner the source cannot
  // tell (a host whose ps has no uid column) counts as ours (docs/detection.md#whose-agents-are-shown).
  const owner = options.owner ?? (() => effects.uid);
  const ours = (p: ProcessInfo) => {
    const uid = owner();
    return uid === undefined || p.uid === undefined || p.uid === uid;
  };

  async function context(table: ProcessTable, ttys: readonly string[], prune = false): Promise<LocateContext> {
    const servers = new Map<number, ProcessInfo>();
    for (const tty of ttys) {
      const server = serverOfTty(table, tty, isTmux);
      // Another user's tmux server is never asked, so never a Jump's target (our agent in it, run by sudo).
      if (server && ours(server)) servers.set(server.pid, server);
    }
    const states = await tmux.query(table, [...servers.values()], prune);
    return {
      table,
      cache,
      source,
      isTmux,
      tmux: new Map<number, TmuxServerState>(states.map((s) => [s.server.pid, s])),
    };
  }

  async function scan(): Promise<ScanResult> {
    const processes = await source.list();
    const table = tableOf(processes);
    lastListing = processes;
    const ttys = [...table.byTty.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    const candidates = (await Promise.all(ttys.map((tty) => foregroundAgent(table, cache, source, tty)))).filter(
      (f) => f !== undefined,
    );
    const found = candidates.filter((f) => ours(f.process));
    const leftOut = candidates.filter((f) => !ours(f.process)).map((f) => leftOutAgent(f.process, f.classification));
    const ctx = await context(
      table,
      found.map((f) => f.process.tty!),
      true,
    );
    const agents = await Promise.all(
      found.map(async (f) => toAgent(cache, f.process, f.classification, f.via, await locate(ctx, f.process))),
    );
    cache.endScan(table.byPid);
    return { processes, agents, otherUsers: leftOut.length, leftOut, at: new Date() };
  }

  async function join(pid: number, given?: readonly ProcessInfo[]): Promise<JoinResult> {
    const listing = given ?? lastListing;
    const table = listing === undefined ? tableOf(await source.list()) : await withParents(tableOf(listing), pid);
    const start = table.byPid.get(pid);
    if (!start) return { tty: null, terminal: {} };
    const chain = table.ancestry(start);
    let hit = agentInChain(chain, cache, ours);
    if (!hit) hit = await hintedAncestor(chain);
    if (!hit) {
      return { tty: null, terminal: describeHost(table, cache, start, await cache.env(start, source)) };
    }
    const tty = hit.p.tty;
    const ctx = await context(table, tty ? [tty] : []);
    const agent = toAgent(cache, hit.p, hit.c, hit.via, await locate(ctx, hit.p));
    return { agent, tty, terminal: agent.terminal };
  }

  /** `table` plus `pid` and its ancestors missing from it, read on their own; a fresh listing's table without `process()`. */
  async function withParents(table: ProcessTable, pid: number): Promise<ProcessTable> {
    if (table.byPid.has(pid)) return table;
    if (!source.process) return tableOf(await source.list());
    let cur = pid;
    for (let depth = 0; depth < 64 && cur > 0 && !table.byPid.has(cur); depth += 1) {
      const row = await source.process(cur);
      if (!row) break; // exited: the chain ends here, as in a listing
      table.add(row);
      if (row.ppid === row.pid) break;
      cur = row.ppid;
    }
    return table;
  }

  /** The topmost of the first run of ancestors carrying the same valid hint (the wrapper, not its `sh -c`). */
  async function hintedAncestor(
    chain: readonly ProcessInfo[],
  ): Promise<{ p: ProcessInfo; c: Classification; via: DetectionVia } | undefined> {
    let found: { p: ProcessInfo; provider: ProviderId } | undefined;
    for (const p of chain.slice(0, JOIN_HINT_DEPTH)) {
      const hint = ours(p) ? await cache.hint(p, source) : undefined;
      if (found && hint !== found.provider) break;
      if (hint) found = { p, provider: hint };
    }
    return found ? { p: found.p, c: { provider: found.provider }, via: "hint" } : undefined;
  }

  async function locateProcess(pid: number, processes: readonly ProcessInfo[]): Promise<JoinResult | undefined> {
    const table = tableOf(processes);
    const p = table.byPid.get(pid);
    if (!p) return undefined;
    return { tty: p.tty, terminal: await locate(await context(table, p.tty ? [p.tty] : []), p) };
  }

  return { scan, join, locateProcess, cache, tmux };
}
