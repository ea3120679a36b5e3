// Big spool files are prepared in the parse worker (prepare-offload.ts): a 1 MiB payload of tiny keys, grown
// from a real fixture, gives the event and id the loop's own path gives; bad and oversized files get the same
// outcome as there; a held request whose payload stays in the worker goes back to the terminal; stop() with a
// parse in flight ends the thread and leaves the file for the next start. Real engine, real files.
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { formatSpoolFile, SPOOL_MAX_PAYLOAD_BYTES, type AgentEvent } from "@mytty-bar/protocol";
import { createPreparer, defaultWorkerEntry, OFFLOAD_MIN_BYTES, type Preparer } from "../src/prepare-offload.js";
import { prepareSpool, type SpoolOutcome } from "../src/prepare.js";
import { createIntake, MAX_SPOOL_FILE_BYTES } from "../src/intake.js";
import { createIngest } from "../src/ingest.js";
import { EngineCore } from "../src/core.js";
import { manyKeyPayload, payload, spool } from "./helpers.js";

const engines: Engine[] = [];
const preparers: Preparer[] = [];
const homes: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const preparer of preparers.splice(0)) await preparer.stop();
  for (const home of homes.splice(0)) await fs.rm(home, { recursive: true, force: true });
});

const errors: string[] = [];
function preparer(): Preparer {
  // The worker runs the built copy (npm test builds first); without it every file would quietly stay on the loop.
  expect(existsSync(defaultWorkerEntry()), "packages/engine/dist is missing: run `npm run build`").toBe(true);
  const made = createPreparer({ onError: (kind) => void errors.push(kind) });
  preparers.push(made);
  return made;
}

async function world(settings: Partial<ReturnType<typeof defaultSettings>> = {}, home?: string) {
  if (home === undefined) {
    home = await fs.mkdtemp(path.join(os.tmpdir(), "big-payload-test-"));
    homes.push(home);
  }
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  const engine = await createEngine({
    paths,
    scanner: {
      scan: async () => ({ processes: [], agents: [], at: new Date() }),
      join: async () => ({ tty: null, terminal: {} }),
    },
    source: { cwd: async () => undefined },
    cpu: async () => new Map(),
    control: false,
    insights: false,
    settings: { ...defaultSettings(), answerWaitSeconds: 0, ...settings },
    newId: () => "req-1",
    helperAlive: (pid) => pid === 4242,
  });
  engines.push(engine);
  return { home, paths, engine };
}

async function drop(paths: Paths, name: string, bytes: Uint8Array): Promise<void> {
  await fs.writeFile(path.join(paths.spoolTmp, name), bytes, { mode: 0o600 });
  await fs.rename(path.join(paths.spoolTmp, name), path.join(paths.spoolNew, name));
}

/** A Claude Code PermissionRequest of just under 1 MiB: ~96,000 tiny keys in its tool_input. */
const big = (envelope: Parameters<typeof spool>[2] = {}) =>
  spool("claude-code", manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES), {
    event: "PermissionRequest",
    ppid: 4242,
    ...envelope,
  });

const withoutAt = (event: AgentEvent) => ({ ...event, at: undefined });
const mapped = (outcome: SpoolOutcome | "stopped") => {
  if (outcome === "stopped" || outcome.status !== "mapped") throw new Error(`not mapped: ${JSON.stringify(outcome)}`);
  return outcome;
};

