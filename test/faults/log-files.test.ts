// Faults on the event log's own files (issue 12, items 4 and 6): a FIFO or other non-regular file at
// events.jsonl / acks.jsonl must stop the engine's start with one line naming the path, within 5 s,
// never hang it; and a compaction that hits a full disk (a real 256 KiB tmpfs in a private mount
// namespace) leaves no events.jsonl.<pid>.tmp behind, keeps the old log whole and the engine running.
import { execFile, spawn, spawnSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";
import { BIN, ROOT } from "../engine-harness.js";

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function home(): Promise<{ home: string; env: NodeJS.ProcessEnv; paths: ReturnType<typeof resolvePaths> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-logfault-"));
  dirs.push(dir);
  const env = { PATH: process.env.PATH, HOME: dir, LANG: "C" };
  const paths = resolvePaths({ env, platform: "linux" });
  await fs.mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  return { home: dir, env, paths };
}

/** Runs `mytty-bar --headless`; resolves with how it ended, or "hung" after `ms`. */
function headless(env: NodeJS.ProcessEnv, ms: number): Promise<{ code: number | null; stderr: string } | "hung"> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN.bar, "--headless"], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve("hung");
    }, ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("faults on the event log's files", () => {
  it.each(["eventLog", "acksFile"] as const)(
    "a FIFO at %s stops the start within 5 s with one line naming it",
    async (which) => {
      const { env, paths } = await home();
      await run("mkfifo", [paths[which]]);
      const result = await headless(env, 5000);
      expect(result).not.toBe("hung");
      if (result === "hung") return;
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(paths[which]);
      expect(lines[0]).toMatch(/FIFO, not a regular file: move it away/);
      // The lock was given back: nothing of the failed start stays.
      await expect(fs.access(paths.enginePid)).rejects.toThrow();
    },
  );

  it("a directory at events.jsonl is refused the same way", async () => {
    const { env, paths } = await home();
    await fs.mkdir(paths.eventLog);
    const result = await headless(env, 5000);
    expect(result !== "hung" && result.code === 1 && result.stderr.includes(`${paths.eventLog} is a directory`)).toBe(
      true,
    );
  });

  it("a compaction on a full disk leaves no temp file, keeps the log and the engine", async () => {
    const { home: dir, paths } = await home();
    // A log of ~170 KiB of retained events: its compacted copy cannot fit beside it in 256 KiB.
    const at = new Date().toISOString();
    const lines: string[] = [];
    for (let i = 0; size(lines) < 170 * 1024; i += 1) {
      const agent = {
        key: `session:codex:s${i}`,
        id: `codex-s-s${i}`,
        provider: "codex",
        pid: null,
        tty: null,
        terminal: {},
        via: "hint",
        executable: null,
      };
      const event = {
        v: 1,
        id: `e-${i}`,
        provider: "codex",
        kind: "started",
        runKey: `turn-${i}`,
        runId: `run-${i}`,
        sessionId: `s${i}`,
        hook: "UserPromptSubmit",
        at,
        message: "x".repeat(200),
      };
      lines.push(JSON.stringify({ t: "event", event, agent }));
    }
    const prepared = path.join(dir, "prepared.jsonl");
    await fs.writeFile(prepared, `${lines.join("\n")}\n`);
    const script = path.join(dir, "inside.mjs");
    await fs.writeFile(script, INSIDE);
    // The tmpfs exists only in the namespace: everything is checked from in there, and vanishes with it.
    const result = spawnSync(
      "unshare",
      [
        "-Urm",
        "sh",
        "-c",
        `mount -t tmpfs -o size=256k tmpfs "$1" && exec "$2" "$3" "$4" "$5"`,
        "sh",
        paths.dataDir,
        process.execPath,
        script,
        prepared,
        paths.dataDir,
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    expect(result.stderr).toBe("");
    const report = JSON.parse(result.stdout) as {
      files: string[];
      logIntact: boolean;
      listed: number;
      enospc: boolean;
    };
    expect(report.enospc).toBe(true); // the disk really was full for the temp copy
    expect(report.files.filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(report.logIntact).toBe(true);
    expect(report.listed).toBe(lines.length);
  });
});

function size(lines: string[]): number {
  return lines.reduce((n, l) => n + l.length + 1, 0);
}

// Runs inside the namespace: the engine on the tiny tmpfs, then what is left in the data dir.
const INSIDE = `
import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [prepared, dataDir] = process.argv.slice(2);
const engineUrl = pathToFileURL(path.resolve("packages/engine/dist/index.js")).href;
const installersUrl = pathToFileURL(path.resolve("packages/installers/dist/index.js")).href;
const { createEngine } = await import(engineUrl);
const { resolvePaths } = await import(installersUrl);
const paths = resolvePaths({ env: { HOME: path.resolve(dataDir, "../../.."), MYTTY_BAR_DATA_DIR: dataDir }, platform: "linux" });
const log = await fs.readFile(prepared, "utf8");
await fs.writeFile(paths.eventLog, log);
let enospc = false;
try {
  await fs.writeFile(path.join(dataDir, "probe"), log);
} catch (error) {
  enospc = error.code === "ENOSPC";
}
await fs.rm(path.join(dataDir, "probe"), { force: true });
// An empty process table: the agents other sessions run on this machine are not this test's.
const scanner = { scan: async () => ({ processes: [], agents: [], at: new Date() }), join: async () => ({ tty: null, terminal: {} }) };
const engine = await createEngine({ paths, scanner, source: { cwd: async () => undefined }, control: false, insights: false });
const listed = engine.snapshot().agents.length;
await engine.stop();
const files = await fs.readdir(dataDir);
const logIntact = (await fs.readFile(paths.eventLog, "utf8")) === log;
process.stdout.write(JSON.stringify({ files, logIntact, listed, enospc }));
`;
