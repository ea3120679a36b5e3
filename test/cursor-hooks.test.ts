// Cursor's output contract, checked on the commands `mytty-doctor install cursor` wrote: each one runs as
// Cursor runs it (`sh -c <command>`, payload on stdin) through the real helper, engine down and up, and
// must print JSON Cursor accepts that never denies and never grants more than the user's own settings.
// Then a headless `agent -p` run (sessionStart, tools, sessionEnd; no beforeSubmitPrompt or stop) ends.
import { execFile } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURSOR_EVENTS } from "@mytty-bar/installers";
import { Engine, fixture, makeWorld, rowInState, Tmux, until, type FakePane, type World } from "./engine-harness.js";

const run = promisify(execFile);

/** Runs one installed Cursor command the way Cursor does and returns its stdout. */
async function runInstalled(world: World, command: string, payload: string): Promise<string> {
  const child = run("sh", ["-c", command], { env: world.env, cwd: world.home });
  child.child.stdin?.end(payload);
  return (await child).stdout;
}

function installedCommands(world: World): Array<[string, string]> {
  const config = JSON.parse(readFileSync(world.paths.cursorHooks, "utf8")) as {
    hooks: Record<string, Array<{ command: string }>>;
  };
  return Object.entries(config.hooks).flatMap(([event, handlers]) =>
    handlers.map((h): [string, string] => [event, h.command]),
  );
}

/** Cursor's permission values, most to least restrictive; ours may never be deny, nor allow. */
function expectSafeAnswer(event: string, stdout: string): void {
  const answer = JSON.parse(stdout) as Record<string, unknown>;
  expect(answer, event).toBeTypeOf("object");
  expect(answer.permission, event).not.toBe("deny");
  expect(answer.permission, event).not.toBe("allow");
  expect(answer.continue, event).not.toBe(false);
  expect(answer.followup_message, event).toBeUndefined();
  if (event === "preToolUse") expect(answer).toEqual({ permission: "ask" });
  if (event === "beforeSubmitPrompt") expect(answer).toEqual({ continue: true });
}

describe("Cursor hooks as installed (real helper, sh -c, engine down and up)", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;
  let pane: FakePane;

  beforeAll(async () => {
    world = await makeWorld(["cursor"]);
    tmux = new Tmux(world);
    engine = new Engine(world);
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  it("installs every event we map, sessionStart and sessionEnd included", () => {
    expect(installedCommands(world).map(([event]) => event)).toEqual([...CURSOR_EVENTS]);
    expect(CURSOR_EVENTS).toContain("sessionStart");
    expect(CURSOR_EVENTS).toContain("sessionEnd");
  });

  it("every installed command prints valid JSON for its event, never deny or allow", async () => {
    for (const up of [false, true]) {
      if (up) await engine.start();
      for (const [event, command] of installedCommands(world)) {
        expectSafeAnswer(event, await runInstalled(world, command, fixture("cursor", event)));
        // An empty or non-JSON payload must not cost the answer either.
        expectSafeAnswer(event, await runInstalled(world, command, ""));
      }
    }
    // Engine up, the payloads were spooled and mapped too (the empty ones are rejected).
    const stats = await until(
      async () => {
        const now = await engine.stats();
        return now.accepted + now.rejected >= 2 * CURSOR_EVENTS.length ? now : undefined;
      },
      10_000,
      "every call accounted for",
    );
    expect(stats.rejected).toBe(CURSOR_EVENTS.length);
  }, 60_000);

  it("a headless run (no beforeSubmitPrompt, no stop) goes running → succeeded on sessionEnd", async () => {
    if ((await engine.ping()) === undefined) await engine.start();
    pane = await tmux.pane("cursor", "cursor-headless");
    const ids = {
      conversation_id: "c0c0c0c0-0000-4000-8000-00000000c0de",
      session_id: "c0c0c0c0-0000-4000-8000-00000000c0de",
      generation_id: "9e9e9e9e-0000-4000-8000-00000000c0de",
    };
    expect(JSON.parse(await pane.hook("sessionStart", fixture("cursor", "sessionStart", ids)))).toEqual({});
    await rowInState(engine, pane, "idle", 8000, (r) => r.sessionId === ids.conversation_id);
    await pane.hook("preToolUse", fixture("cursor", "preToolUse", ids));
    await rowInState(engine, pane, "running");
    await pane.hook("postToolUse", fixture("cursor", "postToolUse", ids));
    await pane.hook("sessionEnd", fixture("cursor", "sessionEnd", ids));
    const done = await rowInState(engine, pane, "succeeded");
    expect(done.sessionId).toBe(ids.conversation_id);
  }, 60_000);
});