describe("the parse worker", () => {
  it("prepares a 1 MiB many-key payload with the same event and id as the loop", async () => {
    const bytes = big();
    expect(bytes.length).toBeGreaterThan(SPOOL_MAX_PAYLOAD_BYTES - 64);
    const now = new Date("2026-12-01T12:00:00.000Z");
    const prep = preparer();
    const offloaded = mapped(await prep.prepare(bytes, now));
    expect(prep.running()).toBe(true);
    const onLoop = mapped(prepareSpool(bytes, now));
    expect(offloaded.event).toEqual(onLoop.event);
    expect(offloaded.envelope).toEqual(onLoop.envelope);
    // Nothing reads the payload of a file without a hold: it stays in the worker.
    expect(offloaded).toMatchObject({ payload: {}, payloadLeft: true });
    expect(errors).toEqual([]);
  });

  it("keeps small files on the loop, payload and all", async () => {
    const bytes = spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 4242 });
    expect(bytes.length).toBeLessThan(OFFLOAD_MIN_BYTES);
    const now = new Date();
    const prep = preparer();
    expect(await prep.prepare(bytes, now)).toEqual(prepareSpool(bytes, now));
    expect(prep.running()).toBe(false);
  });

  it("refuses bad big payloads with the outcome the loop gives", async () => {
    const text = manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES - 4096);
    const cases = [
      spool("claude-code", text.slice(0, -1)), // not JSON: a cut the helper did not make
      spool("claude-code", `[${text}]`), // JSON, not an object
      spool("claude-code", `${"[".repeat(70_000)}${"]".repeat(70_000)}`), // too deep
      // Not UTF-8.
      formatSpoolFile(
        { provider: "claude-code", env: {} },
        Buffer.concat([Buffer.from('{"x":"'), Buffer.alloc(100_000, 0x61), Buffer.from([0xff, 0x22, 0x7d])]),
      ),
      // Exactly the cap and cut: its complete members are salvaged, the result says so.
      spool(
        "claude-code",
        `${text.slice(0, -2)}${",".repeat(SPOOL_MAX_PAYLOAD_BYTES)}`.slice(0, SPOOL_MAX_PAYLOAD_BYTES),
      ),
    ];
    const now = new Date();
    const prep = preparer();
    const outcomes: (SpoolOutcome | "stopped")[] = [];
    for (const bytes of cases) {
      expect(bytes.length).toBeGreaterThan(OFFLOAD_MIN_BYTES);
      const outcome = await prep.prepare(bytes, now);
      const onLoop = prepareSpool(bytes, now);
      if (onLoop.status === "mapped") expect(mapped(outcome).event).toEqual(onLoop.event);
      else expect(outcome).toEqual(onLoop);
      outcomes.push(outcome);
    }
    expect(outcomes.map((o) => (o === "stopped" ? o : o.status === "mapped" ? o.status : o.reason))).toEqual([
      "payload-not-json",
      "payload-not-object",
      "payload-too-deep",
      "payload-not-json",
      "mapped",
    ]);
    expect(prep.running()).toBe(true);
  });

  it("ends its thread on stop() with a parse in flight; that file is not taken", async () => {
    const prep = preparer();
    const inFlight = prep.prepare(big(), new Date());
    expect(prep.running()).toBe(true);
    await prep.stop();
    expect(await inFlight).toBe("stopped");
    expect(prep.running()).toBe(false);
    expect(await prep.prepare(big(), new Date())).toBe("stopped");
    expect(prep.running()).toBe(false);
  });
});

describe("the engine with a 1 MiB many-key payload", () => {
  it("ingests it with the event and id the loop's path gives, and deletes it", async () => {
    const { paths, engine } = await world();
    const bytes = big();
    await drop(paths, "big", bytes);
    await engine.drain();
    expect(engine.stats()).toMatchObject({ accepted: 1, rejected: 0, spoolBacklog: 0 });
    expect(await fs.readdir(paths.spoolNew)).toEqual([]);
    await engine.stop(); // flushes the event log
    const logged = readFileSync(paths.eventLog, "utf8")
      .split("\n")
      .filter((line) => line.includes('"t":"event"'))
      .map((line) => (JSON.parse(line) as { event: AgentEvent }).event);
    expect(logged).toHaveLength(1);
    expect(withoutAt(logged[0]!)).toEqual(withoutAt(mapped(prepareSpool(bytes, new Date())).event));
  });

  it("takes a mix of huge and small files in arrival order, per session", async () => {
    const { paths, engine } = await world();
    const session = { session_id: "a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83" };
    const huge = (n: number) =>
      manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES - 64).replace(
        '"prompt_id":"',
        `"prompt_id":"huge-${n}-`,
      );
    const files: [string, Uint8Array][] = [
      ["UserPromptSubmit", spool("claude-code", payload("claude-code", "UserPromptSubmit", session))],
      ["PermissionRequest", spool("claude-code", huge(1))],
      ["codex", spool("codex", payload("codex", "UserPromptSubmit", { turn_id: "mix-1" }))],
      [
        "UserPromptSubmit",
        spool("claude-code", payload("claude-code", "UserPromptSubmit", { ...session, prompt_id: "a" })),
      ],
      ["PermissionRequest", spool("claude-code", huge(2))],
      [
        "UserPromptSubmit",
        spool("claude-code", payload("claude-code", "UserPromptSubmit", { ...session, prompt_id: "b" })),
      ],
      ["Stop", spool("claude-code", payload("claude-code", "Stop", session))],
    ];
    const base = Date.now() / 1000 - 600;
    for (const [i, [, bytes]] of files.entries()) {
      const name = `f${i}`;
      await fs.writeFile(path.join(paths.spoolTmp, name), bytes, { mode: 0o600 });
      await fs.utimes(path.join(paths.spoolTmp, name), base + i, base + i);
      await fs.rename(path.join(paths.spoolTmp, name), path.join(paths.spoolNew, name));
    }
    await engine.drain();
    expect(engine.stats()).toMatchObject({ accepted: files.length, rejected: 0, duplicates: 0 });
    await engine.stop();
    const hooks = readFileSync(paths.eventLog, "utf8")
      .split("\n")
      .filter((line) => line.includes('"t":"event"'))
      .map((line) => (JSON.parse(line) as { event: AgentEvent }).event)
      .map((event) => (event.provider === "codex" ? "codex" : event.hook));
    expect(hooks).toEqual(files.map(([hook]) => hook));
  });

  it("still refuses bad and oversized files, counting each once", async () => {
    const { paths, engine } = await world();
    const text = manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES);
    await drop(paths, "a-not-json", spool("claude-code", text.slice(0, -100)));
    await drop(paths, "b-too-large", spool("claude-code", text + " ".repeat(MAX_SPOOL_FILE_BYTES)));
    await drop(paths, "c-fine", big({ ppid: 4343 }));
    await engine.drain();
    expect(engine.stats()).toMatchObject({ accepted: 1, rejected: 2, spoolBacklog: 0 });
    expect(await fs.readdir(paths.spoolNew)).toEqual([]);
  });

  it("hands a held request back to the terminal when its payload stays in the worker", async () => {
    const { paths, engine } = await world({ answerWaitSeconds: 60 });
    await drop(paths, "4242.4000.0", big({ pid: 4242, hold: "4242.4000.0" }));
    await engine.drain();
    expect(readFileSync(path.join(paths.answersDir, "4242.4000.0"), "utf8")).toBe("");
    const row = engine.snapshot().agents[0]!;
    expect(row).toMatchObject({ state: "waiting-approval", answerable: false });
    expect(row.request).toBeUndefined();
  });

  it("keeps a held request answerable when its big payload has few keys", async () => {
    const { paths, engine } = await world({ answerWaitSeconds: 60 });
    const command = `echo ${"x".repeat(200_000)}`;
    const body = payload("claude-code", "PermissionRequest", { tool_input: { command, description: "long" } });
    const bytes = spool("claude-code", body, { event: "PermissionRequest", pid: 4242, hold: "4242.4000.1" });
    expect(bytes.length).toBeGreaterThan(OFFLOAD_MIN_BYTES);
    await drop(paths, "4242.4000.1", bytes);
    await engine.drain();
    expect(engine.snapshot().agents[0]).toMatchObject({ answerable: true, request: { id: "req-1", tool: "Bash" } });
    expect(existsSync(path.join(paths.answersDir, "4242.4000.1"))).toBe(false);
  });

  it("stopped while the file waits or is parsed: the file stays, and the next start takes it once", async () => {
    const first = await world();
    await drop(first.paths, "big", big());
    const draining = first.engine.drain();
    await first.engine.stop();
    await draining;
    const { engine } = await world({}, first.home);
    await engine.drain();
    const stats = engine.stats();
    expect(stats.accepted + stats.duplicates).toBe(1);
    expect(stats).toMatchObject({ rejected: 0, spoolBacklog: 0 });
    expect(await fs.readdir(first.paths.spoolNew)).toEqual([]);
  });
});

