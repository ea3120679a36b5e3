// Retention of <data>/statusline/: a file whose Claude process is gone is deleted, a live one's stays, and
// nothing that is not ours is touched. Real files in a temp dir, real child processes for the pids.
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { isAlivePid as pidAlive } from "../src/pid.js";
import { STATUSLINE_TEMP_GRACE_MS, staleStatuslineFiles, sweepStatusline } from "../src/statusline-sweep.js";

let dir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-statusline-sweep-"));
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  await fs.rm(dir, { recursive: true, force: true });
});

/** A pid that was a real process and has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn("/bin/true");
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

function livePid(): number {
  const child = spawn("/bin/sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

it("deletes <pid>.json of a gone process and a gone script's old temp file, keeps the rest", async () => {
  const live = livePid();
  const dead = await deadPid();
  expect(pidAlive(live)).toBe(true);
  expect(pidAlive(dead)).toBe(false);
  const old = new Date(Date.now() - 2 * STATUSLINE_TEMP_GRACE_MS);
  const files = [`${live}.json`, `${dead}.json`, `.${dead}.in`, `.${live}.in`, "notes.txt", "0.json"];
  for (const name of files) await fs.writeFile(path.join(dir, name), "{}");
  await fs.utimes(path.join(dir, `.${dead}.in`), old, old);
  await fs.utimes(path.join(dir, `.${live}.in`), old, old);
  await fs.mkdir(path.join(dir, "99999999.json")); // not a regular file: not ours to remove

  expect((await sweepStatusline(dir, Date.now())).sort()).toEqual([`${dead}.json`, `.${dead}.in`].sort());
  expect((await fs.readdir(dir)).sort()).toEqual(
    [`${live}.json`, `.${live}.in`, "notes.txt", "0.json", "99999999.json"].sort(),
  );
});

it("gives a gone script's fresh temp file the grace period, and a missing dir is nothing to do", async () => {
  const dead = await deadPid();
  const now = Date.now();
  expect(staleStatuslineFiles([{ name: `.${dead}.in`, mtimeMs: now - 1000 }], pidAlive, now)).toEqual([]);
  expect(
    staleStatuslineFiles([{ name: `.${dead}.in`, mtimeMs: now - STATUSLINE_TEMP_GRACE_MS }], pidAlive, now),
  ).toEqual([`.${dead}.in`]);
  expect(await sweepStatusline(path.join(dir, "absent"), now)).toEqual([]);
  expect(pidAlive(0)).toBe(false);
  expect(pidAlive(-1)).toBe(false);
});
