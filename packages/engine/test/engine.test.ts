import { promises as fs } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import type { DetectedAgent, JoinResult, ProcessInfo, ScanResult } from "@mytty-bar/detect";
import {
  createEngine,
  request,
  requests,
  watch,
  type Engine,
  type AgentRow,
  type Snapshot,
  type Stats,
} from "@mytty-bar/engine";
import { agent, payload, proc, spool } from "./helpers.js";

/** A process table the test edits; join walks it like detect does (nearest agent up the chain). */
class FakeSystem {
  processes: ProcessInfo[] = [];
  agents: DetectedAgent[] = [];
  scans = 0;
  scanner = {
    scan: async (): Promise<ScanResult> => {
      this.scans += 1;
      return { processes: [...this.processes], agents: [...this.agents], at: new Date() };
    },
    join: async (pid: number): Promise<JoinResult> => {
      for (let p = this.processes.find((x) => x.pid === pid); p; p = this.processes.find((x) => x.pid === p!.ppid)) {
        const hit = this.agents.find((a) => a.pid === p!.pid);
        if (hit) return { agent: hit, tty: hit.tty, terminal: hit.terminal };
      }
      return { tty: null, terminal: {} };
    },
  };
  source = { cwd: async () => undefined };
  cpu = async () => new Map<number, number>();
}

const engines: Engine[] = [];
const homes: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const home of homes.splice(0)) await fs.rm(home, { recursive: true, force: true });
});

async function setup(sys = new FakeSystem()): Promise<{ paths: Paths; sys: FakeSystem; engine: Engine }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "engine-test-"));
  homes.push(home);
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  const engine = await start(paths, sys);
  return { paths, sys, engine };
}

async function start(paths: Paths, sys: FakeSystem): Promise<Engine> {
  const engine = await createEngine({ paths, scanner: sys.scanner, source: sys.source, cpu: sys.cpu, spoolPollMs: 50 });
  engines.push(engine);
  return engine;
}

let serial = 0;
async function drop(paths: Paths, bytes: Uint8Array | string): Promise<void> {
  serial += 1;
  const tmp = path.join(paths.spoolTmp, `t${serial}`);
  await fs.writeFile(tmp, bytes, { mode: 0o600 });
  await fs.rename(tmp, path.join(paths.spoolNew, `t${serial}`));
}

const list = async (paths: Paths) =>
  (await request<{ agents: AgentRow[] }>(paths.controlSocket, { op: "list" })).agents;

