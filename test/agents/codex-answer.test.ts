// Real Codex asks to run a command outside its sandbox (approval_policy = "on-request", the model asks
// for `sandbox_permissions: "require_escalated"`): our held PermissionRequest hook makes the row
// waiting-approval and answerable, and `mytty-bar --tui` in another pane answers it — y lets Codex
// really run the command, n makes it refuse.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measured, type AgentPane } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";

const AGENT = "codex";

function escalated(cmd: string) {
  return {
    kind: "tool" as const,
    name: "exec_command",
    input: { cmd, sandbox_permissions: "require_escalated", justification: "Make the file the user asked for" },
  };
}

describe("Codex 0.171: an approval answered from the dashboard", () => {
  let codex: CodexWorld;
  let pane: AgentPane;
  let tui: AgentPane;
  beforeAll(async () => {
    codex = await CodexWorld.create({ config: { approvalPolicy: "on-request" } });
    tui = await codex.world.dashboard();
    pane = await codex.start();
  }, 90_000);
  afterAll(async () => codex?.close(), 60_000);

  async function askAndAnswer(file: string, key: "y" | "n" | "t", scenario: string): Promise<void> {
    const before = codex.standIn.turns().length;
    codex.standIn.script.queue(escalated(`touch ${file}`), { kind: "text", text: `Finished with ${file}.` });
    const shown = await codex.submit(pane, `please make ${file}`);
    const { row, at } = await pane.row(
      (r) => r.state === "waiting-approval" && r.answerable === true && r.attention,
      "waiting-approval, answerable, with attention",
    );
    measured(AGENT, scenario, "screen→row waiting-approval", shown, at);
    expect((await codex.paneRows(pane)).map((r) => r.id)).toEqual([row.id]);

    await tui.waitScreen(/requires approval/, 15_000);
    await tui.type(key);
    const answered = Date.now();
    if (key === "t") {
      // Handed back: the hook lets go without a decision and Codex shows its own approval prompt.
      const dialog = await pane.waitScreen(/Would you like to run the following command\?/, 20_000);
      measured(AGENT, scenario, "answer→Codex's own prompt", answered, dialog);
      // Still waiting on the user, now in the terminal only.
      await pane.row(
        (r) => r.state === "waiting-approval" && r.answerable === false && r.attention,
        "waiting-approval, no longer answerable",
        10_000,
      );
      await pane.keys("y");
    }
    // Codex moves on: the command's result goes back to the model as the next request.
    await codex.movedOn(pane, before, answered, scenario);
  }

  it("y in mytty-bar --tui lets Codex run the command", async () => {
    await askAndAnswer("allowed-by-bar", "y", "approval-allow");
    expect(existsSync(path.join(codex.project, "allowed-by-bar"))).toBe(true);
  }, 120_000);

  it("n in mytty-bar --tui makes Codex refuse the command", async () => {
    await askAndAnswer("denied-by-bar", "n", "approval-deny");
    expect(existsSync(path.join(codex.project, "denied-by-bar"))).toBe(false);
    const input = (codex.standIn.turns().at(-1)?.body as { input?: Array<Record<string, unknown>> }).input ?? [];
    const outcome = input.filter((i) => i.type === "function_call_output").at(-1);
    // Codex 0.171 reports it as `exec_command failed: CreateProcess { … Rejected("Denied by the user from Mytty Bar.") }`.
    expect(String(outcome?.output)).toMatch(/Rejected.*Denied by the user from Mytty Bar/);
  }, 120_000);

  it("t in mytty-bar --tui hands the approval back to Codex's own prompt", async () => {
    await askAndAnswer("answered-in-terminal", "t", "approval-terminal");
    expect(existsSync(path.join(codex.project, "answered-in-terminal"))).toBe(true);
  }, 120_000);
});
