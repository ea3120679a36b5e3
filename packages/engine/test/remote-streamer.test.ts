// The streamer (src/remote/streamer.ts) run by a real sh against a real spool dir, read with the real
// frame reader: files framed byte for byte, kept until acknowledged and sent once while in flight, a
// listing per `s`, the lease on `l`, and a keeper (unleased) that keeps engine.pid alive after the link is cut.
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFrameReader, FrameError, type Frame } from "../src/remote/frames.js";
import { ENGINE_LEASE_SECONDS } from "@mytty-bar/paths";
import { hostClockOffsetMs, leaseStamp } from "../src/remote/lease.js";
import { streamerScript, stopScript } from "../src/remote/streamer.js";
import { ownersOf } from "../src/remote/owners.js";
import { parsePsList } from "@mytty-bar/detect";
import { alive } from "./helpers.js";

const dirs: string[] = [];
const procs: ChildProcess[] = [];
afterEach(async () => {
  for (const p of procs.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
  for (const d of dirs.splice(0)) {
    // A keeper left by a test is ended by its pid file before its data dir goes.
    const pid = Number(await fs.readFile(path.join(d, "data", "remote-streamer.pid"), "utf8").catch(() => ""));
    if (pid > 0 && alive(pid)) process.kill(pid, "SIGKILL");
    await fs.rm(d, { recursive: true, force: true });
  }
});

async function host(): Promise<{ data: string; spool: string; env: NodeJS.ProcessEnv }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-streamer-"));
  dirs.push(dir);
  const data = path.join(dir, "data");
  return {
    data,
    spool: path.join(data, "spool", "new"),
    env: { PATH: process.env.PATH, HOME: dir, MYTTY_BAR_DATA_DIR: data },
  };
}