describe("engine", () => {
  it("takes a spool file, deletes it and lists the agent over the control socket", async () => {
    const { paths, sys, engine } = await setup();
    const p = proc(500, 1, ["claude"], "pts/7");
    sys.processes.push(p, proc(501, 500, ["sh", "-c", "hook"]));
    sys.agents.push(agent(p, "claude-code", { app: "tmux", tmuxPane: "%2" }));
    await drop(paths, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 501 }));
    await engine.drain();
    expect(await fs.readdir(paths.spoolNew)).toEqual([]);
    const rows = await list(paths);
    expect(rows.map((r) => [r.id, r.tty, r.state, r.terminal.tmuxPane])).toEqual([
      ["claude-code-500", "pts/7", "running", "%2"],
    ]);
    expect((await fs.stat(paths.controlSocket)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(paths.spoolNew)).mode & 0o777).toBe(0o700);
    const stats = await request<Stats>(paths.controlSocket, { op: "stats" });
    expect(stats).toMatchObject({ accepted: 1, duplicates: 0, rejected: 0, spoolBacklog: 0 });
    expect(Object.keys(stats.lastEventAt)).toEqual(["claude-code"]);
    const log = await fs.readFile(paths.eventLog, "utf8");
    expect(log).not.toContain("Split the invoice module"); // the prompt text of the payload is never kept
  });

  it("answers several requests on one connection in order, and rejects on the first refusal", async () => {
    const { paths } = await setup();
    const [ping, stats, listed] = await requests<[{ pid: number }, Stats, { agents: AgentRow[] }]>(
      paths.controlSocket,
      [{ op: "ping" }, { op: "stats" }, { op: "list" }],
    );
    expect(ping.pid).toBe(process.pid);
    expect(stats).toMatchObject({ accepted: 0, rejected: 0 });
    expect(listed.agents).toEqual([]);
    await expect(
      requests(paths.controlSocket, [{ op: "ping" }, { op: "focus", agent: "nobody" }]),
    ).rejects.toMatchObject({ code: "unknown-agent" });
  });

  it("holds engine.pid while running (the helper spools only then) and gives it back on stop", async () => {
    const { paths, engine } = await setup();
    expect((await fs.readFile(paths.enginePid, "utf8")).trim()).toBe(String(process.pid));
    await engine.stop();
    await expect(fs.access(paths.enginePid)).rejects.toThrow();
    await expect(fs.access(paths.controlSocket)).rejects.toThrow();
  });

  it("joins a helper whose parent is newer than the last scan without a rescan (detect reads the parents)", async () => {
    const { paths, sys, engine } = await setup();
    const before = sys.scans;
    const p = proc(600, 1, ["codex"], "pts/8");
    sys.processes.push(p);
    sys.agents.push(agent(p, "codex"));
    await drop(paths, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 600 }));
    await engine.drain();
    expect(sys.scans).toBe(before);
    expect((await list(paths)).map((r) => [r.id, r.state])).toEqual([["codex-600", "running"]]);
  });

  it("survives fuzzed spool files, counts them rejected and removes them all", async () => {
    const { paths, engine } = await setup();
    const heapBefore = process.memoryUsage().heapUsed;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const good = Buffer.from(spool("codex", payload("codex", "UserPromptSubmit")));
    for (let i = 0; i < 60; i += 1) {
      const bytes = Buffer.from(good);
      for (let k = 0; k < 1 + Math.floor(rand() * 8); k += 1)
        bytes[Math.floor(rand() * bytes.length)] = Math.floor(rand() * 256);
      await drop(paths, i % 3 === 0 ? bytes.subarray(0, Math.floor(rand() * bytes.length)) : bytes);
    }
    await drop(paths, Buffer.alloc(3 * 1024 * 1024, 0x61));
    execFileSync("mkfifo", [path.join(paths.spoolNew, "a-fifo")]);
    await fs.mkdir(path.join(paths.spoolNew, "a-dir"));
    await fs.symlink("/etc/passwd", path.join(paths.spoolNew, "a-link"));
    await engine.drain();
    expect(await fs.readdir(paths.spoolNew)).toEqual([]);
    const stats = await request<Stats>(paths.controlSocket, { op: "stats" });
    expect(stats.accepted + stats.rejected + (stats.ignored ?? 0) + stats.duplicates).toBe(64);
    expect(stats.rejected).toBeGreaterThanOrEqual(4);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it("brings state back after a restart and closes runs whose agent died meanwhile", async () => {
    const { paths, sys, engine } = await setup();
    const alive = proc(700, 1, ["claude"], "pts/1");
    const dying = proc(701, 1, ["codex"], "pts/2");
    sys.processes.push(alive, dying);
    sys.agents.push(agent(alive, "claude-code"), agent(dying, "codex"));
    await drop(paths, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 700 }));
    await drop(paths, spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 700 }));
    await drop(paths, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 701 }));
    await engine.drain();
    const item = engine.snapshot().attention[0]!;
    await engine.stop();

    sys.processes = [alive];
    sys.agents = [agent(alive, "claude-code")];
    const again = await start(paths, sys);
    const rows = again.snapshot().agents.map((r) => [r.id, r.state, r.attention]);
    expect(rows).toEqual([
      ["claude-code-700", "waiting-approval", true],
      ["codex-701", "disconnected", false],
    ]);
    expect(again.acknowledge(item.id)).toBe(true);
    await again.stop();
    const third = await start(paths, sys);
    expect(third.snapshot().agents.map((r) => [r.id, r.state, r.attention])).toEqual([
      ["claude-code-700", "waiting-approval", false],
      ["codex-701", "disconnected", false],
    ]);
    expect(third.stats().accepted).toBe(0);
    // The last event per provider survives restarts (mytty-doctor's "hooks really fire" proof).
    expect(Object.keys(third.stats().lastEventAt).sort()).toEqual(["claude-code", "codex"]);
  });

  it("shows the same command needing approval twice in one turn, and replays both after a restart", async () => {
    const { paths, sys, engine } = await setup();
    const codex = proc(720, 1, ["codex"], "pts/3");
    sys.processes.push(codex, proc(721, 720, ["sh", "-c", "hook"]));
    sys.agents.push(agent(codex, "codex"));
    const send = async (name: string) => {
      await drop(paths, spool("codex", payload("codex", name), { ppid: 721 }));
      await engine.drain();
    };
    await send("UserPromptSubmit");
    await send("PermissionRequest");
    const first = engine.snapshot().attention[0]!;
    expect(engine.acknowledge(first.id)).toBe(true);
    await send("PostToolUse");
    await send("PermissionRequest"); // `cargo add rust_decimal` again: byte-identical payload
    const snap = engine.snapshot();
    expect(snap.agents.map((r) => [r.id, r.state, r.attention])).toEqual([["codex-720", "waiting-approval", true]]);
    expect(snap.attention.filter((i) => i.acknowledgedAt === undefined).map((i) => i.kind)).toEqual([
      "approval-request",
    ]);
    expect(engine.stats()).toMatchObject({ accepted: 4, duplicates: 0 });
    const ids = snap.attention.map((i) => i.id).sort();
    await engine.stop();

    const again = await start(paths, sys);
    expect(
      again
        .snapshot()
        .attention.map((i) => i.id)
        .sort(),
    ).toEqual(ids);
    expect(again.snapshot().agents.map((r) => [r.id, r.state, r.attention])).toEqual([
      ["codex-720", "waiting-approval", true],
    ]);
    const second = again.snapshot().attention.find((i) => i.acknowledgedAt === undefined)!;
    expect(again.acknowledge(second.id)).toBe(true);
    await again.stop();

    // A log that lost the first request (compaction keeps what the core still shows) replays the
    // repeat under the same item id, so its acknowledgement still holds.
    const lines = (await fs.readFile(paths.eventLog, "utf8")).split("\n").filter(Boolean);
    const firstRequest = lines.findIndex(
      (l) => (JSON.parse(l) as { event?: { hook?: string } }).event?.hook === "PermissionRequest",
    );
    await fs.writeFile(paths.eventLog, `${lines.filter((_, i) => i !== firstRequest).join("\n")}\n`);
    const third = await start(paths, sys);
    expect(third.snapshot().attention.map((i) => [i.id, i.acknowledgedAt !== undefined])).toEqual([[second.id, true]]);
  });

  it("pushes snapshots to watchers and answers wait when the state is reached", async () => {
    const { paths, sys, engine } = await setup();
    const p = proc(800, 1, ["codex"], "pts/9");
    sys.processes.push(p);
    sys.agents.push(agent(p, "codex"));
    await engine.poll();
    const seen: Snapshot[] = [];
    const stream = await watch(paths.controlSocket, (s) => seen.push(s));
    const waiting = request<{ reached: boolean; agent: AgentRow }>(
      paths.controlSocket,
      { op: "wait", agent: "codex-800", until: "completed", timeoutSeconds: 20 },
      { timeoutMs: 25_000 },
    );
    const timeout = request<{ reached: boolean; reason: string }>(paths.controlSocket, {
      op: "wait",
      agent: "codex-800",
      until: "attention",
      timeoutSeconds: 0.3,
    });
    expect(await timeout).toMatchObject({ reached: false, reason: "timeout" });
    await drop(paths, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 800 }));
    await drop(paths, spool("codex", payload("codex", "Stop"), { ppid: 800 }));
    const done = await waiting;
    expect(done.reached).toBe(true);
    expect(done.agent.state).toBe("succeeded");
    stream.close();
    expect(seen[0]!.agents.map((a) => a.id)).toEqual(["codex-800"]);
    expect(seen.some((s) => s.agents[0]!.state === "succeeded")).toBe(true);
    // An unknown name is looked for until the wait's own time (at most UNKNOWN_AGENT_GRACE_MS) runs out.
    await expect(
      request(paths.controlSocket, { op: "wait", agent: "nobody", until: "running", timeoutSeconds: 0.3 }),
    ).rejects.toMatchObject({ code: "unknown-agent" });
  });

  it("finds a labelled agent listed only after the wait began (spawn, then wait at once)", async () => {
    const { paths, sys, engine } = await setup();
    const waiting = request<{ reached: boolean; agent: AgentRow }>(
      paths.controlSocket,
      { op: "wait", agent: "reviewer", until: "running", timeoutSeconds: 20 },
      { timeoutMs: 25_000 },
    );
    // The agent's row and then its label arrive on later polls, after the request is in.
    await request(paths.controlSocket, { op: "ping" });
    const p = proc(990, 1, ["codex"], "pts/2");
    sys.processes.push(p);
    sys.agents.push(agent(p, "codex", { app: "tmux", tmuxPane: "%3" }));
    await engine.poll();
    sys.agents.splice(0, 1, agent(p, "codex", { app: "tmux", tmuxPane: "%3", label: "reviewer" }));
    await engine.poll();
    await drop(paths, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 990 }));
    expect(await waiting).toMatchObject({ reached: true, agent: { id: "codex-990", label: "reviewer" } });
  });

  it("stores a worker's note found by pid up the parent chain, and acks by agent", async () => {
    const { paths, sys, engine } = await setup();
    const p = proc(900, 1, ["claude"], "pts/4");
    sys.processes.push(p, proc(901, 900, ["bash"]), proc(902, 901, ["mytty-team", "status"]));
    sys.agents.push(agent(p, "claude-code"));
    await drop(paths, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 900 }));
    await drop(paths, spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 900 }));
    await engine.drain();
    expect(await request(paths.controlSocket, { op: "note", pid: 902, text: "tests green,\nwriting docs" })).toEqual({
      agent: "claude-code-900",
      note: "tests green, writing docs",
    });
    expect((await list(paths))[0]!.note).toBe("tests green, writing docs");
    const acked = await request<{ acknowledged: string[] }>(paths.controlSocket, {
      op: "ack",
      agent: "claude-code-900",
    });
    expect(acked.acknowledged).toHaveLength(1);
    expect((await list(paths))[0]!.attention).toBe(false);
    expect(await request(paths.controlSocket, { op: "focus", agent: "claude-code-900" })).toEqual({ focused: false });
  });
});

