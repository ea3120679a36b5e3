// End to end: a fake `claude` in a private tmux pane runs the statusLine command our opt-in install wrote
// (the real script, fed the real-shaped statusLine JSON); the engine's rows, read over the control socket as
// `mytty-team list --json` reads them, carry `usage` for that agent; once that agent is gone, its file goes too.
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyChanges, planClaudeStatusline, resolvePaths } from "@mytty-bar/installers";
import { createEngine, defaultSettings, request, type AgentRow } from "@mytty-bar/engine";
import { eventually, useTmuxWorld } from "./tmux-world.js";
import { createInsights } from "../src/insights/index.js";

const STATUS_JSON = fileURLToPath(new URL("../../../fixtures/statusline/claude-code-2.1.90.json", import.meta.url));

// Renders its status line once a go file appears: `sh -c <statusLine command>` with the JSON on stdin, as Claude Code does.
const FAKE = `#!/usr/bin/env node
const fs = require("node:fs");
const { spawnSync } = require("node:child_process");
const { FAKE_CONTROL: control, FAKE_COMMAND: command, FAKE_INPUT: input } = process.env;
let done = false;
setInterval(() => {
  if (done || !fs.existsSync(control + "/go")) return;
  done = true;
  const out = spawnSync("/bin/sh", ["-c", command], { input: fs.readFileSync(input) });
  fs.writeFileSync(control + "/rendered", out.stdout);
}, 50);
`;

const world = useTmuxWorld("mytty-usage-engine-");
const tmux = world.tmux;

describe("usage meters end to end", () => {
  it("lists the Claude agent's 5h / 7d usage from the statusLine our opt-in entry kept", async () => {
    const home = path.join(world.root, "home");
    const bin = path.join(world.root, "bin");
    const control = path.join(world.root, "control");
    for (const dir of [home, bin, control, path.join(home, ".claude")]) await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(bin, "claude"), FAKE, { mode: 0o755 });
    const paths = resolvePaths({ env: { HOME: home } });
    await fs.writeFile(
      paths.claudeSettings,
      `{\n  "statusLine": { "type": "command", "command": "printf 'my line'" }\n}\n`,
    );
    await applyChanges(planClaudeStatusline(paths).install, { paths });
    const command = (JSON.parse(await fs.readFile(paths.claudeSettings, "utf8")) as { statusLine: { command: string } })
      .statusLine.command;

    await tmux(
      "new-session",
      "-d",
      "-s",
      "usage",
      "-x",
      "100",
      "-y",
      "30",
      "-c",
      home,
      "-e",
      `FAKE_CONTROL=${control}`,
      "-e",
      `FAKE_COMMAND=${command}`,
      "-e",
      `FAKE_INPUT=${STATUS_JSON}`,
      path.join(bin, "claude"),
    );
    const pid = Number((await tmux("display-message", "-p", "-t", "usage", "#{pane_pid}")).trim());
    const insights = createInsights({ paths, readIntervalMs: 0, locateIntervalMs: 0 });
    world.engine = await createEngine({ paths, insights, settings: { ...defaultSettings(), pollIntervalSeconds: 1 } });
    const live = world.engine;
    await eventually(async () => live.snapshot().agents.find((r) => r.pid === pid), "the fake claude to be detected");

    await fs.writeFile(path.join(control, "go"), "");
    const rendered = await eventually(
      () => fs.readFile(path.join(control, "rendered"), "utf8").catch(() => undefined),
      "the status line",
    );
    expect(rendered).toBe("my line");
    const expected = [
      { window: "5h", usedPercent: 38, resetsAt: "2026-11-30T17:00:00.000Z" },
      { window: "7d", usedPercent: 14, resetsAt: "2026-12-05T09:00:00.000Z" },
    ];
    const listed = await eventually(async () => {
      const rows = await request<{ agents: AgentRow[] }>(paths.controlSocket, { op: "list" });
      const row = rows.agents.find((r) => r.pid === pid);
      return row?.usage !== undefined ? row : undefined;
    }, "usage on the listed row");
    expect(listed).toMatchObject({ provider: "claude-code", usage: expected });

    // Claude Code gone: the next poll deletes its <pid>.json (engine retention).
    const kept = path.join(paths.dataDir, "statusline", `${pid}.json`);
    await fs.access(kept);
    await tmux("kill-server");
    await eventually(
      () =>
        fs.access(kept).then(
          () => undefined,
          () => true,
        ),
      "the gone agent's statusline file to go",
    );
  });
});
