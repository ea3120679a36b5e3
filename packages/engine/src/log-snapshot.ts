// What a compaction writes when the events of retained runs no longer fit under the log's bound: each
// run as it is now (one line, with its Attention items) and the latest note of each agent, so the log
// drops to a size set by what the core shows, not by how busy the last hour was. restoreEntry reads
// such a line back at start.
import { isActionable, isTerminal, restoreRun, type AttentionItem, type Run } from "@mytty-bar/protocol";
import { recordFromRef } from "./agents.js";
import { refOf, type EngineCore } from "./core.js";
import type { LogEntry } from "./log-entry.js";

type RunEntry = Extract<LogEntry, { t: "run" }>;

/** The core as log lines, at most `cap` of them: what needs the user, open runs and rows' runs first. */
export function snapshotEntries(core: EngineCore, cap: number): LogEntry[] {
  const items = new Map<string, AttentionItem[]>();
  for (const item of core.tracker.attention) {
    const list = items.get(item.runId);
    if (list) list.push(item);
    else items.set(item.runId, [item]);
  }
  const notes: LogEntry[] = [];
  for (const record of core.agents.values()) {
    if (record.note !== undefined) notes.push({ t: "note", key: record.key, note: record.note, at: record.noteAt ?? record.firstSeenAt });
  }
  const candidates: { entry: RunEntry; keep: boolean }[] = [];
  for (const run of Object.values(core.tracker.runs)) {
    const record = core.agents.get(core.runOwner.get(run.id) ?? "");
    if (!record) continue;
    const runItems = items.get(run.id) ?? [];
    const latest = record.lastRunId === run.id;
    const keep = latest || !isTerminal(run.state) || runItems.some(isActionable);
    candidates.push({ entry: { t: "run", run, agent: refOf(record), items: runItems.slice(0, 1000), latest, firstSeenAt: record.firstSeenAt }, keep });
  }
  const room = Math.max(0, cap - notes.length);
  const byAge = (a: { entry: RunEntry }, b: { entry: RunEntry }) => b.entry.run.updatedAt.localeCompare(a.entry.run.updatedAt);
  const chosen =
    candidates.length <= room
      ? candidates
      : [...candidates.filter((c) => c.keep).sort(byAge), ...candidates.filter((c) => !c.keep).sort(byAge)].slice(0, room);
  // Oldest first, as the events came: a later generation of a run key is restored after its earlier one.
  const runs = chosen.map((c) => c.entry).sort((a, b) => a.run.updatedAt.localeCompare(b.run.updatedAt));
  return [...runs, ...notes];
}

/** Puts one snapshot line back into the core (at start, before any scan). */
export function restoreEntry(core: EngineCore, entry: RunEntry): void {
  const { run, agent } = entry;
  let record = core.agents.get(agent.key);
  if (!record) {
    record = recordFromRef(agent, new Date(entry.firstSeenAt));
    core.agents.set(agent.key, record);
  }
  restoreRun(core.tracker, run as Run, entry.items);
  core.runOwner.set(run.id, agent.key);
  if (run.sessionId !== undefined) {
    record.sessionId = run.sessionId;
    core.sessions.set(`${run.provider}\0${run.sessionId}`, agent.key);
  }
  if (run.cwd !== undefined) record.cwd = run.cwd;
  if (entry.latest) record.lastRunId = run.id;
  if ((core.lastEventAt[run.provider] ?? "") < run.updatedAt) core.lastEventAt[run.provider] = run.updatedAt;
}
