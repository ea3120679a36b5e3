// The core Codex scenarios on the older pin, 0.169.0, in its default TUI (the managed app-server daemon
// runs the thread): one row for the pane, an approval allowed from the dashboard, and a 500 failing the row.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measured, type AgentPane } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";

const AGENT = "codex";
const VERSION = "0.169.0";

describe(`Codex ${VERSION}: the default TUI`, () => {
  let codex: CodexWorld;
  let tui: AgentPane;
  let pane: AgentPane;
  beforeAll(async () => {
    codex = await CodexWorld.create({ config: { approvalPolicy: "on-request" } });
    tui = await codex.world.dashboard();
  }, 60_000);
  afterAll(async () => codex?.close(), 60_000);

  it("is one row for the pane, and y from the dashboard runs the escalated command", async () => {
    pane = await codex.start({ version: VERSION });
    codex.standIn.script.queue(
      {
        kind: "tool",
        name: "exec_command",
        input: { cmd: "touch older-allowed", sandbox_permissions: "require_escalated", justification: "Asked for" },
      },
      { kind: "text", text: "Made it." },
    );
    const shown = await codex.submit(pane, "please make older-allowed");
    const { row, at } = await pane.row(
      (r) => r.state === "waiting-approval" && r.answerable === true,
      "waiting-approval, answerable",
    );
    measured(AGENT, `approval ${VERSION}`, "screen→row waiting-approval", shown, at);
    expect((await codex.paneRows(pane)).map((r) => r.id)).toEqual([row.id]);
    const ps = execFileSync("ps", ["-eo", "args="], { encoding: "utf8" });
    // 0.169 hands the thread to the managed daemon too; its PermissionRequest hook runs below it.
    expect(ps.split("\n").filter((l) => l.includes(codex.world.home) && l.includes("--managed-daemon"))).toHaveLength(
      1,
    );

    await tui.waitScreen(/requires approval/, 15_000);
    await tui.type("y");
    await pane.row((r) => r.state === "succeeded", "succeeded after the answer", 30_000);
    expect(existsSync(path.join(codex.project, "older-allowed"))).toBe(true);
    expect((await codex.paneRows(pane)).length).toBe(1);
  }, 120_000);

  it("fails the row with the reason after a 500", async () => {
    codex.standIn.script.queue({ kind: "error", status: 500, message: "the stand-in broke" });
    const shown = await codex.submit(pane, "this will fail");
    const { row, at } = await pane.row((r) => r.state === "failed", "failed after a 500", 30_000);
    measured(AGENT, `error-500 ${VERSION}`, "screen→row failed", shown, at);
    expect(row.message).toBe("We’re currently experiencing high demand, which may cause temporary errors.");
  }, 60_000);
});
