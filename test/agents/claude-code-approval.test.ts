// Real Claude Code asking to run a shell command, in both permission modes: `--permission-mode default`
// (our held PermissionRequest hook makes the row answerable; the dashboard answers) and its own default,
// auto mode, whose server-side check the stand-in cannot pass, so Claude Code shows its own dialogs
// and fires no PermissionRequest: the session registry's `waitingFor` is the earliest truth there.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../engine-harness.js";
import { measured } from "./support/real-world.js";
import { CLAUDE_VERSIONS, type ClaudeSession, isClaude, startClaude } from "./support/claude-session.js";

const WRITE = `node -e 'require("fs").writeFileSync("made.txt", "x")'`;
const TOOL = { kind: "tool", name: "Bash", input: { command: WRITE, description: "Write made.txt" } } as const;
const DIALOG = /Do you want to proceed\?/;
const AGENT = "claude-code";

const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : undefined);

let session: ClaudeSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe.each(CLAUDE_VERSIONS)("Claude Code %s approvals, --permission-mode default, from the dashboard", (version) => {
  for (const [key, decision] of [
    ["y", "allow"],
    ["n", "deny"],
  ] as const) {
    it(`${decision}: the row is answerable while the dialog shows, and Claude Code really ${decision === "allow" ? "runs" : "refuses"} the tool`, async () => {
      const settings = { answerWaitSeconds: 120 };
      const s = (session = await startClaude({ version, mode: "default", world: { settings } }));
      const dashboard = await s.world.dashboard();
      s.standin.script.queue(TOOL, { kind: "text", text: "Finished the approval turn." });
      await s.prompt("write the file");
      const dialogAt = await s.pane.waitScreen(DIALOG);
      const { row, at } = await s.pane.row(
        (r) => isClaude(r) && r.state === "waiting-approval" && r.attention && r.answerable === true,
        "waiting-approval, answerable",
      );
      measured(AGENT, `approval (default mode, ${version})`, "dialog on screen → row waiting-approval", dialogAt, at);
      expect(row.request?.tool).toBe("Bash");

      await dashboard.waitScreen(/y allow once/);
      await dashboard.keys(key);
      const answeredAt = Date.now();
      if (decision === "allow") {
        const movedAt = await s.pane.waitScreen(/Allowed by PermissionRequest hook/);
        measured(AGENT, `approval (default mode, ${version})`, "dashboard allow → agent moves on", answeredAt, movedAt);
        await s.pane.waitScreen(/Finished the approval turn\./);
        expect(existsSync(path.join(s.project, "made.txt"))).toBe(true);
      } else {
        const { at: movedAt } = await s.pane.row((r) => isClaude(r) && r.state !== "waiting-approval", "moved on");
        measured(AGENT, `approval (default mode, ${version})`, "dashboard deny → row moves on", answeredAt, movedAt);
        expect(existsSync(path.join(s.project, "made.txt"))).toBe(false);
      }
      const results = await until(async () => nonEmpty(s.standin.toolResults()), 30_000, "the tool's result");
      expect(results).toHaveLength(1);
      expect(results[0]?.is_error ?? false).toBe(decision === "deny");
      await s.pane.row(
        (r) => isClaude(r) && r.state !== "waiting-approval" && !r.answerable,
        "moved on from the approval",
      );
    }, 120_000);
  }
});

describe.each(CLAUDE_VERSIONS)(
  "Claude Code %s approvals in its default auto mode, the check unreachable",
  (version) => {
    it("lists its own Bash dialog as waiting-approval with attention within one poll", async () => {
      const s = (session = await startClaude({ version }));
      s.standin.script.queue(TOOL, { kind: "text", text: "Finished the auto turn." });
      await s.prompt("write the file");
      // First its own "can't check actions" choice: staying in auto mode (Enter) leads to the Bash dialog.
      await s.pane.waitScreen(/Auto mode can't check actions/);
      await s.pane.row((r) => isClaude(r) && r.state === "waiting-input" && r.attention, "waiting-input on its choice");
      // Enter again while the choice still shows (a key sent as it mounts is dropped); resolves as the dialog shows.
      let pressedAt = 0;
      const dialogAt = await until(
        async () => {
          const screen = await s.pane.screen();
          if (DIALOG.test(screen)) return Date.now();
          // At most once per 1.5 s, so a second Enter never lands on the Bash dialog (it would pick "No").
          if (/Enter to stay in auto mode/.test(screen) && Date.now() - pressedAt > 1_500) {
            pressedAt = Date.now();
            await s.pane.keys("Enter");
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
          return undefined;
        },
        30_000,
        "the Bash dialog",
      );
      const { row, at } = await s.pane.row(
        (r) => isClaude(r) && r.state === "waiting-approval" && r.attention,
        "waiting-approval on auto mode's own dialog",
      );
      measured(AGENT, `approval (auto mode, ${version})`, "dialog on screen → row waiting-approval", dialogAt, at);
      // No hook holds it, so nothing here can answer it: the terminal does.
      expect(row.answerable).toBe(false);
      // The registry's own wording: the permission_prompt Notification (the only hook here) says it ~20 s later.
      expect(row.message).toBe("Waiting for permission");
      // Auto mode's dialog opens on "No": Down until "Yes" is selected (a key sent while the dialog is still
      // mounting is dropped), then Enter.
      await until(
        async () => {
          if (/❯\s*Yes/.test(await s.pane.screen())) return true;
          await s.pane.keys("Down");
          await new Promise((resolve) => setTimeout(resolve, 300));
          return undefined;
        },
        15_000,
        '"Yes" selected',
      );
      await s.pane.keys("Enter");
      const answeredAt = Date.now();
      const { at: movedAt } = await s.pane.row((r) => isClaude(r) && r.state !== "waiting-approval", "moved on");
      measured(AGENT, `approval (auto mode, ${version})`, "answer in terminal → row moves on", answeredAt, movedAt);
      await s.pane.waitScreen(/Finished the auto turn\./);
      expect(existsSync(path.join(s.project, "made.txt"))).toBe(true);
    }, 120_000);
  },
);
