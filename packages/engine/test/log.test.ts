// The engine's log port: failures it survives land in <data>/engine.log, once per kind, bounded.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import { createScanner, createSource, type ProcessSource } from "@mytty-bar/detect";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { createLog, fileLineWriter, REPEAT_MS } from "../src/log.js";
import { workload } from "./workload.js";

const dirs: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "engine-log-"));
  dirs.push(dir);
  return dir;
}

/** The platform's real process source, except that list() throws once `broken` is set. */
function breakableSource(): { source: ProcessSource; broken: { on: boolean } } {
  const real = createSource();
  const broken = { on: false };
  const source: ProcessSource = {
    list: async () => {
      if (broken.on) throw new Error("ps exited with code 1: cannot read the process table");
      return real.list();
    },
    environ: (pid) => real.environ(pid),
    cwd: (pid) => real.cwd(pid),
  };
  return { source, broken };
}

async function engineWith(paths: Paths, source: ProcessSource, lines?: string[]): Promise<Engine> {
  const engine = await createEngine({
    paths,
    scanner: createScanner({ source }),
    source,
    cpu: async () => new Map(),
    control: false,
    insights: false,
    ...(lines ? { ports: { log: (line: string) => lines.push(line) } } : {}),
  });
  engines.push(engine);
  return engine;
}

const readLog = (paths: Paths) => fs.readFile(paths.engineLog, "utf8").catch(() => "");

describe("engine log", () => {
  it("writes a failing poll's scan error to <data>/engine.log", async () => {
    const paths = resolvePaths({ env: { HOME: await tempDir() }, platform: "linux" });
    const { source, broken } = breakableSource();
    const engine = await engineWith(paths, source);
    expect(await readLog(paths)).toBe("");
    broken.on = true;
    await engine.poll();
    const lines = (await readLog(paths)).trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z scan: Error: ps exited with code 1: cannot read the process table$/,
    );
    expect((await fs.stat(paths.engineLog)).mode & 0o777).toBe(0o600);
  });

  it("writes one line for a poll that keeps failing, and hands each line to ports.log", async () => {
    const paths = resolvePaths({ env: { HOME: await tempDir() }, platform: "linux" });
    const { source, broken } = breakableSource();
    const echoed: string[] = [];
    const engine = await engineWith(paths, source, echoed);
    broken.on = true;
    for (let i = 0; i < 5; i += 1) await engine.poll();
    const lines = (await readLog(paths)).trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(echoed).toEqual(lines);
  });
});

describe("engine log, other kinds", () => {
  it("logs a settings.json that is not JSON once, and runs on the defaults", async () => {
    const paths = resolvePaths({ env: { HOME: await tempDir() }, platform: "linux" });
    await fs.mkdir(paths.dataDir, { recursive: true });
    await fs.writeFile(paths.settingsFile, "{ pollIntervalSeconds: 5 ");
    const engine = await engineWith(paths, breakableSource().source);
    await engine.poll();
    expect(engine.settings().pollIntervalSeconds).toBe(2);
    const lines = (await readLog(paths)).trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`settings: ${paths.settingsFile}: not JSON (`);
    expect(lines[0]).toMatch(/; using the defaults$/);
  });

  it("logs an insights poll that throws (the 2 s poll tick, here every second)", async () => {
    const paths = resolvePaths({ env: { HOME: await tempDir() }, platform: "linux" });
    const { source } = breakableSource();
    const engine = await createEngine({
      paths,
      scanner: createScanner({ source }),
      source,
      cpu: async () => new Map(),
      control: false,
      settings: { ...defaultSettings(), pollIntervalSeconds: 1 },
      insights: {
        poll: async () => {
          throw new Error("transcript index unreadable");
        },
      },
    });
    engines.push(engine);
    // Wait for the first tick's line (no timing assertion: the bound only keeps a broken build from hanging).
    for (let i = 0; i < 100 && !(await readLog(paths)).includes("insights-poll"); i += 1) await sleep(50);
    expect((await readLog(paths)).trimEnd().split("\n")).toEqual([
      expect.stringMatching(/ insights-poll: Error: transcript index unreadable$/),
    ]);
  });

  it("logs an event log write that fails instead of dropping it silently", async () => {
    const paths = resolvePaths({ env: { HOME: await tempDir() }, platform: "linux" });
    const engine = await engineWith(paths, breakableSource().source);
    // A directory where the file should be: every append from here on fails with EISDIR.
    await fs.rm(paths.eventLog, { force: true });
    await fs.mkdir(paths.eventLog);
    const [event] = workload({ sessions: 1, events: 1 });
    await fs.writeFile(path.join(paths.spoolNew, "w000001"), event!.bytes);
    await engine.drain();
    // The append goes out on the write queue after drain() returns: wait for it (bounded).
    for (let i = 0; i < 100 && !/ event-log: /.test(await readLog(paths)); i += 1) await sleep(50);
    expect(await readLog(paths)).toMatch(/ event-log: Error: EISDIR/);
  });
});

describe("createLog", () => {
  it("writes a kind once per window, then says how many it held back", () => {
    let now = Date.parse("2026-12-01T10:00:00.000Z");
    const lines: string[] = [];
    const log = createLog(
      (line) => lines.push(line),
      () => new Date(now),
    );
    log.swallowed("scan", new Error("first"));
    log.swallowed("scan", new Error("second"));
    log.swallowed("insights-poll", "not an Error\nover two lines");
    log.swallowed("scan", new Error("third"));
    now += REPEAT_MS;
    log.swallowed("scan", new Error("fourth"));
    expect(lines).toEqual([
      "2026-12-01T10:00:00.000Z scan: Error: first",
      "2026-12-01T10:00:00.000Z insights-poll: not an Error over two lines",
      "2026-12-01T10:10:00.000Z scan: Error: fourth (2 more since the last line)",
    ]);
  });
});

describe("fileLineWriter", () => {
  it("keeps the log under its cap by moving it to engine.log.1", async () => {
    const file = path.join(await tempDir(), "engine.log");
    const write = fileLineWriter(file, 100);
    for (let i = 0; i < 10; i += 1) write(`line ${i} ${"x".repeat(20)}`);
    const current = await fs.readFile(file, "utf8");
    const previous = await fs.readFile(`${file}.1`, "utf8");
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(100);
    expect(Buffer.byteLength(previous)).toBeLessThanOrEqual(100);
    expect(current.trimEnd().split("\n").at(-1)).toBe(`line 9 ${"x".repeat(20)}`);
    expect(previous.trimEnd().split("\n").at(-1)).toBe(`line 8 ${"x".repeat(20)}`);
  });

  it("survives a data dir that disappeared", async () => {
    const dir = await tempDir();
    const write = fileLineWriter(path.join(dir, "gone", "engine.log"));
    expect(() => write("nowhere to go")).not.toThrow();
  });
});
