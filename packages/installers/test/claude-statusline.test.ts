// The opt-in Claude Code statusLine pass-through on a temp HOME: the user's own status line prints
// byte for byte through ours, the JSON is kept for the engine, and uninstall restores settings.json exactly.
import { execFileSync } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyChanges, planClaudeStatusline, resolvePaths, type Paths } from "../src/index.js";

const INPUT = readFileSync(
  fileURLToPath(new URL("../../../fixtures/statusline/claude-code-2.1.90.json", import.meta.url)),
);

let home: string;
let paths: Paths;
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-statusline-"));
  paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  await fs.mkdir(path.dirname(paths.claudeSettings), { recursive: true });
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

async function install(): Promise<void> {
  const plan = planClaudeStatusline(paths);
  expect(plan.status).toBe("not-installed");
  const outcomes = await applyChanges(plan.install, { paths });
  expect(outcomes.every((o) => o.result === "written" || o.result === "unchanged")).toBe(true);
}

async function uninstall(): Promise<void> {
  const plan = planClaudeStatusline(paths);
  expect(plan.status).toBe("installed");
  await applyChanges(plan.uninstall, { paths });
}

/** Runs a statusLine command the way Claude Code does: `sh -c <command>` with the JSON on stdin. */
function runStatusLine(command: string): Buffer {
  return execFileSync("/bin/sh", ["-c", command], {
    input: INPUT,
    cwd: home,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
  });
}

describe("claude-code --statusline", () => {
  it("prints the user's own status line byte for byte (colours, no trailing newline) and keeps the JSON", async () => {
    const script = path.join(home, "my status.sh");
    // Reads the input (model name via sed), prints ANSI colours and no trailing newline.
    await fs.writeFile(
      script,
      `#!/bin/sh\nm=$(sed -n 's/.*"display_name":"\\([^"]*\\)".*/\\1/p')\nprintf '\\033[1;32m%s\\033[0m \\033[33m\\342\\226\\210 5h\\033[0m' "$m"\n`,
      { mode: 0o755 },
    );
    const userCommand = `'${script}' --compact`;
    const original = `{\n  "model": "opus",\n  "statusLine": {\n    "type": "command",\n    "command": ${JSON.stringify(userCommand)},\n    "padding": 0\n  },\n  "permissions": { "allow": [] }\n}\n`;
    await fs.writeFile(paths.claudeSettings, original);
    const expected = runStatusLine(userCommand);
    const esc = "\u001b";
    expect(expected.toString("utf8")).toBe(`${esc}[1;32mOpus 4.6${esc}[0m ${esc}[33m█ 5h${esc}[0m`);

    await install();
    const settings = JSON.parse(await fs.readFile(paths.claudeSettings, "utf8")) as {
      statusLine: { command: string; padding: number };
      model: string;
    };
    expect(settings.statusLine.command).toContain("mytty-bar-statusline");
    expect(settings.statusLine.padding).toBe(0);
    expect(settings.model).toBe("opus");

    const out = runStatusLine(settings.statusLine.command);
    expect(Buffer.compare(out, expected)).toBe(0);
    // `exec` made the script's parent our own process: the engine reads <pid>.json for that agent.
    const kept = await fs.readFile(path.join(paths.statuslineDir, `${process.pid}.json`));
    expect(Buffer.compare(kept, INPUT)).toBe(0);
    expect((await fs.readdir(paths.statuslineDir)).filter((n) => n.startsWith("."))).toEqual([]);

    await uninstall();
    expect(await fs.readFile(paths.claudeSettings, "utf8")).toBe(original);
    await expect(fs.stat(path.join(paths.binDir, "mytty-bar-statusline"))).rejects.toThrow();
  });

  it("without a statusLine of the user's, adds ours and removes it exactly; a created file is deleted again", async () => {
    const original = `{\r\n\t"model": "sonnet"\r\n}`;
    await fs.writeFile(paths.claudeSettings, original);
    await install();
    expect(runStatusLine(JSON.parse(await fs.readFile(paths.claudeSettings, "utf8")).statusLine.command).length).toBe(
      0,
    );
    await uninstall();
    expect(await fs.readFile(paths.claudeSettings, "utf8")).toBe(original);

    await fs.rm(paths.claudeSettings);
    await install();
    await uninstall();
    await expect(fs.stat(paths.claudeSettings)).rejects.toThrow();
  });

  it("passes the user's command's exit status through and is never part of a plain install", async () => {
    await fs.writeFile(paths.claudeSettings, `{"statusLine":{"type":"command","command":"printf x; exit 3"}}`);
    await install();
    const command = JSON.parse(await fs.readFile(paths.claudeSettings, "utf8")).statusLine.command as string;
    let status = 0;
    try {
      runStatusLine(command);
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(3);
  });
});