describe("notes", () => {
  it("publishes a note to watch subscribers at once, not at the next poll", async () => {
    const { paths, sys, engine } = await setup();
    // The longest poll the settings allow: a note that waited for a poll would outlast the test's timeout.
    await engine.updateSettings({ pollIntervalSeconds: 60 });
    const p = proc(970, 1, ["claude"], "pts/6");
    sys.processes.push(p);
    sys.agents.push(agent(p, "claude-code"));
    await engine.poll();
    let noted: (row: AgentRow) => void;
    const shown = new Promise<AgentRow>((resolve) => (noted = resolve));
    const stream = await watch(paths.controlSocket, (s) => {
      const row = s.agents.find((a) => a.id === "claude-code-970");
      if (row?.note === "reviewing") noted(row);
    });
    await request(paths.controlSocket, { op: "note", agent: "claude-code-970", text: "reviewing" });
    expect((await shown).note).toBe("reviewing");
    stream.close();
  });
});

describe("labels", () => {
  it("lists the pane label detect reports and lets wait, focus and note address an agent by it", async () => {
    const { paths, sys, engine } = await setup();
    const [a, b, c] = [
      proc(950, 1, ["codex"], "pts/3"),
      proc(951, 1, ["claude"], "pts/5"),
      proc(952, 1, ["claude"], "pts/6"),
    ];
    sys.processes.push(a, b, c);
    sys.agents.push(
      agent(a, "codex", { app: "tmux", tmuxPane: "%7", label: "scout: api" }),
      agent(b, "claude-code", { app: "tmux", tmuxPane: "%8", label: "twin" }),
      agent(c, "claude-code", { app: "tmux", tmuxPane: "%9", label: "twin" }),
    );
    await engine.poll();
    expect((await list(paths)).map((r) => [r.id, r.label])).toEqual([
      ["codex-950", "scout: api"],
      ["claude-code-951", "twin"],
      ["claude-code-952", "twin"],
    ]);
    const waiting = request<{ reached: boolean; agent: AgentRow }>(
      paths.controlSocket,
      { op: "wait", agent: "scout: api", until: "running", timeoutSeconds: 20 },
      { timeoutMs: 25_000 },
    );
    await drop(paths, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 950 }));
    expect(await waiting).toMatchObject({
      reached: true,
      agent: { id: "codex-950", label: "scout: api", state: "running" },
    });
    expect(await request(paths.controlSocket, { op: "note", agent: "scout: api", text: "on it" })).toEqual({
      agent: "codex-950",
      note: "on it",
    });
    expect(await request(paths.controlSocket, { op: "focus", agent: "scout: api" })).toEqual({ focused: false });
    // Exact match only, and a label two agents share names neither.
    await expect(request(paths.controlSocket, { op: "focus", agent: "scout" })).rejects.toMatchObject({
      code: "unknown-agent",
    });
    await expect(request(paths.controlSocket, { op: "wait", agent: "twin", until: "running" })).rejects.toMatchObject({
      code: "ambiguous-agent",
      message: '"twin" matches 2 agents (claude-code-951, claude-code-952); use an id.',
    });
    await expect(request(paths.controlSocket, { op: "note", agent: "twin", text: "x" })).rejects.toMatchObject({
      code: "ambiguous-agent",
    });
  });

  it('lets a caller in one tmux server wait on its own "twin" while another server has one too', async () => {
    const { paths, sys, engine } = await setup();
    const [mine, theirs] = [proc(960, 1, ["claude"], "pts/7"), proc(961, 1, ["claude"], "pts/8")];
    sys.processes.push(mine, theirs);
    sys.agents.push(
      agent(mine, "claude-code", {
        app: "tmux",
        tmuxPane: "%1",
        tmuxSocket: "/tmp/tmux-1000/project-a",
        label: "twin",
      }),
      agent(theirs, "claude-code", {
        app: "tmux",
        tmuxPane: "%1",
        tmuxSocket: "/tmp/tmux-1000/project-b",
        label: "twin",
      }),
    );
    await engine.poll();
    const near = { tmuxSocket: "/tmp/tmux-1000/project-b" };
    const waiting = request<{ reached: boolean; agent: AgentRow }>(
      paths.controlSocket,
      { op: "wait", agent: "twin", until: "running", timeoutSeconds: 20, near },
      { timeoutMs: 25_000 },
    );
    await drop(paths, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 961 }));
    expect(await waiting).toMatchObject({ reached: true, agent: { id: "claude-code-961", state: "running" } });
    expect(await request(paths.controlSocket, { op: "note", agent: "twin", text: "mine", near })).toEqual({
      agent: "claude-code-961",
      note: "mine",
    });
    await expect(
      request(paths.controlSocket, { op: "wait", agent: "twin", until: "running", near: { tmuxSocket: 7 } } as never),
    ).rejects.toMatchObject({ code: "bad-request" });
  });
});

