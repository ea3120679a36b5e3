// End to end with the real engine: `mytty-bar --tui` in tmux, a fake Claude Code in another pane whose
// hook goes through the installed helper; the dashboard shows the approval, jumps to the pane for real,
// acknowledges it, and quits cleanly.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolvePaths } from "@mytty-bar/installers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIntegrations } from "../src/integrations.js";
import { acknowledgeThenQuit, startTmux, type TmuxServer } from "./helpers/tmux.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..", "..");

let server: TmuxServer;
let foreign: TmuxServer;

beforeEach(async () => {
  server = await startTmux("mytty-tui-e2e-");
  // Someone else's work on the same machine: a dozen agents in another tmux server. The dashboard
  // under test sees only its own server's process tree (MYTTY_BAR_SCAN_UNDER), so none of these.
  foreign = await startTmux("mytty-tui-foreign-");
  await foreign.tmux("new-session", "-d", "-s", "foreign", "-x", "80", "-y", "20", "sh");
  for (let i = 0; i < 12; i++)
    await foreign.tmux("new-window", "-t", "foreign", `exec -a ${i % 2 ? "codex" : "claude"} sleep 600`);
});
afterEach(async () => {
  await server.close();
  await foreign.close();
});

describe("mytty-bar --tui with the real engine", () => {
  it("shows a hooked approval from a tmux pane, jumps there, acknowledges it and quits", async () => {
    const home = path.join(server.dir, "home");
    const env = { HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") };
    const paths = resolvePaths({ env, platform: "linux" });
    await createIntegrations(paths).fix("claude-code");
    const project = path.join(server.dir, "project");
    await mkdir(project, { recursive: true });
    const payload = path.join(server.dir, "permission.json");
    const session = `e2e${process.pid}`;
    await writeFile(
      payload,
      JSON.stringify({
        session_id: "6f1c2a9e-3b7d-4e21-9a54-0c8e7b12d345",
        cwd: project,
        permission_mode: "default",
        hook_event_name: "PermissionRequest",
        tool_name: "Bash",
        tool_input: { command: "npm install --save p-retry", description: "Install the retry helper" },
      }),
    );

    const e = Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
    await server.tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "45", "-c", project, ...e, "bash --norc");
    const agentPane = (await server.tmux("display-message", "-p", "-t", `${session}:0`, "#{pane_id}")).trim();
    await server.tmux(
      "send-keys",
      "-t",
      agentPane,
      `exec -a claude node ${path.join(here, "fixtures", "fake-claude.mjs")} ${paths.helper} ${payload}`,
      "Enter",
    );
    await server.waitForScreen(agentPane, "fake claude ready");

    // CI=true on purpose: Ink loaded with it set paints nothing until exit, and CI machines (and some shells) set it.
    const scope = ["-e", `MYTTY_BAR_SCAN_UNDER=${(await server.tmux("display-message", "-p", "#{pid}")).trim()}`];
    const tui = (
      await server.tmux(
        "new-window",
        "-P",
        "-F",
        "#{pane_id}",
        "-t",
        session,
        "-c",
        repo,
        ...e,
        ...scope,
        "-e",
        "CI=true",
        `sh -c 'node apps/menubar/bin/mytty-bar.js --tui; echo "exit=$?"; sleep 60'`,
      )
    ).trim();
    const listed = await server.waitForScreen(tui, `${session}:0 ${agentPane}`, 20_000);
    expect(listed).toContain(`tmux ${session}:0 ${agentPane}`);
    expect(listed).not.toContain("foreign");
    // One place, one agent: ours (the dashboard's own pane runs node, no agent).
    expect(listed.split("\n").filter((l) => /^ {2}tmux /.test(l))).toEqual([`  tmux ${session}:0 ${agentPane}`]);
    expect(existsSync(paths.enginePid)).toBe(true);

    await server.tmux("send-keys", "-t", agentPane, "go", "Enter");
    const approval = await server.waitForScreen(tui, "Approval", 20_000);
    const line = approval.split("\n").find((l) => l.includes("Approval"));
    expect(line).toMatch(
      new RegExp(`^› Approval Claude Code — Bash requires approval — tmux ${session}:0 ${agentPane} · \\d+s ago\\s*$`),
    );
    expect((await server.tmux("display-message", "-p", "-t", session, "#{window_index}")).trim()).toBe("1");
    // The engine's notice (a notification in the menu bar app) lands in the status line.
    const noticed = await server.waitForScreen(tui, "needs approval");
    expect(
      noticed
        .split("\n")
        .find((l) => l.startsWith("Claude Code needs approval"))
        ?.trimEnd(),
    ).toMatch(/^Claude Code needs approval — project\/ · .*Bash requires approval$/);

    await mkdir(path.join(repo, "test-output"), { recursive: true });
    await writeFile(path.join(repo, "test-output", "tui-approval.txt"), noticed);
    await server.tmux("send-keys", "-t", tui, "Enter");
    expect(await server.waitForScreen(tui, "Brought the agent")).toContain(
      "Brought the agent's tmux pane to the front.",
    );
    expect((await server.tmux("display-message", "-p", "-t", session, "#{window_index} #{pane_id}")).trim()).toBe(
      `0 ${agentPane}`,
    );

    await acknowledgeThenQuit(server, tui, expect);
    expect(existsSync(paths.enginePid)).toBe(false);
    expect(existsSync(paths.controlSocket)).toBe(false);
  });
});
