// engine.pid: one engine per data dir even when several start at once over a crash's leftover, and a
// file that is not ours is never removed. The race runs in real processes (the lock is per process).
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { acquireEngineLock, EngineAlreadyRunningError } from "@mytty-bar/engine";

const ENGINE_DIST = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const message = (pid: number) =>
  `Mytty Bar's engine is already running (pid ${pid}). Stop it with \`kill ${pid}\`, or quit the menu bar app.`;

// Each child takes the lock at the parent's word ("go" on stdin, so they all start together), says
// "won" or "refused <message>", holds what it got until stdin closes, then releases and exits.
const CHILD = `
import { createInterface } from "node:readline";
const { acquireEngineLock } = await import(process.argv[2]);
const dataDir = process.argv[3];
const paths = { dataDir, enginePid: dataDir + "/engine.pid", controlSocket: dataDir + "/control.sock" };
const lines = createInterface({ input: process.stdin });
const next = () => new Promise((resolve) => lines.once("line", resolve));
process.stdout.write("ready\\n");
await next();
let lock;
try {
  lock = await acquireEngineLock(paths);
  process.stdout.write("won\\n");
} catch (error) {
  process.stdout.write("refused " + JSON.stringify(error.message) + "\\n");
}
await new Promise((resolve) => lines.once("close", resolve));
await lock?.release();
`;

let home: string;
let script: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  await fs.access(ENGINE_DIST).catch(() => {
    throw new Error(`${ENGINE_DIST} is missing: build first (npx tsc -b tsconfig.build.json)`);
  });
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  if (home) await fs.rm(home, { recursive: true, force: true });
});

async function tempDataDir(): Promise<string> {
  // "mytty" in the path: a live holder is recognised by its command line while its socket is not up yet.
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-lock-"));
  script = path.join(home, "mytty-lock-child.mjs");
  await fs.writeFile(script, CHILD);
  const dataDir = path.join(home, "data");
  await fs.mkdir(dataDir, { recursive: true });
  return dataDir;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

interface Contender {
  child: ChildProcess;
  nextLine(): Promise<string>;
}

function contender(dataDir: string, ...extra: string[]): Contender {
  const child = spawn(process.execPath, [script, ENGINE_DIST, dataDir, ...extra], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(line);
    else queue.push(line);
  });
  return {
    child,
    nextLine: () => new Promise((resolve) => (queue.length > 0 ? resolve(queue.shift()!) : waiting.push(resolve))),
  };
}

