// The log index (src/log-index.ts) counts what a compaction will write: its count under a retained set
// must be exactly the lines the line-by-line rule `keeps` lets through (notes: the latest per agent), or
// the compaction's choice between streaming the kept lines and folding to a snapshot is made on a wrong
// number. Only the fields the rule reads are filled in.
import { expect, it } from "vitest";
import { keeps, LogIndex, type Retained } from "../src/log-index.js";
import type { LogEntry } from "../src/log-entry.js";

const providers = ["codex", "claude-code"] as const;
const event = (provider: string, runKey: string, agent: string) =>
  ({ t: "event", event: { provider, runKey }, agent: { key: agent } }) as unknown as LogEntry;
const run = (provider: string, runKey: string, agent: string) =>
  ({ t: "run", run: { provider, runKey }, agent: { key: agent } }) as unknown as LogEntry;
const answer = (runId: string, agent: string) => ({ t: "answer", runId, key: agent }) as unknown as LogEntry;
const note = (agent: string) => ({ t: "note", key: agent }) as unknown as LogEntry;

it("counts under a retained set exactly the lines `keeps` lets through", () => {
  const entries: LogEntry[] = [];
  for (let i = 0; i < 400; i += 1) {
    const agent = `a${i % 7}`;
    const provider = providers[i % 2]!;
    const key = `r${i % 11}`;
    entries.push([event, run][i % 2]!(provider, key, agent));
    if (i % 3 === 0) entries.push(answer(`id${i % 13}`, agent));
    if (i % 5 === 0) entries.push(note(agent));
  }
  const index = new LogIndex();
  for (const entry of entries) index.add(entry);
  expect(index.lines()).toBe(entries.length - entries.filter((e) => e.t === "note").length + 7);

  const retainedSets: Retained[] = [
    { runs: new Set(), runIds: new Set(), agents: new Set() },
    {
      runs: new Set(["codex\0r2", "claude-code\0r3", "codex\0r4"]),
      runIds: new Set(["id1", "id6"]),
      agents: new Set(["a1", "a2", "a3"]),
    },
    { runs: new Set(["codex\0r0"]), runIds: new Set(["id0"]), agents: new Set(["a0", "a6", "nobody"]) },
  ];
  for (const retained of retainedSets) {
    const passed = entries.filter((e) => keeps(e, retained));
    const notes = new Set(passed.flatMap((e) => (e.t === "note" ? [e.key] : [])));
    const expected = passed.filter((e) => e.t !== "note").length + notes.size;
    expect(index.kept(retained).lines()).toBe(expected);
  }
  // Something is kept and something dropped in the middle set: the comparison is not between two zeros.
  const middle = index.kept(retainedSets[1]!).lines();
  expect(middle).toBeGreaterThan(0);
  expect(middle).toBeLessThan(index.lines());
});
