// <data>/engine-status.json: what `mytty-doctor status` reads instead of asking the control socket, and
// the rules that make it trustworthy (src/published-status.ts, src/status-writer.ts).
import { execFileSync, spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ENGINE_LEASE_SECONDS, resolvePaths, type Paths } from "@mytty-bar/paths";
import { createEngine } from "@mytty-bar/engine";
import {
  hostProblems,
  judgePublished,
  publishedText,
  readPublished,
  type PublishedInput,
} from "../src/published-status.js";
import { createStatusWriter } from "../src/status-writer.js";
import { payload, quietEngine, spool } from "./helpers.js";

const NOW = Date.parse("2026-12-01T10:00:00Z");
const facts = { pid: 4242, lastEventAt: { codex: "2026-12-01T09:59:00.000Z" }, hostProblems: [] };
const input = (patch: Partial<PublishedInput> = {}): PublishedInput => ({
  text: publishedText(facts),
  pidText: "4242\n",
  leaseMs: NOW + ENGINE_LEASE_SECONDS * 1000,
  nowMs: NOW,
  alive: (pid) => pid === 4242,
  ...patch,
});

describe("judgePublished", () => {
  it("trusts the facts of the live engine engine.pid names, while its lease is renewed", () => {
    expect(judgePublished(input())).toEqual(facts);
    // Renewed 25 s ago (three renewals would be 30 s): still fresh.
    expect(judgePublished(input({ leaseMs: NOW + (ENGINE_LEASE_SECONDS - 25) * 1000 }))).toEqual(facts);
  });

  it("asks the socket instead when the writer is not provably this data dir's live engine", () => {
    // A stuck or gone loop stops renewing the lease.
    expect(judgePublished(input({ leaseMs: NOW + (ENGINE_LEASE_SECONDS - 31) * 1000 }))).toBeUndefined();
    expect(judgePublished(input({ alive: () => false }))).toBeUndefined(); // killed (-9): the file stayed
    expect(judgePublished(input({ pidText: "4243\n", alive: () => true }))).toBeUndefined(); // another engine's file
    for (const pidText of ["", "0\n", "-1\n", "42x\n", "99999999999\n"])
      expect(judgePublished(input({ pidText }))).toBeUndefined();
  });

  it("refuses a torn, foreign or older-format file", () => {
    const text = (v: unknown) => input({ text: JSON.stringify(v) });
    expect(judgePublished(input({ text: publishedText(facts).slice(0, 20) }))).toBeUndefined();
    expect(judgePublished(text({ ...facts, format: 0 }))).toBeUndefined();
    expect(judgePublished(text({ ...facts, format: 1, pid: "4242" }))).toBeUndefined();
    expect(judgePublished(text({ ...facts, format: 1, lastEventAt: { codex: 1 } }))).toBeUndefined();
    expect(judgePublished(text({ ...facts, format: 1, lastEventAt: [] }))).toBeUndefined();
    expect(judgePublished(text({ ...facts, format: 1, hostProblems: [null] }))).toBeUndefined();
    expect(judgePublished(input({ text: "null" }))).toBeUndefined();
  });
});

const homes: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const home of homes.splice(0)) await fs.rm(home, { recursive: true, force: true });
});
async function tempPaths(): Promise<Paths> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-published-"));
  homes.push(home);
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  await fs.mkdir(paths.dataDir, { recursive: true });
  return paths;
}
async function lease(paths: Paths, pid: number): Promise<void> {
  await fs.writeFile(paths.enginePid, `${pid}\n`);
  const now = Date.now() / 1000;
  await fs.utimes(paths.enginePid, now, now + ENGINE_LEASE_SECONDS);
}