describe("control socket hardening", () => {
  function rawClient(socketPath: string): Promise<{ socket: net.Socket; lines: string[] }> {
    return new Promise((resolve) => {
      const socket = net.createConnection(socketPath, () => resolve({ socket, lines }));
      const lines: string[] = [];
      let buf = "";
      socket.on("data", (d) => {
        buf += d.toString();
        let i: number;
        while ((i = buf.indexOf("\n")) >= 0) {
          lines.push(buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
      });
      socket.on("error", () => undefined);
    });
  }
  const until = async (check: () => boolean, rounds = 200) => {
    for (let i = 0; i < rounds && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  };

  it("answers bad lines with errors and keeps the connection; a stalled client does not block others", async () => {
    const { paths } = await setup();
    const stalled = await rawClient(paths.controlSocket);
    stalled.socket.write('{"op":"li'); // never finishes its line
    const { socket, lines } = await rawClient(paths.controlSocket);
    socket.write('not json\n{"op":"nope","id":3}\n{"id":"x","op":"stats"}\n');
    await until(() => lines.length >= 3);
    const replies = lines.map((l) => JSON.parse(l) as { id?: unknown; ok: boolean; error?: { code: string } });
    expect(replies.map((r) => [r.id, r.ok, r.error?.code])).toEqual([
      [undefined, false, "bad-request"],
      [3, false, "bad-request"],
      ["x", true, undefined],
    ]);
    expect(await list(paths)).toEqual([]);
    socket.destroy();
    stalled.socket.destroy();
  });

  it("closes a connection whose line exceeds the cap", async () => {
    const { paths } = await setup();
    const { socket, lines } = await rawClient(paths.controlSocket);
    let closed = false;
    socket.on("close", () => (closed = true));
    socket.write("x".repeat(200 * 1024));
    await until(() => closed);
    expect(closed).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: false, error: { code: "too-large" } });
  });

  it("survives random requests and keeps answering", async () => {
    const { paths } = await setup();
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const samples = [
      '{"op":"wait","agent":"","until":"x"}',
      '{"op":"ack"}',
      '{"op":"note","text":5}',
      "[]",
      "null",
      '{"op":"wait","agent":"a","until":"running","timeoutSeconds":-1}',
      '{"op":"list","id":{"a":1}}',
    ];
    const { socket, lines } = await rawClient(paths.controlSocket);
    for (let i = 0; i < 200; i += 1) {
      const base = samples[Math.floor(rand() * samples.length)]!;
      const chars = [...base];
      if (rand() < 0.5) chars[Math.floor(rand() * chars.length)] = String.fromCharCode(Math.floor(rand() * 128));
      socket.write(`${chars.join("").replace(/\n/g, "")}\n`);
    }
    // A mutation may leave a valid wait for an unknown agent: it answers once its grace (10 s) is over.
    await until(() => lines.length >= 200, 1500);
    expect(lines).toHaveLength(200);
    socket.destroy();
    expect(await request(paths.controlSocket, { op: "list" })).toEqual({ agents: [] });
  });
});
