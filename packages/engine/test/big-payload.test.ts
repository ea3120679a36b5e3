// A real engine with a 1 MiB payload of tiny keys (grown from a real fixture), prepared in the parse worker
// (prepare-offload.ts): the logged event and id are the loop's own path's; a mix of huge and small files is
// taken in arrival order; bad and oversized files are refused as before; a held request whose payload stays
// in the worker goes back to the terminal; a stop mid-parse leaves the file for the next start.
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { SPOOL_MAX_PAYLOAD_BYTES, type AgentEvent } from "@mytty-bar/protocol";
import { OFFLOAD_MIN_BYTES } from "../src/prepare-offload.js";
import { prepareSpool } from "../src/prepare.js";
import { MAX_SPOOL_FILE_BYTES } from "../src/intake.js";
import { bigSpool as big, manyKeyPayload, payload, quietEngine, spool } from "./helpers.js";

const engines: Engine[] = [];
const homes: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const home of homes.splice(0)) await fs.rm(home, { recursive: true, force: true });
});

async function world(settings: Partial<ReturnType<typeof defaultSettings>> = {}, home?: string) {
  if (home === undefined) {
    home = await fs.mkdtemp(path.join(os.tmpdir(), "big-payload-test-"));
    homes.push(home);
  }
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  const engine = await createEngine({
    paths,
    ...quietEngine,
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

const withoutAt = (event: AgentEvent) => ({ ...event, at: undefined });
const eventOf = (bytes: Uint8Array) => {
  const outcome = prepareSpool(bytes, new Date());
  if (outcome.status !== "mapped") throw new Error(`not mapped: ${outcome.reason}`);
  return outcome.event;
};

// A ceiling, not a timing: each test parses 1 MiB payloads of ~96,000 keys more than once on a shared box.
describe("the engine with a 1 MiB many-key payload", { timeout: 90_000 }, () => {
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
    expect(withoutAt(logged[0]!)).toEqual(withoutAt(eventOf(bytes)));
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