describe("ingest stopped with a parse in flight", () => {
  it("ends the worker's thread, commits nothing and leaves the file in the spool", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "big-payload-ingest-"));
    homes.push(dir);
    await fs.writeFile(path.join(dir, "big"), big());
    const real = preparer();
    let handed!: () => void;
    const inFlight = new Promise<void>((resolve) => (handed = resolve));
    const watched: Preparer = {
      prepare: (bytes, now) => {
        const outcome = real.prepare(bytes, now);
        handed();
        return outcome;
      },
      running: real.running,
      stop: real.stop,
    };
    const calls: string[] = [];
    const ingest = createIngest({
      dir,
      pollMs: 60_000,
      core: new EngineCore(30_000),
      scanner: { join: async () => ({ tty: null, terminal: {} }) },
      scheduler: { processes: () => [] },
      clock: () => new Date(),
      failed: (kind) => () => void calls.push(kind),
      onError: (kind) => void calls.push(kind),
      commit: () => void calls.push("commit"),
      publish: () => void calls.push("publish"),
      settle: async () => void calls.push("settle"),
      answering: { ingested: () => void calls.push("ingested") },
      preparer: watched,
    });
    ingest.start();
    await inFlight;
    expect(real.running()).toBe(true);
    await ingest.stop();
    await ingest.drain();
    expect(real.running()).toBe(false);
    expect(calls.filter((c) => c !== "settle")).toEqual([]);
    expect(await fs.readdir(dir)).toEqual(["big"]);
  });
});

describe("the intake", () => {
  it("leaves a file its handler did not take (false) for the next drain", async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), "big-payload-intake-"));
    homes.push(home);
    await fs.writeFile(path.join(home, "one"), "bytes");
    let take: boolean = false;
    const seen: string[] = [];
    const intake = createIntake({ dir: home, onFile: (b) => (seen.push(b.toString()), take), onReject: () => {} });
    await intake.drain();
    intake.stop();
    expect(await fs.readdir(home)).toEqual(["one"]);
    take = true;
    const again = createIntake({ dir: home, onFile: (b) => (seen.push(b.toString()), take), onReject: () => {} });
    await again.drain();
    again.stop();
    expect(seen).toEqual(["bytes", "bytes"]);
    expect(await fs.readdir(home)).toEqual([]);
  });
});
