// Files the engine and the helper open on their way up, replaced by the wrong kind of file: a fifo
// (which blocks a plain open forever) or a file where a directory belongs. Each gives a start or a
// clear one-line error naming the path within 5 s, never a hang. (events.jsonl: test/faults by its owner.)
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { helperScript, resolvePaths, type Paths } from "@mytty-bar/installers";
import { BIN } from "../engine-harness.js";

let home: string;
let paths: Paths;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-fault-start-"));
  env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C" };
  paths = resolvePaths({ env, platform: process.platform });
  fs.mkdirSync(paths.dataDir, { recursive: true });
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

/** Runs `mytty-bar --headless` until it exits or prints that it is up; kills it after 5 s. */
function startHeadless(): Promise<{ code: number | null; output: string; hung: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN.bar, "--headless"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let hung = false;
    let stopping = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, 5000);
    const onData = (d: Buffer) => {
      output += String(d);
      if (!stopping && output.includes("engine running")) {
        stopping = true;
        // headless prints its "running" line a moment before its signal handlers are in place.
        setTimeout(() => child.kill("SIGTERM"), 300);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, hung });
    });
  });
}

const mkfifo = (file: string) => execFileSync("mkfifo", [file]);

it("refuses a fifo at engine.pid with one line naming it", async () => {
  mkfifo(paths.enginePid);
  const r = await startHeadless();
  expect(r.hung).toBe(false);
  expect(r.code).not.toBe(0);
  expect(r.output).toContain(`${paths.enginePid} is not a regular file`);
});

it("starts with default settings when settings.json is a fifo", async () => {
  mkfifo(paths.settingsFile);
  const r = await startHeadless();
  expect(r).toMatchObject({ hung: false, code: 0 });
});

it("refuses a file where the spool directory belongs, naming it", async () => {
  fs.writeFileSync(paths.spoolDir, "");
  const r = await startHeadless();
  expect(r.hung).toBe(false);
  expect(r.code).not.toBe(0);
  expect(r.output).toContain(`${paths.spoolDir} is not a directory`);
});

it("the helper neither blocks on a fifo at engine.pid nor says anything when it cannot write the spool", () => {
  fs.mkdirSync(paths.binDir, { recursive: true });
  fs.writeFileSync(paths.helper, helperScript(paths), { mode: 0o755 });
  mkfifo(paths.enginePid);
  const fifo = execFileSync("sh", [paths.helper, "claude-code"], {
    env,
    input: "{}",
    timeout: 5000,
    stdio: ["pipe", "pipe", "pipe"],
  });
  expect(String(fifo)).toBe("");
  // A spool it cannot create files in (read-only file system, or a file where the directory belongs):
  // the agent's stderr stays clean and the exit is 0.
  fs.rmSync(paths.enginePid);
  fs.writeFileSync(paths.enginePid, `${process.pid}\n`);
  fs.writeFileSync(paths.spoolDir, "");
  const r = spawnSyncQuiet(paths.helper);
  expect(r).toEqual({ status: 0, stderr: "" });
});

function spawnSyncQuiet(helper: string): { status: number | null; stderr: string } {
  try {
    execFileSync("sh", [helper, "claude-code"], { env, input: "{}", timeout: 5000, stdio: ["pipe", "pipe", "pipe"] });
    return { status: 0, stderr: "" };
  } catch (error) {
    const e = error as { status: number | null; stderr?: Buffer };
    return { status: e.status, stderr: String(e.stderr ?? "") };
  }
}
