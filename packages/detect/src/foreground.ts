// The agent in a tty's foreground (docs/terminals.md#the-foreground-agent-of-a-terminal,
// docs/terminals.md#wrappers-and-the-mytty_agent-hint): the foreground group's
// leader, else bounded wrapper descendants, else the leader's MYTTY_AGENT hint.
import type { ClassificationCache } from "./cache.js";
import type { Classification } from "./classify.js";
import type { ProcessTable } from "./table.js";
import type { DetectionVia, ProcessInfo, ProcessSource } from "./types.js";

/** Mytty's limits for the look below a shell or wrapper. */
export const DESCENDANT_LIMITS = { depth: 2, visits: 8, argvReads: 4 } as const;

export interface ForegroundAgent {
  process: ProcessInfo;
  classification: Classification;
  via: DetectionVia;
  /** The foreground group leader the search started from. */
  leader: ProcessInfo;
}

/** Foreground group members of a tty, leader first; empty when the tty has no live foreground group. */
export function foregroundGroup(
  table: ProcessTable,
  tty: string,
): { leader: ProcessInfo; members: ProcessInfo[] } | undefined {
  const rows = table.byTty.get(tty) ?? [];
  const tpgid = rows.find((r) => r.tpgid > 0)?.tpgid;
  if (tpgid === undefined) return undefined;
  const members = rows.filter((r) => r.pgid === tpgid).sort((a, b) => a.pid - b.pid);
  if (members.length === 0) return undefined;
  // The leader may have exited (a pipeline's first command): then the topmost member stands in.
  const inGroup = new Set(members.map((m) => m.pid));
  const leader = members.find((m) => m.pid === tpgid) ?? members.find((m) => !inGroup.has(m.ppid)) ?? members[0]!;
  return { leader, members };
}

/**
 * Breadth-first below `root` on the same tty: depth ≤ 2, ≤ 8 processes visited (the 9th aborts with
 * nothing, as in Mytty), path first, argv only while the budget of 4 lasts. Tty-less helpers are skipped.
 */
export function searchDescendants(
  table: ProcessTable,
  cache: ClassificationCache,
  root: ProcessInfo,
): { process: ProcessInfo; classification: Classification } | undefined {
  let level = [root];
  let visits = 0;
  let argvReads = 0;
  for (let depth = 1; depth <= DESCENDANT_LIMITS.depth; depth += 1) {
    const next: ProcessInfo[] = [];
    for (const parent of level) {
      for (const child of table.childrenOf(parent.pid).sort((a, b) => a.pid - b.pid)) {
        if (child.tty === null || child.tty !== root.tty) continue;
        visits += 1;
        if (visits > DESCENDANT_LIMITS.visits) return undefined;
        let found = cache.pathOnly(child);
        if (!found && argvReads < DESCENDANT_LIMITS.argvReads) {
          argvReads += 1;
          found = cache.full(child);
        }
        if (found) return { process: child, classification: found };
        next.push(child);
      }
    }
    level = next;
  }
  return undefined;
}

export async function foregroundAgent(
  table: ProcessTable,
  cache: ClassificationCache,
  source: ProcessSource,
  tty: string,
): Promise<ForegroundAgent | undefined> {
  const group = foregroundGroup(table, tty);
  if (!group) return undefined;
  const { leader, members } = group;
  const direct = cache.full(leader);
  if (direct) return { process: leader, classification: direct, via: "process", leader };

  const shape = cache.shape(leader);
  // A shell at its prompt owns the terminal alone: nothing runs, and its environment is no hint.
  if (shape.interactive && members.length === 1) return undefined;

  if (shape.shell || shape.wrapper) {
    const below = searchDescendants(table, cache, leader);
    if (below) return { ...below, via: "descendant", leader };
  }
  // Other roots of the group (`cat x | claude`: both are children of the shell).
  const inGroup = new Set(members.map((m) => m.pid));
  for (const m of members) {
    if (m === leader || inGroup.has(m.ppid)) continue;
    const found = cache.full(m);
    if (found) return { process: m, classification: found, via: "descendant", leader };
  }

  const hinted = await cache.hint(leader, source);
  if (hinted) return { process: leader, classification: { provider: hinted }, via: "hint", leader };
  return undefined;
}
