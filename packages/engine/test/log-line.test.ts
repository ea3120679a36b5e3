// The event log's fast line check (src/log-line.ts) against zod, on lines a real engine wrote and on
// mutations of them; and a restart from a damaged real log: bad lines are skipped and counted, the
// good ones all come back.
import { appendFileSync, promises as fs, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import { createEngine, request, type AgentRow, type Engine } from "@mytty-bar/engine";
import { LogEntrySchema } from "../src/log-entry.js";
import { parseLogLine, trustedEntry } from "../src/log-line.js";
import { simulatedEngine, workload } from "./workload.js";

const dirs: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const START = Date.parse("2026-11-02T08:00:00.000Z");

/** A real engine's log after `events` workload calls; a small bound makes compactions write run lines. */
async function realLog(events: number): Promise<{ paths: Paths; clock: { t: number }; lines: string[] }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "log-line-"));
  dirs.push(home);
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  const clock = { t: START };
  const engine = await createEngine({ ...simulatedEngine(paths, clock), eventLog: { maxLines: 60 } });
  let n = 0;
  for (const next of workload({ events, sessions: 12, concurrent: 4 })) {
    n += 1;
    writeFileSync(path.join(paths.spoolNew, `w${String(n).padStart(5, "0")}`), next.bytes);
    clock.t += 6000;
    if (n % 25 === 0) await engine.drain();
  }
  await engine.drain();
  await engine.stop();
  const note = { t: "note", key: "session:codex:x", note: "refactoring billing", at: new Date(clock.t).toISOString() };
  appendFileSync(paths.eventLog, `${JSON.stringify(note)}\n`);
  const text = await fs.readFile(paths.eventLog, "utf8");
  return { paths, clock, lines: text.split("\n").filter(Boolean) };
}

/** Every leaf of `value` replaced, one at a time, by values zod may or may not take. */
function* mutations(value: unknown, at: (string | number)[] = []): Generator<(string | number)[]> {
  yield at;
  if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value))
      yield* mutations(inner, [...at, Array.isArray(value) ? +key : key]);
}

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  "x".repeat(5000),
  // One past each string bound the check copies from the schemas: a copied bound that drifted above
  // zod's would take one of these.
  ...[64, 128, 256, 300, 512, 1000, 4096].map((max) => "x".repeat(max + 1)),
  "",
  "2026-11-02T08:00:00Z",
  "2026-02-30T08:00:00.000Z",
  "2025-02-29T08:00:00.000Z",
  "2024-02-29T08:00:00.000Z",
  "2026-11-02T24:00:00.000Z",
  "2026-11-02T08:60:00.000Z",
  "2026-11-02t08:00:00.000z",
  "2026-11-02T08:00:00.000+01:00",
  true,
  [],
  {},
  { extra: 1 },
];

function mutate(entry: unknown, at: (string | number)[], bad: unknown): unknown {
  const copy = structuredClone(entry) as Record<string | number, unknown>;
  if (at.length === 0) return { ...(copy as object), extra: bad };
  let parent = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  if (bad === undefined) delete parent[last];
  else parent[last] = bad;
  return copy;
}

const list = async (paths: Paths) =>
  (await request<{ agents: AgentRow[] }>(paths.controlSocket, { op: "list" })).agents;

describe("event log lines", () => {
  it("takes every line a real engine wrote without zod, and exactly as zod reads it", async () => {
    const { lines } = await realLog(400);
    const kinds = new Set<string>();
    for (const line of lines) {
      const value: unknown = JSON.parse(line);
      const trusted = trustedEntry(value);
      expect(trusted, line).toBeDefined();
      expect(LogEntrySchema.parse(value)).toEqual(trusted);
      kinds.add(trusted!.t);
    }
    expect([...kinds].sort()).toEqual(["event", "note", "run"]);
  });

  it("never takes a line zod would refuse or change: mutated real lines", async () => {
    const { lines } = await realLog(200);
    const samples = [lines.find((l) => l.includes('"t":"event"'))!, lines.find((l) => l.includes('"t":"run"'))!];
    samples.push(lines.find((l) => l.includes('"t":"note"'))!);
    let refused = 0;
    let tried = 0;
    for (const line of samples) {
      const entry: unknown = JSON.parse(line);
      for (const at of mutations(entry)) {
        for (const bad of BAD_VALUES) {
          const changed = mutate(entry, at, bad);
          tried += 1;
          const trusted = trustedEntry(changed);
          if (trusted === undefined) {
            refused += 1;
            continue;
          }
          const parsed = LogEntrySchema.safeParse(changed);
          expect(parsed.success, `${at.join(".")} = ${JSON.stringify(bad)?.slice(0, 40)}`).toBe(true);
          expect(parsed.data).toEqual(trusted);
        }
      }
    }
    // Most mutations break the shape: the fast check refuses them (and zod decides).
    expect(refused).toBeGreaterThan(tried / 2);
  });

  it("reads an answer line and an unknown key through zod", () => {
    const answer = {
      t: "answer",
      key: "pid:1@x",
      request: "r1",
      provider: "claude-code",
      runId: "run-1",
      tool: "Bash",
      by: "menubar",
      decision: "allow",
      at: "2026-11-02T08:00:00.000Z",
    };
    const zod = LogEntrySchema.safeParse(answer);
    expect(parseLogLine(JSON.stringify(answer))).toEqual(zod.success ? zod.data : undefined);
    const note = { t: "note", key: "k", note: "n", at: "2026-11-02T08:00:00.000Z", old: true };
    expect(trustedEntry(note)).toBeUndefined();
    expect(parseLogLine(JSON.stringify(note))).toEqual({ t: "note", key: "k", note: "n", at: note.at });
    expect(parseLogLine('{"t":"event"')).toBeUndefined();
    expect(parseLogLine("\u0000garbage")).toBeUndefined();
  });

  it("restarts from a damaged log: bad lines skipped and counted in engine.log, every good line back", async () => {
    const { paths, clock, lines } = await realLog(300);
    const start = async () => {
      const engine = await createEngine(simulatedEngine(paths, clock));
      engines.push(engine);
      return engine;
    };
    const engine = await start();
    const before = await list(paths);
    await engine.stop();
    engines.splice(0);
    const event = JSON.parse(lines.find((l) => l.includes('"t":"event"'))!) as { event: Record<string, unknown> };
    const older = { ...event, event: { ...event.event, v: 0 } }; // an event from another schema version
    const damaged = [
      "not json at all",
      ...(await fs.readFile(paths.eventLog, "utf8")).split("\n").filter(Boolean),
      JSON.stringify(older),
      '{"t":"snapshot","runs":[]}',
      "\u0000\u0001\u0002",
      lines[0]!.slice(0, 40), // a torn last line (no newline: the crash came mid-write)
    ];
    await fs.writeFile(paths.eventLog, damaged.join("\n"));
    await start();
    expect(await list(paths)).toEqual(before);
    const log = await fs.readFile(paths.engineLog, "utf8");
    expect(log).toMatch(/event-log: Error: .*events\.jsonl: 5 unreadable line\(s\) skipped/);
  });
});
