// The statusLine pass-through's promise: the user's own command sees exactly what Claude Code gives it
// (its umask, its stdin), whatever happens to our copy of the input.
import { execFileSync } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyChanges, planClaudeStatusline, resolvePaths, type Paths } from "@mytty-bar/installers";

const INPUT = readFileSync(
  fileURLToPath(new URL("../../fixtures/statusline/claude-code-2.1.90.json", import.meta.url)),
);
// The user's statusLine: prints the umask it runs under, then its stdin.
const USER_COMMAND = "umask; cat";

let home: string;
let paths: Paths;
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-statusline-fault-"));
  paths = resolvePaths({ env: { HOME: home }, platform: process.platform });
  await fs.mkdir(path.dirname(paths.claudeSettings), { recursive: true });
  const value = JSON.stringify({ type: "command", command: USER_COMMAND });
  await fs.writeFile(paths.claudeSettings, `{\n  "statusLine": ${value}\n}\n`);
  const plan = planClaudeStatusline(paths);
  await applyChanges(plan.install, { paths });
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

/** What Claude Code does: `sh -c <settings' command>` under the user's umask 0022, the JSON on stdin. */
function render(): string {
  const settings = JSON.parse(readFileSync(paths.claudeSettings, "utf8")) as { statusLine: { command: string } };
  expect(settings.statusLine.command).toContain("mytty-bar-statusline");
  return execFileSync("/bin/sh", ["-c", `umask 0022; ${settings.statusLine.command}`], {
    input: INPUT,
    cwd: home,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
  }).toString("utf8");
}

describe("statusLine pass-through", () => {
  it("runs the user's command under the user's umask with the whole input, and keeps our copy", async () => {
    expect(render()).toBe(`0022\n${INPUT.toString("utf8")}`);
    const kept = await fs.readFile(path.join(paths.statuslineDir, `${process.pid}.json`));
    expect(kept.equals(INPUT)).toBe(true);
    expect((await fs.stat(path.join(paths.statuslineDir, `${process.pid}.json`))).mode & 0o777).toBe(0o600);
  });

  it("gives the user's command the whole input when our copy cannot be written (the data dir is broken)", async () => {
    // A file where the statusline directory should be: every write of our copy fails (as on a full disk,
    // which root in this container cannot be denied by permissions alone).
    await fs.rm(paths.statuslineDir, { recursive: true, force: true });
    await fs.writeFile(paths.statuslineDir, "");
    expect(render()).toBe(`0022\n${INPUT.toString("utf8")}`);
    expect((await fs.stat(paths.statuslineDir)).isFile()).toBe(true);
  });
});
