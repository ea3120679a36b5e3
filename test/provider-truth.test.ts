// Providers' real contracts end to end: fake Gemini CLI and Codex agents in a private tmux server run the
// hooks `mytty-doctor install` wrote, with real-shaped payloads from fixtures/payloads/, through the real
// helper and `mytty-bar --headless`; states are read back with `mytty-team list --json`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promises as fs } from "node:fs";
import type { AgentRow } from "@mytty-bar/engine";
import { BIN, Engine, fixture, makeWorld, runCli, Tmux, until, type FakePane, type World } from "./engine-harness.js";

describe("provider contracts through the installed hooks (tmux, real helper, headless engine)", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;

  beforeAll(async () => {
    world = await makeWorld(["claude-code", "codex", "gemini"]);
    tmux = new Tmux(world);
    engine = new Engine(world);
    await engine.start();
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  /** This pane's row as `mytty-team list --json` prints it, once it is in `state`. */
  const teamRow = async (pane: FakePane, state: AgentRow["state"]): Promise<AgentRow> => {
    let last: AgentRow | undefined;
    try {
      return await until(
        async () => {
          const out = await runCli(world, BIN.team, ["list", "--json"]);
          const rows = JSON.parse(out.stdout) as { agents?: AgentRow[] } | AgentRow[];
          const list = Array.isArray(rows) ? rows : (rows.agents ?? []);
          last = list.find((r) => r.terminal.tmuxSocket === world.tmuxSocket && r.terminal.tmuxPane === pane.id);
          return last?.state === state ? last : undefined;
        },
        10_000,
        `${pane.provider} to be ${state}`,
      );
    } catch {
      throw new Error(
        `${pane.provider}: expected ${state}, still ${last ? `${last.state} (attention ${last.attention})` : "not listed"}`,
      );
    }
  };

  it("follows Gemini CLI through BeforeAgent → Notification(ToolPermission) → AfterTool → AfterAgent", async () => {
    const gemini = await tmux.pane("gemini", "gemini");
    const session = { session_id: "9e1a0000-0000-4000-8000-00000000ge01" };
    expect(await gemini.hook("SessionStart", fixture("gemini", "SessionStart", session))).toBe("");
    // One protocol provider for both CLIs; the row says which binary it is (the popup names it "Gemini CLI").
    expect(await teamRow(gemini, "idle")).toMatchObject({ provider: "antigravity", variant: "gemini" });

    expect(await gemini.hook("BeforeAgent", fixture("gemini", "BeforeAgent", session))).toBe("");
    expect(await teamRow(gemini, "running")).toMatchObject({ attention: false, sessionId: session.session_id });

    expect(await gemini.hook("Notification", fixture("gemini", "Notification-ToolPermission", session))).toBe("");
    expect(await teamRow(gemini, "waiting-approval")).toMatchObject({
      attention: true,
      message: "Tool Confirm Shell Command requires execution",
    });

    expect(await gemini.hook("AfterTool", fixture("gemini", "AfterTool", session))).toBe("");
    expect(await teamRow(gemini, "running")).toMatchObject({ attention: false });

    expect(await gemini.hook("AfterAgent", fixture("gemini", "AfterAgent", session))).toBe("");
    expect(await teamRow(gemini, "succeeded")).toMatchObject({ attention: false, sessionId: session.session_id });
  });

  it("shows an MCP server's question to Claude Code at once (Elicitation) and the turn going on after the answer", async () => {
    const claude = await tmux.pane("claude-code", "claude");
    const ids = {
      session_id: "c1a0de00-0000-4000-8000-0000000e1c01",
      prompt_id: "c1a0de00-0000-4000-8000-0000000e1c02",
    };
    await claude.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", ids));
    await teamRow(claude, "running");
    expect(await claude.hook("Elicitation", fixture("claude-code", "Elicitation", ids))).toBe("");
    expect(await teamRow(claude, "waiting-input")).toMatchObject({
      attention: true,
      message: "Which account should the invoice go to?",
    });
    expect(await claude.hook("ElicitationResult", fixture("claude-code", "ElicitationResult", ids))).toBe("");
    expect(await teamRow(claude, "running")).toMatchObject({ attention: false });
    await claude.hook("Stop", fixture("claude-code", "Stop", ids));
    await teamRow(claude, "succeeded");
  });

  it("leaves the lead's waiting approval as it was when Codex submits a subagent's prompt", async () => {
    const codex = await tmux.pane("codex", "codex");
    const lead = {
      session_id: "c0dec000-0000-4000-8000-00000000su01",
      turn_id: "c0dec000-0000-4000-8000-00000000tu01",
    };
    await codex.hook("UserPromptSubmit", fixture("codex", "UserPromptSubmit", lead));
    await teamRow(codex, "running");
    await codex.hook("PermissionRequest", fixture("codex", "PermissionRequest", lead));
    const waiting = await teamRow(codex, "waiting-approval");
    expect(waiting.attention).toBe(true);

    const taken = async () => {
      const s = await engine.stats();
      return s.accepted + s.duplicates + s.rejected + (s.ignored ?? 0);
    };
    const before = await taken();
    await codex.hook("UserPromptSubmit", fixture("codex", "UserPromptSubmit-subagent"));
    // The engine has taken the call (whatever it made of it) before the row is read.
    await until(async () => (await taken()) > before, 10_000, "the subagent prompt to be ingested");
    const rows = JSON.parse((await runCli(world, BIN.team, ["list", "--json"])).stdout) as
      AgentRow[] | { agents: AgentRow[] };
    const after = (Array.isArray(rows) ? rows : rows.agents).find(
      (r) => r.terminal.tmuxPane === codex.id && r.terminal.tmuxSocket === world.tmuxSocket,
    );
    expect(after).toMatchObject({
      state: "waiting-approval",
      attention: true,
      runId: waiting.runId,
      message: waiting.message,
    });
    expect((await engine.stats()).ignored).toBeGreaterThan(0);

    // The lead's own next event still moves its run.
    await codex.hook("PostToolUse", fixture("codex", "PostToolUse", lead));
    expect((await teamRow(codex, "running")).runId).toBe(waiting.runId);
  });
});