describe("readPublished", () => {
  it("reads the files of a live engine, and nothing planted in their place", async () => {
    const paths = await tempPaths();
    const mine = { ...facts, pid: process.pid };
    await lease(paths, process.pid);
    await fs.writeFile(paths.engineStatus, publishedText(mine));
    expect(readPublished(paths)).toEqual(mine);
    // A FIFO would block a plain read forever; a link is not the engine's file.
    await fs.rm(paths.engineStatus);
    execFileSync("mkfifo", [paths.engineStatus]);
    expect(readPublished(paths)).toBeUndefined();
    await fs.rm(paths.engineStatus);
    const elsewhere = path.join(paths.home, "elsewhere.json");
    await fs.writeFile(elsewhere, publishedText(mine));
    await fs.symlink(elsewhere, paths.engineStatus);
    expect(readPublished(paths)).toBeUndefined();
    await fs.rm(paths.engineStatus);
    await fs.writeFile(paths.engineStatus, publishedText({ ...mine, hostProblems: ["x".repeat(70_000)] }));
    expect(readPublished(paths)).toBeUndefined(); // over the size cap
  });

  it("does not trust the file of an engine killed with -9", async () => {
    const paths = await tempPaths();
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const pid = child.pid!;
    await lease(paths, pid);
    await fs.writeFile(paths.engineStatus, publishedText({ ...facts, pid }));
    expect(readPublished(paths)?.pid).toBe(pid);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(readPublished(paths)).toBeUndefined();
  });
});

describe("status writer", () => {
  it("writes at once, then at most once per gap with the facts as they are when it is due", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const paths = await tempPaths();
    let now = NOW;
    let events = 0;
    let due = 0; // facts() is read once per write, when it is due
    const failures: unknown[] = [];
    const writer = createStatusWriter({
      file: paths.engineStatus,
      facts: () => ((due += 1), { ...facts, lastEventAt: { codex: `event ${events}` } }),
      failed: () => (error) => void failures.push(error),
      nowMs: () => now,
      minGapMs: 1000,
    });
    const written = async () =>
      (JSON.parse(await fs.readFile(paths.engineStatus, "utf8").catch(() => "{}")) as Partial<typeof facts>).lastEventAt
        ?.codex;
    events = 1;
    writer.schedule();
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitUntil(async () => (await written()) === "event 1");
    // A burst inside the gap: one more write, after the gap, with the last facts.
    for (events = 2; events <= 50; events += 1) writer.schedule();
    events = 50;
    now += 400;
    await vi.advanceTimersByTimeAsync(400);
    expect(due).toBe(1);
    now += 600;
    await vi.advanceTimersByTimeAsync(600);
    expect(due).toBe(2);
    await vi.waitUntil(async () => (await written()) === "event 50");
    expect(failures).toEqual([]);
    await writer.stop();
    await expect(fs.access(paths.engineStatus)).rejects.toThrow();
    writer.schedule(); // after stop: nothing
    await vi.advanceTimersByTimeAsync(5000);
    expect(due).toBe(2);
    await expect(fs.access(paths.engineStatus)).rejects.toThrow();
  });

  it("writes what changed during a write once it is done, and stop waits for a write in flight", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const paths = await tempPaths();
    let events = 1;
    const writes: string[] = [];
    let done = 0;
    let release = () => {};
    const writer = createStatusWriter({
      file: paths.engineStatus,
      facts: () => ({ ...facts, lastEventAt: { codex: `event ${events}` } }),
      failed: () => () => undefined,
      minGapMs: 1000,
      // Held until released, then really written: a rename that lands late, as on a busy disk.
      write: (file, text) =>
        new Promise<void>((resolve) => (release = resolve)).then(async () => {
          writes.push(JSON.parse(text).lastEventAt.codex as string);
          await fs.writeFile(file, text);
          done += 1;
        }),
    });
    writer.schedule();
    await vi.advanceTimersByTimeAsync(0);
    events = 2;
    writer.schedule(); // while the first write is in flight
    release();
    await vi.waitUntil(() => writes.length === 1);
    await vi.advanceTimersByTimeAsync(1000);
    release();
    await vi.waitUntil(() => writes.length === 2);
    expect(writes).toEqual(["event 1", "event 2"]);

    events = 3;
    writer.schedule();
    await vi.advanceTimersByTimeAsync(1000);
    const stopping = writer.stop(); // the third write is still in flight
    release();
    await stopping;
    expect(done).toBe(3); // stop settled only after the write did
    expect(writes).toEqual(["event 1", "event 2", "event 3"]);
    await expect(fs.access(paths.engineStatus)).rejects.toThrow(); // removed after it, not before
  });

  it("leaves no older facts behind when a write fails", async () => {
    const paths = await tempPaths();
    await fs.writeFile(paths.engineStatus, publishedText(facts));
    const failures: unknown[] = [];
    // The temp file's name is taken by a directory: the write fails as a full disk would.
    await fs.mkdir(`${paths.engineStatus}.${process.pid}.tmp`);
    await fs.writeFile(path.join(`${paths.engineStatus}.${process.pid}.tmp`, "x"), "");
    const writer = createStatusWriter({
      file: paths.engineStatus,
      facts: () => ({ ...facts, pid: 1 }),
      failed: () => (error) => void failures.push(error),
      minGapMs: 0,
    });
    writer.schedule();
    await vi.waitUntil(() => failures.length > 0);
    await writer.stop();
    await expect(fs.access(paths.engineStatus)).rejects.toThrow();
  });
});

