// What a compaction keeps, line by line, with the log on disk in a temp HOME: the lines of the runs the
// core still shows (in their order), their answers, the latest note of each agent still known, and every
// line appended while it ran — nothing of a forgotten agent, no unreadable line. The store keeps only
// counts of the lines between compactions and reads the kept ones back from the file (persistence.ts).
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runId, type AgentEvent, type EventKind } from "@mytty-bar/protocol";
import { resolvePaths } from "@mytty-bar/installers";
import { EngineCore } from "../src/core.js";
import type { LogEntry } from "../src/log-entry.js";
import { Persistence } from "../src/persistence.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** Completion threshold: no run here is long enough to leave a "finished" item that would keep its agent. */
const DAY_MS = 24 * 3600_000;
const T0 = Date.parse("2026-11-02T08:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** A hook-only Codex agent (no process: retention drops it an hour after its last run finished). */
const agent = (name: string) => ({
  key: `session:codex:${name}`,
  id: `codex-s-${name}`,
  provider: "codex" as const,
  pid: null,
  tty: null,
  terminal: {},
  via: "hint" as const,
  executable: null,
});

function event(name: string, n: number, kind: EventKind, minutes: number): LogEntry {
  const runKey = `${name}-turn`;
  const e: AgentEvent = {
    v: 1,
    id: `${name}-${n}`,
    provider: "codex",
    kind,
    runKey,
    runId: runId("codex", runKey),
    sessionId: name,
    hook: "UserPromptSubmit",
    at: at(minutes),
  };
  return { t: "event", event: e, agent: agent(name) };
}

const note = (name: string, text: string, minutes: number): LogEntry => ({
  t: "note",
  key: agent(name).key,
  note: text,
  at: at(minutes),
});

const answer = (name: string, minutes: number): LogEntry => ({
  t: "answer",
  key: agent(name).key,
  request: `req-${name}`,
  provider: "codex",
  runId: runId("codex", `${name}-turn`),
  tool: "Bash",
  by: "dashboard",
  decision: "allow",
  at: at(minutes),
});

const json = (entry: LogEntry) => JSON.stringify(entry);

describe("log compaction", () => {
  it("keeps exactly the shown runs' lines in order, their answers, each known agent's latest note, and what was appended meanwhile", async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), "engine-compaction-"));
    dirs.push(home);
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    await fs.mkdir(paths.dataDir, { recursive: true });
    // "old" finished at minute 5 and is forgotten by minute 120; "live" is still running then.
    const live = [event("live", 1, "started", 90), event("live", 2, "running", 91)];
    const lines = [
      json(event("old", 1, "started", 0)),
      json(live[0]!),
      json(note("live", "first", 90)),
      json(answer("old", 3)),
      json(event("old", 2, "succeeded", 5)),
      "{not json",
      json(note("old", "gone", 6)),
      json(answer("live", 91)),
      json(live[1]!),
      json(note("live", "second", 92)),
    ];
    await fs.writeFile(paths.eventLog, `${lines.join("\n")}\n`);

    const core = new EngineCore(DAY_MS);
    const store = await Persistence.load(paths, core);
    expect(store.lineCount()).toBe(lines.length - 1); // the bad line is not one
    // Two polls' prunes: the first forgets the agent, the next its runs.
    for (let i = 0; i < 2; i += 1) core.prune(new Date(T0 + 120 * 60_000));
    expect([...core.agents.keys()]).toEqual([agent("live").key]);
    expect(Object.values(core.tracker.runs).map((r) => r.runKey)).toEqual(["live-turn"]);

    // Appended just before the mark, and just after it: both go out in the one write queued before the
    // rewrite, so the file it reads holds a line from after its mark, which must come once, after the rest.
    const before = event("live", 3, "running", 120);
    store.record([before], core);
    const compaction = store.compact(core);
    const later = event("live", 4, "approval-requested", 121);
    store.record([later], core);
    await compaction;
    await store.flush();

    const after = (await fs.readFile(paths.eventLog, "utf8")).split("\n").filter(Boolean);
    expect(after).toEqual([
      json(live[0]!),
      json(answer("live", 91)),
      json(live[1]!),
      json(before),
      json(note("live", "second", 92)),
      json(later),
    ]);
    expect(store.lineCount()).toBe(after.length);
    expect(store.rewrites()).toBe(1);

    // The compacted log gives the same agent back, and compacting it again keeps every line (notes last:
    // a note needs its agent, so the kept ones follow the events).
    const again = new EngineCore(DAY_MS);
    const reread = await Persistence.load(paths, again);
    expect([...again.agents.keys()]).toEqual([agent("live").key]);
    expect(again.agents.get(agent("live").key)?.note).toBe("second");
    await reread.compact(again);
    await reread.flush();
    expect((await fs.readFile(paths.eventLog, "utf8")).split("\n").filter(Boolean)).toEqual([
      ...after.slice(0, 4),
      json(later),
      json(note("live", "second", 92)),
    ]);
  });
});
