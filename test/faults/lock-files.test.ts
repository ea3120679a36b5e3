// Fault: the engine lock on a full disk (a real 64 KiB tmpfs in a private mount namespace, as in
// test/faults/log-files.test.ts): the start fails with ENOSPC and leaves no engine.pid.tmp-* behind.
import { spawnSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";
import { ROOT } from "../engine-harness.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe("faults on the engine lock's files", () => {
  it("a full disk fails the lock with ENOSPC and leaves no engine.pid.tmp-*", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-lockfault-"));
    dirs.push(dir);
    const paths = resolvePaths({ env: { HOME: dir }, platform: "linux" });
    await fs.mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
    const script = path.join(dir, "inside.mjs");
    await fs.writeFile(script, INSIDE);
    // The tmpfs exists only in the namespace: everything is checked from in there, and vanishes with it.
    const mount = `mount -t tmpfs -o size=64k tmpfs "$1" && exec "$2" "$3" "$4" "$5"`;
    const result = spawnSync(
      "unshare",
      ["-Urm", "sh", "-c", mount, "sh", paths.dataDir, process.execPath, script, dir, paths.dataDir],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    expect(result.stderr).toBe("");
    const report = JSON.parse(result.stdout) as { full: boolean; code: string; files: string[] };
    expect(report.full).toBe(true); // the disk really was full
    expect(report.code).toBe("ENOSPC");
    expect(report.files.filter((f) => f.startsWith("engine.pid"))).toEqual([]);
  });
});

// Runs inside the namespace: fill the tmpfs, take the lock, then what is left in the data dir.
const INSIDE = `
import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [home, dataDir] = process.argv.slice(2);
const { acquireEngineLock } = await import(pathToFileURL(path.resolve("packages/engine/dist/index.js")).href);
const { resolvePaths } = await import(pathToFileURL(path.resolve("packages/installers/dist/index.js")).href);
const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
let full = false;
try {
  await fs.writeFile(path.join(dataDir, "filler"), Buffer.alloc(128 * 1024, 120));
} catch (error) {
  full = error.code === "ENOSPC";
}
let code = "none";
try {
  const lock = await acquireEngineLock(paths);
  await lock.release();
} catch (error) {
  code = error.code ?? String(error);
}
const files = await fs.readdir(dataDir);
process.stdout.write(JSON.stringify({ full, code, files }));
`;
