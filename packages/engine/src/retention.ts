// What the engine forgets, and when: runs nobody shows any more, agents long gone. Keeps memory and
// the event log bounded however long the engine runs.
import {
  actionableItems,
  isTerminal,
  pruneAttention,
  syntheticId,
  type AgentEvent,
  type Run,
  type TrackerState,
} from "@mytty-bar/protocol";
import type { AgentRecord } from "./agents.js";

/**
 * A gone agent's row stays this long (its last state is still worth a glance): from the scan that found
 * its process gone, or, for an agent without a process, from the event that ended its session.
 */
export const GONE_RETENTION_MS = 10 * 60 * 1000;
/** An agent without a process (hooks only) that may still be open is dropped this long after its last event, unless it needs you. */
export const HOOK_ONLY_RETENTION_MS = 60 * 60 * 1000;
/** Finished runs that are not an agent's latest are kept this long (supersede and late retries). */
export const OLD_RUN_RETENTION_MS = 60 * 60 * 1000;

/** The run of an agent whose process went away while the run was still open. */
export function disconnectEvent(run: Run, now: Date): AgentEvent {
  return {
    v: 1,
    id: syntheticId(run.id, "process-exited"),
    provider: run.provider,
    kind: "disconnected",
    runKey: run.runKey,
    runId: run.id,
    ...(run.sessionId !== undefined ? { sessionId: run.sessionId } : {}),
    hook: "mytty-bar.processExited",
    at: now.toISOString(),
    message: "Agent process exited",
    synthetic: true,
  };
}

export function pruneRuns(
  tracker: TrackerState,
  agents: ReadonlyMap<string, AgentRecord>,
  runOwner: ReadonlyMap<string, string>,
  now: Date,
): { tracker: TrackerState; removedRuns: string[] } {
  const pruned = pruneAttention(tracker, now);
  const withItems = new Set(pruned.attention.map((i) => i.runId));
  const latest = new Set([...agents.values()].map((a) => a.lastRunId).filter((id): id is string => id !== undefined));
  const runs: Record<string, Run> = {};
  const removedRuns: string[] = [];
  for (const [id, run] of Object.entries(pruned.runs)) {
    const owner = agents.get(runOwner.get(id) ?? "");
    const keep =
      withItems.has(id) ||
      (owner !== undefined &&
        (latest.has(id) || !isTerminal(run.state) || now.getTime() - Date.parse(run.updatedAt) < OLD_RUN_RETENTION_MS));
    if (keep) runs[id] = run;
    else removedRuns.push(id);
  }
  if (removedRuns.length === 0) return { tracker: pruned, removedRuns };
  // The tracker runs in place for the engine and leaves heads of pruned runs to whoever prunes them.
  const next: TrackerState = { ...pruned, runs };
  if (pruned.heads)
    next.heads = Object.fromEntries(Object.entries(pruned.heads).filter(([, head]) => Object.hasOwn(runs, head)));
  return { tracker: next, removedRuns };
}

/** Keys of agent records to drop now. */
export function pruneRecords(
  agents: ReadonlyMap<string, AgentRecord>,
  tracker: TrackerState,
  runOwner: ReadonlyMap<string, string>,
  now: Date,
): string[] {
  const t = now.getTime();
  const needsYou = new Set(actionableItems(tracker).map((i) => runOwner.get(i.runId)));
  const drop: string[] = [];
  for (const record of agents.values()) {
    if (needsYou.has(record.key)) continue;
    const run = record.lastRunId !== undefined ? tracker.runs[record.lastRunId] : undefined;
    if (record.pid !== null) {
      if (record.alive) continue;
      // A process we only ever saw by polling leaves nothing to show once gone.
      if (!run || t - (record.goneAt ?? t) >= GONE_RETENTION_MS) drop.push(record.key);
      continue;
    }
    const last = Date.parse(run?.updatedAt ?? record.firstSeenAt);
    // Its session ended (SessionEnd): gone like an agent whose process exited.
    if (run?.state === "disconnected" && t - last >= GONE_RETENTION_MS) {
      drop.push(record.key);
      continue;
    }
    if (
      t - last >= HOOK_ONLY_RETENTION_MS &&
      (!run || isTerminal(run.state) || t - last >= 24 * HOOK_ONLY_RETENTION_MS)
    )
      drop.push(record.key);
  }
  return drop;
}