describe("the engine", () => {
  it("publishes its pid and last event per provider as they change, and removes the file when it stops", async () => {
    const paths = await tempPaths();
    await fs.rm(paths.dataDir, { recursive: true });
    const engine = await createEngine({ paths, ...quietEngine, spoolPollMs: 50 });
    try {
      const read = async () => JSON.parse(await fs.readFile(paths.engineStatus, "utf8")) as typeof facts;
      await vi.waitUntil(
        () =>
          fs.access(paths.engineStatus).then(
            () => true,
            () => false,
          ),
        { timeout: 5000 },
      );
      expect(await read()).toEqual({ format: 1, pid: process.pid, lastEventAt: {}, hostProblems: [] });
      const tmp = path.join(paths.spoolTmp, "one");
      await fs.writeFile(tmp, spool("codex", payload("codex", "UserPromptSubmit")), { mode: 0o600 });
      await fs.rename(tmp, path.join(paths.spoolNew, "one"));
      await engine.drain();
      const published = await vi.waitUntil(async () => ((await read()).lastEventAt.codex ? read() : undefined), {
        timeout: 5000,
      });
      expect(published.lastEventAt).toEqual(engine.stats().lastEventAt);
      expect(readPublished(paths)).toEqual({
        pid: process.pid,
        lastEventAt: engine.stats().lastEventAt,
        hostProblems: [],
      });
    } finally {
      await engine.stop();
    }
    await expect(fs.access(paths.engineStatus)).rejects.toThrow();
  });
});

describe("watched hosts' problems", () => {
  it("reach the published file, as the socket's stats give them", async () => {
    const paths = await tempPaths();
    // A destination ssh would read as an option: the host is refused before any connection, with a problem line.
    await fs.writeFile(paths.settingsFile, JSON.stringify({ remotes: ["-oProxyCommand=x"] }));
    const engine = await createEngine({ paths, ...quietEngine, spoolPollMs: 50 });
    try {
      const expected = hostProblems(engine.stats().hosts ?? []);
      expect(expected).toHaveLength(1);
      const published = await vi.waitUntil(() => readPublished(paths), { timeout: 5000 });
      expect(published.hostProblems).toEqual(expected);
    } finally {
      await engine.stop();
    }
  });
});

describe("a start that fails at the control socket", () => {
  it("stops every part it had started: no lease, no status file, the spool left for the next engine", async () => {
    const paths = await tempPaths();
    // A socket path longer than a unix socket's address can hold: listening fails after the rest started.
    const deep = path.join(paths.home, "d".repeat(120));
    const long = resolvePaths({ env: { HOME: paths.home, MYTTY_BAR_DATA_DIR: deep }, platform: "linux" });
    const { control: _control, ...options } = quietEngine;
    await expect(createEngine({ paths: long, ...options, spoolPollMs: 20 })).rejects.toThrow();
    await expect(fs.access(long.enginePid)).rejects.toThrow();
    await expect(fs.access(long.engineStatus)).rejects.toThrow();
    const tmp = path.join(long.spoolTmp, "late");
    await fs.writeFile(tmp, spool("codex", payload("codex", "UserPromptSubmit")), { mode: 0o600 });
    await fs.rename(tmp, path.join(long.spoolNew, "late"));
    await new Promise((resolve) => setTimeout(resolve, 300)); // fifteen intake polls, had one kept running
    expect(await fs.readdir(long.spoolNew)).toEqual(["late"]);
  });
});
