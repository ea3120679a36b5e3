// The spool intake's guards, each with a test that fails without it: a symlink is never followed
// (O_NOFOLLOW), the backlog is capped (oldest dropped), an entry the engine cannot delete is rejected
// once, not once per poll, and a batch is deleted only after settle. The real intake on real directories.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createIntake, MAX_BACKLOG } from "../../packages/engine/src/intake.js";

let tmp: string;
let dir: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-fault-intake-"));
  dir = path.join(tmp, "new");
  fs.mkdirSync(dir);
});
afterEach(() => {
  spawnSync("chmod", ["-R", "u+rwx", tmp]);
  fs.rmSync(tmp, { recursive: true, force: true });
});

function collect() {
  const files: string[] = [];
  const rejects: string[] = [];
  const intake = createIntake({
    dir,
    pollMs: 20,
    onFile: (b) => void files.push(b.toString()),
    onReject: (r) => void rejects.push(r),
  });
  return { intake, files, rejects };
}

it("never follows a symlink in the spool: the file it points at is neither read nor touched", async () => {
  const outside = path.join(tmp, "secret");
  fs.writeFileSync(outside, "mytty-bar-spool 1\nprovider=codex\n\n{}");
  fs.symlinkSync(outside, path.join(dir, "link"));
  const { intake, files, rejects } = collect();
  await intake.drain();
  intake.stop();
  expect(files).toEqual([]);
  expect(rejects).toEqual(["unreadable"]);
  expect(fs.readFileSync(outside, "utf8")).toContain("provider=codex");
  expect(fs.readdirSync(dir)).toEqual([]);
});

it(`keeps at most ${MAX_BACKLOG} waiting files, dropping the oldest`, async () => {
  const extra = 5;
  const base = Date.now() / 1000 - 10_000;
  for (let i = 0; i < MAX_BACKLOG + extra; i += 1) {
    const file = path.join(dir, `f${i}`);
    fs.writeFileSync(file, String(i));
    fs.utimesSync(file, base + i, base + i);
  }
  const { intake, files, rejects } = collect();
  await intake.drain();
  intake.stop();
  expect(rejects).toEqual(new Array(extra).fill("backlog-full"));
  expect(files).toHaveLength(MAX_BACKLOG);
  expect(files.slice(0, 2)).toEqual([String(extra), String(extra + 1)]);
});

// An entry the engine cannot delete needs an unprivileged process (root deletes anything): as root the
// check runs as nobody in a child process. That child reads nothing of the checkout (which may sit under
// a directory nobody cannot enter): the parent bundles the script and the intake into one file beside the
// spool, and only running it happens as nobody.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHILD = `
import { createIntake } from ${JSON.stringify(path.join(ROOT, "packages/engine/src/intake.ts"))};
const rejects = [];
const intake = createIntake({ dir: process.argv[2], pollMs: 20, onFile: () => undefined, onReject: (r) => rejects.push(r) });
intake.start();
setTimeout(() => { intake.stop(); console.log(JSON.stringify(rejects)); }, 400);
`;

it("counts an entry it cannot delete once, however many polls see it", () => {
  // A directory holding a read-only directory with a file in it: rm -r cannot remove it.
  const stuck = path.join(dir, "stuck");
  fs.mkdirSync(path.join(stuck, "ro"), { recursive: true });
  fs.writeFileSync(path.join(stuck, "ro", "x"), "");
  fs.chmodSync(path.join(stuck, "ro"), 0o500);
  const script = path.join(tmp, "child.mjs");
  buildSync({
    stdin: { contents: CHILD, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: script,
    logLevel: "silent",
    // From source, as vitest.config.ts aliases it: the test must not depend on a built dist/.
    alias: { "@mytty-bar/protocol": path.join(ROOT, "packages/protocol/src/index.ts") },
  });
  const asNobody = process.getuid?.() === 0;
  if (asNobody) {
    spawnSync("chown", ["-R", "65534:65534", tmp]);
    // The run's private temp dir is root's (0700): nobody must pass through it to reach `tmp`.
    fs.chmodSync(path.dirname(tmp), 0o711);
  }
  const r = spawnSync(process.execPath, [script, dir], {
    cwd: tmp,
    encoding: "utf8",
    ...(asNobody ? { uid: 65534, gid: 65534 } : {}),
  });
  expect(r.stderr).toBe("");
  expect(JSON.parse(r.stdout) as string[]).toEqual(["not-a-file"]);
  expect(fs.existsSync(stuck)).toBe(true);
});

// Log, then delete (intake.ts): a batch's files stay in the spool until `settle`
// (the engine's log write) has resolved, so a crash before the log is on disk loses nothing.
it("deletes nothing until settle resolves, and settle sees the batch's files still in the spool", async () => {
  for (const name of ["a", "b", "c"]) fs.writeFileSync(path.join(dir, name), name);
  const files: string[] = [];
  let seen: string[] | undefined;
  let release!: () => void;
  let settled!: () => void;
  const reached = new Promise<void>((resolve) => (settled = resolve));
  const intake = createIntake({
    dir,
    pollMs: 60_000,
    onFile: (b) => void files.push(b.toString()),
    onReject: () => undefined,
    settle: () => {
      seen = fs.readdirSync(dir).sort();
      settled();
      return new Promise<void>((resolve) => (release = resolve));
    },
  });
  const drained = intake.drain();
  await reached;
  // Settle has not resolved (the log write hangs): every file is still there.
  expect(files.sort()).toEqual(["a", "b", "c"]);
  expect(seen).toEqual(["a", "b", "c"]);
  expect(fs.readdirSync(dir).sort()).toEqual(["a", "b", "c"]);
  release();
  await drained;
  intake.stop();
  expect(fs.readdirSync(dir)).toEqual([]);
});
