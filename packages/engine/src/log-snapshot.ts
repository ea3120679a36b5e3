// What a compaction writes when the events of retained runs no longer fit under the log's bound: each
// run as it is now (one line, with its Attention items) and the latest note of each agent, so the log
// drops to a size set by what the core shows, not by how busy the last hour was. EngineCore.restore
// reads such a line back at start.
import { isActionable, isTerminal, type AttentionItem } from "@mytty-bar/protocol";
import { refOf, type EngineCore } from "./core.js";
import type { LogEntry, RunEntry } from "./log-entry.js";

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
    if (record.note !== undefined)
      notes.push({ t: "note", key: record.key, note: record.note, at: record.noteAt ?? record.firstSeenAt });
  }
  const candidates: { entry: RunEntry; keep: boolean }[] = [];
  for (const run of Object.values(core.tracker.runs)) {
    const record = core.agents.get(core.runOwner.get(run.id) ?? "");
    if (!record) continue;
    const runItems = items.get(run.id) ?? [];
    const latest = record.lastRunId === run.id;
    const keep = latest || !isTerminal(run.state) || runItems.some(isActionable);
    candidates.push({
      entry: {
        t: "run",
        run,
        agent: refOf(record),
        items: runItems.slice(0, 1000),
        latest,
        firstSeenAt: record.firstSeenAt,
      },
      keep,
    });
  }
  const room = Math.max(0, cap - notes.length);
  const byAge = (a: { entry: RunEntry }, b: { entry: RunEntry }) =>
    b.entry.run.updatedAt.localeCompare(a.entry.run.updatedAt);
  const chosen =
    candidates.length <= room
      ? candidates
      : [...candidates.filter((c) => c.keep).sort(byAge), ...candidates.filter((c) => !c.keep).sort(byAge)].slice(
          0,
          room,
        );
  // Oldest first, as the events came: a later generation of a run key is restored after its earlier one.
  const runs = chosen.map((c) => c.entry).sort((a, b) => a.run.updatedAt.localeCompare(b.run.updatedAt));
  return [...runs, ...notes];
}
