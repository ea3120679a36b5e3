// OpenCode end to end: the plugin `mytty-doctor install opencode` wrote, loaded the way OpenCode 2.x and
// 1.x load it, replays the public-shaped fixtures through the real helper into the real engine, and
// `list` shows the states. OpenCode's plugin spawns the helper from OpenCode's own process; here that is
// the test process, which has no terminal, so the rows are the tty-less ones keyed by session.
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import {
  EventStream,
  load118,
  load2,
  type Hooks,
  type Mod,
} from "../packages/installers/test/helpers/opencode-loaders.js";
import { BIN, Engine, makeWorld, PAYLOADS, runCli, until, type World } from "./engine-harness.js";

const event = (name: string): unknown =>
  (JSON.parse(readFileSync(path.join(PAYLOADS, "opencode", `${name}.json`), "utf8")) as { event: unknown }).event;

describe("OpenCode plugin → real helper → engine", () => {
  let world: World;
  let engine: Engine;
  let mod: Mod;

  beforeAll(async () => {
    world = await makeWorld(["cursor"]);
    expect((await runCli(world, BIN.doctor, ["install", "opencode"])).code).toBe(0);
    engine = new Engine(world);
    await engine.start();
    mod = (await import(pathToFileURL(world.paths.opencodePlugin).href)) as Mod;
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  const row = (sessionId: string, state: AgentRow["state"]) =>
    until(
      async () => (await engine.list()).find((r) => r.sessionId === sessionId && r.state === state),
      8000,
      `${sessionId} ${state}`,
    );

  it("2.x: execution started → permission.v2 asked → replied → form → succeeded", async () => {
    const session = "ses_8a2f10c4e7ffQm4Ns7Vb";
    const stream = new EventStream();
    const unload = await load2(mod, stream);
    stream.push(event("v2-session.execution.started"));
    expect((await row(session, "running")).tty).toBeNull();
    stream.push(event("v2-permission.v2.asked"));
    const waiting = await row(session, "waiting-approval");
    expect([waiting.attention, waiting.message]).toEqual([true, "bash requires approval: cargo publish --dry-run"]);
    stream.push(event("v2-permission.v2.replied"));
    expect((await row(session, "running")).attention).toBe(false);
    stream.push(event("v2-form.created"));
    expect((await row(session, "waiting-input")).message).toBe("Deploy target");
    stream.push(event("v2-form.replied"));
    await row(session, "running");
    stream.push(event("v2-session.execution.succeeded"));
    await row(session, "succeeded");
    await unload();
  }, 60_000);

  it("1.x: a user message starts the run, a question waits, a user abort leaves it idle (not failed)", async () => {
    const session = "ses_7c1d0f9e8d7cPa3Rt6Yu";
    const hooks: Hooks[] = await load118(mod);
    const send = (name: string) => hooks[0]!.event!({ event: event(name) });
    await send("message.updated");
    await row(session, "running");
    await send("question.asked");
    expect((await row(session, "waiting-input")).message).toBe("Rounding");
    await send("question.replied");
    await row(session, "running");
    await send("session.error-aborted");
    const idle = await row(session, "idle");
    expect(idle.attention).toBe(false);
  }, 60_000);
});
