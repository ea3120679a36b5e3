// engine.answer over a real engine and real files: a spool file announcing a hold (as the helper writes it)
// becomes the row's request; an answer goes to exactly that helper's answer file, once; everything else is refused.
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { createEngine, defaultSettings, type AgentRow, type Engine } from "@mytty-bar/engine";
import { payload, quietEngine, spool } from "./helpers.js";

const engines: Engine[] = [];
const homes: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const home of homes.splice(0)) await fs.rm(home, { recursive: true, force: true });
});

async function setup(alive = new Set<number>([4242, 4343])) {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "answers-test-"));
  homes.push(home);
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  let ids = 0;
  const engine = await createEngine({
    paths,
    ...quietEngine,
    settings: { ...defaultSettings(), answerWaitSeconds: 60 },
    newId: () => `req-${++ids}`,
    helperAlive: (pid) => alive.has(pid),
  });
  engines.push(engine);
  return { paths, engine, alive };
}

async function hold(paths: Paths, engine: Engine, name: string, pid: number, fixture = "PermissionRequest") {
  const bytes = spool("claude-code", payload("claude-code", fixture), { event: "PermissionRequest", pid, hold: name });
  await fs.writeFile(path.join(paths.spoolNew, name), bytes);
  await engine.drain();
}

const row = (engine: Engine): AgentRow => engine.snapshot().agents[0]!;
const answerFile = (paths: Paths, name: string) => path.join(paths.answersDir, name);

describe("answering held requests", () => {
  it("tells the helper the hold, shows the request, and writes the allow to that helper's file only, once", async () => {
    const { paths, engine } = await setup();
    expect(readFileSync(paths.answerWait, "utf8")).toBe("60\n");
    await hold(paths, engine, "4242.4000.0", 4242);
    expect(row(engine)).toMatchObject({
      answerable: true,
      request: { id: "req-1", kind: "approval", tool: "Bash", summary: "rm -rf target" },
    });
    expect(engine.answer("req-1 ", { decision: "allow" }, "dashboard")).toMatchObject({ ok: false, reason: "unknown" });
    expect(engine.answer("req-1", { decision: "option", label: "x" }, "dashboard")).toMatchObject({
      reason: "refused",
    });
    expect(existsSync(answerFile(paths, "4242.4000.0"))).toBe(false);

    expect(engine.answer("req-1", { decision: "allow" }, "dashboard")).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(answerFile(paths, "4242.4000.0"), "utf8"))).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
    expect(engine.answer("req-1", { decision: "deny" }, "popup")).toMatchObject({ ok: false, reason: "answered" });
    await new Promise((r) => setImmediate(r));
    const after = row(engine);
    expect(after.answerable).toBe(false);
    expect(after.request).toBeUndefined();
    expect(after).toMatchObject({ state: "running", message: "Allowed from Mytty Bar" });
    expect(after.answered).toMatchObject({ by: "dashboard", decision: "allow" });
    await engine.stop(); // flushes the event log
    expect(readFileSync(paths.eventLog, "utf8")).toMatch(/"t":"answer".*"request":"req-1".*"by":"dashboard"/);
  });

  it("refuses a request whose helper is gone, and the row stops offering it", async () => {
    const { paths, engine, alive } = await setup();
    await hold(paths, engine, "4343.4000.0", 4343);
    alive.delete(4343);
    expect(engine.answer("req-1", { decision: "allow" }, "popup")).toMatchObject({ ok: false, reason: "expired" });
    expect(existsSync(answerFile(paths, "4343.4000.0"))).toBe(false);
    expect(row(engine).answerable).toBe(false);
  });

  it("releases at once a hold it must not keep, and every hold when it stops", async () => {
    const { paths, engine } = await setup();
    // A helper already gone when its file is read (an old spool file): released, never offered.
    await hold(paths, engine, "9999.4000.0", 9999);
    expect(readFileSync(answerFile(paths, "9999.4000.0"), "utf8")).toBe("");
    expect(row(engine).answerable).toBe(false);
    await hold(paths, engine, "4242.4000.1", 4242, "PermissionRequest-AskUserQuestion");
    expect(row(engine).request).toMatchObject({ kind: "question", options: [{ label: "Keep" }, { label: "Rename" }] });
    expect(engine.answer("req-1", { decision: "allow" }, "popup")).toMatchObject({ reason: "refused" });
    await engine.stop();
    expect(readFileSync(answerFile(paths, "4242.4000.1"), "utf8")).toBe("");
    expect(existsSync(paths.answerWait)).toBe(false);
  });

  it("0 holds nothing: no wait file, so the helper never waits", async () => {
    const { paths, engine } = await setup();
    await engine.updateSettings({ answerWaitSeconds: 0 });
    expect(existsSync(paths.answerWait)).toBe(false);
    await engine.updateSettings({ answerWaitSeconds: 999 });
    expect(engine.settings().answerWaitSeconds).toBe(30); // over the maximum: the default, never an endless hold
  });
});