function start(env: NodeJS.ProcessEnv) {
  const child = spawn("sh", ["-c", streamerScript()], { env, stdio: ["pipe", "pipe", "inherit"] });
  procs.push(child);
  const reader = createFrameReader();
  const frames: Frame[] = [];
  child.stdout.on("data", (chunk: Buffer) => frames.push(...reader.push(chunk)));
  const next = async (kind: Frame["kind"], count = 1): Promise<Frame[]> => {
    for (let i = 0; i < 400; i += 1) {
      const hits = frames.filter((f) => f.kind === kind);
      if (hits.length >= count) {
        for (const hit of hits.slice(0, count)) frames.splice(frames.indexOf(hit), 1);
        return hits.slice(0, count);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${kind} frame; have ${JSON.stringify(frames.map((f) => f.kind))}`);
  };
  return { child, frames, next, send: (line: string) => child.stdin.write(`${line}\n`) };
}

async function until<T>(probe: () => Promise<T | undefined | false>, ms = 5000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const got = await probe();
    if (got !== undefined && got !== false) return got;
  }
  throw new Error("timed out");
}

describe("the remote streamer", () => {
  it("sends each spool file framed byte for byte, once while in flight, and deletes it only on its ack", async () => {
    const h = await host();
    const s = start(h.env);
    const [hello] = await s.next("hello");
    expect(hello).toMatchObject({ kind: "hello", fields: { version: "1", helper: "no" } });
    const bytes = Buffer.concat([
      Buffer.from("mytty-bar-spool 1\nprovider=codex\n\n"),
      Buffer.from([0, 255, 10]),
      Buffer.from("\nPSE\n"),
    ]);
    await fs.writeFile(path.join(h.spool, "41.40.0"), bytes);
    s.send("t");
    const [file] = await s.next("file");
    expect(file).toEqual({ kind: "file", name: "41.40.0", bytes });
    s.send("t");
    s.send("s");
    await s.next("ps");
    expect(s.frames.filter((f) => f.kind === "file")).toEqual([]);
    expect(await fs.readdir(h.spool)).toEqual(["41.40.0"]);
    s.send("a 41.40.0");
    s.send("a ../../escape");
    s.send("s");
    await s.next("ps");
    expect(await fs.readdir(h.spool)).toEqual([]);
  });

  it("writes the hold and a held request's answer on the host, and drops the hold when its link is cut", async () => {
    const h = await host();
    const s = start(h.env);
    await s.next("hello");
    s.send("w 30");
    s.send('r 41.40.0 {"hookSpecificOutput":{"decision":{"behavior":"allow"}}}');
    s.send("r ../escape {}");
    s.send("s");
    await s.next("ps");
    const answers = path.join(h.data, "answers");
    expect(await fs.readFile(path.join(answers, "wait"), "utf8")).toBe("30\n");
    expect(await fs.readFile(path.join(answers, "41.40.0"), "utf8")).toBe(
      '{"hookSpecificOutput":{"decision":{"behavior":"allow"}}}',
    );
    expect((await fs.readdir(answers)).sort()).toEqual(["41.40.0", "wait"]);
    s.child.stdin.end();
    for (let i = 0; i < 50; i += 1) {
      if (!(await fs.readdir(answers)).includes("wait")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await fs.readdir(answers)).toEqual(["41.40.0"]);
  });

  it("lists processes on `s` in the one ps format detection parses", async () => {
    const h = await host();
    const s = start(h.env);
    await s.next("hello");
    s.send("s");
    const [ps] = await s.next("ps");
    expect(ps?.kind === "ps" && ps.text.split("\n").some((l) => l.includes(`${s.child.pid}`))).toBe(true);
  });

  it("leases engine.pid while up; a cut link hands it to an unleased keeper until a new streamer takes over", async () => {
    const h = await host();
    const pidFile = path.join(h.data, "engine.pid");
    const first = start(h.env);
    const [hello] = await first.next("hello");
    const now = hello?.kind === "hello" ? hello.fields.now : undefined;
    expect(now).toMatch(/^\d{14}$/);
    const pid = Number(await fs.readFile(pidFile, "utf8"));
    expect(pid).toBe(first.child.pid);
    first.send(`l ${leaseStamp(Date.now(), hostClockOffsetMs(now, Date.now()))}`);
    first.send("s");
    await first.next("ps");
    expect((await fs.stat(pidFile)).mtimeMs).toBeGreaterThan(Date.now() + (ENGINE_LEASE_SECONDS / 2) * 1000);
    // Cut: stdin ends and stdout is gone. A keeper (a new pid, so a held helper stops waiting) takes over.
    first.child.stdin.end();
    first.child.stdout.destroy();
    const keeper = await until(async () => {
      const named = Number(await fs.readFile(pidFile, "utf8").catch(() => ""));
      return named > 0 && named !== pid ? named : undefined;
    });
    expect(alive(keeper)).toBe(true);
    expect(Number(await fs.readFile(path.join(h.data, "remote-streamer.pid"), "utf8"))).toBe(keeper);
    // Written now, never ahead: the helper spools into its bounded spool and holds nothing.
    expect((await fs.stat(pidFile)).mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
    await until(async () => !alive(pid));
    // An answer nobody read (its helper gone) is stale once a new streamer starts.
    await fs.mkdir(path.join(h.data, "answers"), { recursive: true });
    await fs.writeFile(path.join(h.data, "answers", "9.8.0"), "");
    const second = start(h.env);
    await second.next("hello");
    await expect(fs.access(path.join(h.data, "answers", "9.8.0"))).rejects.toThrow();
    expect(Number(await fs.readFile(pidFile, "utf8"))).toBe(second.child.pid);
    await until(async () => !alive(keeper), 10_000);
    second.send("q");
    await new Promise((r) => second.child.once("exit", r));
    await expect(fs.access(pidFile)).rejects.toThrow();
    await expect(fs.access(path.join(h.data, "remote-streamer.pid"))).rejects.toThrow();
  }, 20_000);

  it("cleans up and leaves no keeper when the engine ends the session (a crash: stdin closed, stdout open)", async () => {
    const h = await host();
    const s = start(h.env);
    await s.next("hello");
    s.send("w 30");
    s.send("s");
    await s.next("ps");
    s.child.stdin.end();
    await new Promise((r) => s.child.once("exit", r));
    expect(await s.next("error")).toEqual([{ kind: "error", code: "bye" }]);
    await expect(fs.access(path.join(h.data, "engine.pid"))).rejects.toThrow();
    await expect(fs.access(path.join(h.data, "remote-streamer.pid"))).rejects.toThrow();
    await expect(fs.access(path.join(h.data, "answers", "wait"))).rejects.toThrow();
  }, 20_000);

  it("stops a keeper with the stop script, and never takes the pid file of an engine running there", async () => {
    const h = await host();
    const first = start(h.env);
    await first.next("hello");
    first.child.stdin.end();
    first.child.stdout.destroy();
    const pidFile = path.join(h.data, "remote-streamer.pid");
    const pid = await until(async () => {
      const named = Number(await fs.readFile(pidFile, "utf8").catch(() => ""));
      return named > 0 && named !== first.child.pid ? named : undefined;
    });
    const stop = spawn("sh", ["-c", stopScript()], { env: h.env, stdio: "ignore" });
    await new Promise((r) => stop.once("exit", r));
    await until(async () => !alive(pid));
    await expect(fs.access(path.join(h.data, "engine.pid"))).rejects.toThrow();
    // A live engine's pid (this test runner stands in for it) is left alone.
    await fs.writeFile(path.join(h.data, "engine.pid"), `${process.pid}\n`);
    const second = start(h.env);
    expect(await second.next("error")).toEqual([{ kind: "error", code: "engine-running" }]);
    expect(await fs.readFile(path.join(h.data, "engine.pid"), "utf8")).toBe(`${process.pid}\n`);
  }, 20_000);
});

describe("the frame reader", () => {
  it("says its uid and lists owners; with a ps that has no uid column it lists without, owners unknown", async () => {
    const h = await host();
    const s = start(h.env);
    const [hello] = await s.next("hello");
    const uid = process.getuid?.() ?? 0;
    expect(hello?.kind === "hello" && hello.fields.uid).toBe(String(uid));
    s.send("s");
    const [ps] = await s.next("ps");
    const rows = parsePsList(ps?.kind === "ps" ? ps.text : "");
    expect(rows.find((p) => p.pid === s.child.pid)?.uid).toBe(uid);
    expect(ownersOf({ leftOut: [] }, uid, rows)).toEqual({});

    // A ps refusing the uid column (and no id): the same listing, owners unknown, nothing left out.
    const bin = path.join(path.dirname(h.data), "bin");
    await fs.mkdir(bin);
    const real = await fs.realpath("/bin/ps");
    await fs.writeFile(path.join(bin, "ps"), `#!/bin/sh\ncase "$*" in *uid=*) exit 1 ;; esac\nexec ${real} "$@"\n`, {
      mode: 0o755,
    });
    await fs.writeFile(path.join(bin, "id"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    const old = start({ ...h.env, PATH: `${bin}:${h.env.PATH ?? ""}` });
    const [oldHello] = await old.next("hello");
    expect(oldHello?.kind === "hello" && oldHello.fields.uid).toBe("");
    old.send("s");
    const [oldPs] = await old.next("ps");
    const oldRows = parsePsList(oldPs?.kind === "ps" ? oldPs.text : "");
    expect(oldRows.find((p) => p.pid === old.child.pid)?.uid).toBeUndefined();
    expect(ownersOf({ leftOut: [] }, uid, oldRows)).toEqual({ ownersUnknown: true });
    expect(ownersOf({ leftOut: [] }, undefined, rows)).toEqual({ ownersUnknown: true });
  });

  it("reads frames split at any byte, including an empty listing", () => {
    const stream = Buffer.from(
      "HELLO - 10\nversion=1\nPSB\nPSE\nFILE a.1 3\nxyzPSB\n  1 0 1\nPSE\nERR no-data-dir 0\n",
    );
    for (const size of [1, 2, 7, stream.length]) {
      const reader = createFrameReader();
      const frames: Frame[] = [];
      for (let at = 0; at < stream.length; at += size) frames.push(...reader.push(stream.subarray(at, at + size)));
      expect(frames).toEqual([
        { kind: "hello", fields: { version: "1" } },
        { kind: "ps", text: "", dropped: 0 },
        { kind: "file", name: "a.1", bytes: Buffer.from("xyz") },
        { kind: "ps", text: "  1 0 1\n", dropped: 0 },
        { kind: "error", code: "no-data-dir" },
      ]);
    }
  });

  it("refuses what is not a streamer frame, and a file over the helper's cap", () => {
    expect(() => createFrameReader().push(Buffer.from("Welcome to devbox!\n"))).toThrow(FrameError);
    expect(() => createFrameReader().push(Buffer.from("FILE a 999999999\n"))).toThrow(/cap/);
    expect(() => createFrameReader().push(Buffer.from("FILE ../a 1\n"))).toThrow(FrameError);
  });
});
