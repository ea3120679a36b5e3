// Oversized payloads through the installed commands: the real helper cuts at 1 MiB, the real engine
// salvages the cut payload's ids, so a huge PostToolBatch still clears an approval and a huge Stop
// still ends the run (docs/hook-helper.md#oversized-payloads).
import { promises as fs } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine, fixture, makeWorld, rowInState, Tmux, type FakePane, type World } from "./engine-harness.js";

const MiB = 1024 * 1024;

describe("oversized Claude Code payloads (real helper, headless engine)", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;
  let claude: FakePane;

  beforeAll(async () => {
    world = await makeWorld(["claude-code"]);
    tmux = new Tmux(world);
    engine = new Engine(world);
    await engine.start();
    claude = await tmux.pane("claude-code", "claude-big");
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  it("a 3 MiB PostToolBatch after a PermissionRequest returns the row to running; a 2 MiB Stop ends it", async () => {
    const ids = {
      session_id: "b16b16b1-0000-4000-8000-000000000001",
      prompt_id: "b16b16b1-0000-4000-8000-0000000000p1",
    };
    await claude.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", ids));
    await rowInState(engine, claude, "running", 8000, (r) => r.sessionId === ids.session_id);
    await claude.hook("PermissionRequest", fixture("claude-code", "PermissionRequest", ids));
    expect((await rowInState(engine, claude, "waiting-approval")).attention).toBe(true);

    const batch = JSON.parse(fixture("claude-code", "PostToolBatch", ids)) as {
      tool_calls: Array<Record<string, unknown>>;
    };
    batch.tool_calls = [{ ...batch.tool_calls[0], tool_response: "x".repeat(3 * MiB) }];
    const payload = JSON.stringify(batch);
    expect(payload.length).toBeGreaterThan(3 * MiB);
    expect(await claude.hook("PostToolBatch", payload)).toBe("");
    const running = await rowInState(engine, claude, "running");
    expect(running.attention).toBe(false);

    const stop = {
      ...(JSON.parse(fixture("claude-code", "Stop", ids)) as Record<string, unknown>),
      last_assistant_message: "y".repeat(2 * MiB),
    };
    await claude.hook("Stop", JSON.stringify(stop));
    expect((await rowInState(engine, claude, "succeeded")).runId).toBe(running.runId);
    const stats = await engine.stats();
    expect(stats.rejected).toBe(0);
  }, 60_000);
});