describe("engine lock", () => {
  it("tells how to stop the engine by what holds it: the dashboard, a headless engine, else the menu bar app", async () => {
    const dataDir = await tempDataDir();
    const said: Record<string, string> = {};
    for (const owner of ["--tui", "--headless", "--menu-bar"]) {
      const holder = contender(dataDir, owner);
      expect(await holder.nextLine()).toBe("ready");
      holder.child.stdin!.write("go\n");
      expect(await holder.nextLine()).toBe("won");
      const other = contender(dataDir);
      expect(await other.nextLine()).toBe("ready");
      other.child.stdin!.write("go\n");
      said[owner] = JSON.parse((await other.nextLine()).replace(/^refused /, "")) as string;
      const pid = holder.child.pid!;
      expect(said[owner]).toContain(`(pid ${pid})`);
      for (const c of [other, holder]) {
        c.child.stdin!.end();
        if (c.child.exitCode === null) await new Promise((resolve) => c.child.once("exit", resolve));
      }
      said[owner] = said[owner]!.replaceAll(String(pid), "N");
    }
    expect(said).toEqual({
      "--tui":
        "Mytty Bar's engine is already running (pid N) in the `mytty-bar --tui` dashboard. Quit the dashboard (q), or stop it with `kill N`.",
      "--headless":
        "Mytty Bar's engine is already running (pid N) as `mytty-bar --headless`. Stop it with Ctrl-C in its terminal, or with `kill N`.",
      "--menu-bar": message(Number.NaN).replaceAll("NaN", "N"),
    });
  });

  it("lets exactly one of six engines starting at once over a stale pid file run (5 rounds)", async () => {
    const dataDir = await tempDataDir();
    const pidFile = path.join(dataDir, "engine.pid");
    for (let round = 0; round < 5; round += 1) {
      await fs.writeFile(pidFile, `${await deadPid()}\n`);
      const all = Array.from({ length: 6 }, () => contender(dataDir));
      for (const c of all) expect(await c.nextLine()).toBe("ready");
      for (const c of all) c.child.stdin!.write("go\n");
      const results = await Promise.all(all.map((c) => c.nextLine()));
      const winners = all.filter((_, i) => results[i] === "won");
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const winner = winners[0]!.child.pid!;
      for (const [i, result] of results.entries())
        if (all[i] !== winners[0]) expect(result).toBe(`refused ${JSON.stringify(message(winner))}`);
      expect(await fs.readFile(pidFile, "utf8")).toBe(`${winner}\n`);
      for (const c of all) c.child.stdin!.end();
      await Promise.all(
        all.map((c) =>
          c.child.exitCode !== null ? undefined : new Promise((resolve) => c.child.once("exit", resolve)),
        ),
      );
      await expect(fs.access(pidFile)).rejects.toThrow(); // the winner gave it back
      expect((await fs.readdir(dataDir)).filter((f) => f.startsWith("engine.pid"))).toEqual([]); // no temp files or claims left
    }
  });

  it("takes over a pid file holding garbage, 0 or a dead pid, and writes just its pid and a newline", async () => {
    const dataDir = await tempDataDir();
    const paths = {
      dataDir,
      enginePid: path.join(dataDir, "engine.pid"),
      controlSocket: path.join(dataDir, "control.sock"),
    };
    for (const content of ["not a pid\n", "0\n", "", `${await deadPid()}\n`, "-5\n", "99999999999\n"]) {
      await fs.writeFile(paths.enginePid, content);
      await fs.writeFile(paths.controlSocket, ""); // a leftover socket file: the new owner removes it
      const lock = await acquireEngineLock(paths);
      expect(await fs.readFile(paths.enginePid, "utf8")).toBe(`${process.pid}\n`);
      await expect(fs.access(paths.controlSocket)).rejects.toThrow();
      await lock.release();
      await expect(fs.access(paths.enginePid)).rejects.toThrow();
    }
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it("takes over a stale pid file whose takeover was left half done by a crash", async () => {
    const dataDir = await tempDataDir();
    const paths = {
      dataDir,
      enginePid: path.join(dataDir, "engine.pid"),
      controlSocket: path.join(dataDir, "control.sock"),
    };
    await fs.writeFile(paths.enginePid, `${await deadPid()}\n`);
    const st = await fs.stat(paths.enginePid);
    await fs.writeFile(`${paths.enginePid}.takeover-${st.dev}-${st.ino}`, `${await deadPid()}\n`); // the taker's claim
    const lock = await acquireEngineLock(paths);
    expect(await fs.readFile(paths.enginePid, "utf8")).toBe(`${process.pid}\n`);
    expect(await fs.readdir(dataDir)).toEqual(["engine.pid"]);
    await lock.release();
  });

  it("refuses while a live engine's pid is in the file, and leaves that file alone", async () => {
    const dataDir = await tempDataDir();
    const paths = {
      dataDir,
      enginePid: path.join(dataDir, "engine.pid"),
      controlSocket: path.join(dataDir, "control.sock"),
    };
    const other = contender(dataDir); // a live process whose command line names mytty, not holding anything
    expect(await other.nextLine()).toBe("ready");
    const pid = other.child.pid!;
    await fs.writeFile(paths.enginePid, `${pid}\n`);
    const refusal = acquireEngineLock(paths);
    await expect(refusal).rejects.toBeInstanceOf(EngineAlreadyRunningError);
    await expect(refusal).rejects.toThrow(message(pid));
    expect(await fs.readFile(paths.enginePid, "utf8")).toBe(`${pid}\n`);
    expect(await fs.readdir(dataDir)).toEqual(["engine.pid"]);
  });

  it("release leaves a pid file that is not ours alone", async () => {
    const dataDir = await tempDataDir();
    const paths = {
      dataDir,
      enginePid: path.join(dataDir, "engine.pid"),
      controlSocket: path.join(dataDir, "control.sock"),
    };
    const lock = await acquireEngineLock(paths);
    const foreign = `${await deadPid()}\n`;
    await fs.writeFile(paths.enginePid, foreign); // e.g. taken over after we were judged gone
    await lock.release();
    expect(await fs.readFile(paths.enginePid, "utf8")).toBe(foreign);
  });
});
