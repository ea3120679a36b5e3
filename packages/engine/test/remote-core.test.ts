// A watched host's agents in the core (docs/remote.md#watching-a-host): joined per host, so a remote
// pid never meets a local one, and each side's scans touch only its own agents.
import { describe, expect, it } from "vitest";
import { EngineCore } from "../src/core.js";
import { agentRows } from "../src/rows.js";
import { feed, payload, scanOf, spool, tmuxClaude } from "./helpers.js";

const t = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s));
const HOST = "devbox";

describe("remote agents in the core", () => {
  // The same pid and start time on both machines: only the host tells them apart.
  const { claudeProc, claude, joined } = tmuxClaude();

  it("keeps a remote pid apart from the same local pid, and marks the remote row with its host", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0), HOST);
    feed(core, spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 100 }), t(1), joined, HOST);
    const rows = agentRows(core);
    expect(rows.map((r) => [r.id, r.host, r.state])).toEqual([
      ["claude-code-100", null, "unknown"],
      [`claude-code-100@${HOST}`, HOST, "waiting-approval"],
    ]);
  });

  it("a local scan without the pid closes only the local agent; the host's own scan closes the remote one", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0), HOST);
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 100 }), t(1), joined, HOST);
    core.observeScan(scanOf([], []), new Map(), t(2));
    expect(agentRows(core).map((r) => r.state)).toEqual(["running"]);
    core.observeScan(scanOf([], []), new Map(), t(3), HOST);
    expect(agentRows(core).map((r) => r.state)).toEqual(["disconnected"]);
  });

  it("a remote event never falls back onto a live local agent of the same provider", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    // No process found on the host for the hook's parent, but a local claude lives in a pane "%1" too.
    feed(
      core,
      spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 4242, env: { tmux_pane: "%1" } }),
      t(1),
      { tty: null, terminal: {} },
      HOST,
    );
    const rows = agentRows(core);
    expect(rows.find((r) => r.id === "claude-code-100")?.state).toBe("unknown");
    expect(rows.find((r) => r.host === HOST)).toMatchObject({ pid: null, state: "running" });
  });

  it("a session id already known on one machine does not pull another host's event onto its row", () => {
    // Session ids are the agent's own (a uuid, a copied config): the same one on two machines is two agents.
    const core = new EngineCore(300_000);
    const none = { tty: null, terminal: {} };
    const session = { session_id: "same-session" };
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit", session), { ppid: 4242 }), t(1), none);
    feed(
      core,
      spool("claude-code", payload("claude-code", "PermissionRequest", { ...session, prompt_id: "p-2" }), {
        ppid: 4242,
      }),
      t(2),
      none,
      HOST,
    );
    expect(agentRows(core).map((r) => [r.host, r.pid, r.state])).toEqual([
      [null, null, "running"],
      [HOST, null, "waiting-approval"],
    ]);
  });

  it("shows the host's rows as disconnected while its link is down, and their run again when it is back", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0), HOST);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 100 }), t(1), joined, HOST);
    core.hostsDown.set(HOST, t(2).toISOString());
    expect(agentRows(core).map((r) => [r.host, r.state, r.linkDownSince])).toEqual([
      [null, "unknown", undefined],
      [HOST, "disconnected", t(2).toISOString()],
    ]);
    core.hostsDown.delete(HOST);
    expect(agentRows(core).find((r) => r.host === HOST)?.state).toBe("running");
    core.forgetHost(HOST);
    expect(agentRows(core).map((r) => r.host)).toEqual([null]);
  });
});
