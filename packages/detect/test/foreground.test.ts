// The foreground rules on hand-built tables: leader, bounded descendants, hint, idle shells.
import { describe, expect, it } from "vitest";
import {
  ClassificationCache,
  foregroundAgent,
  ProcessTable,
  type ProcessInfo,
  type ProcessSource,
} from "@mytty-bar/detect";

const TTY = "pts/1";
function row(pid: number, ppid: number, pgid: number, argv: string[], extra: Partial<ProcessInfo> = {}): ProcessInfo {
  return { pid, ppid, pgid, tpgid: 0, tty: TTY, startTime: "t", argv, ...extra };
}
/** A shell (pid 10) on the tty plus `rows`; tpgid = the given foreground group. */
function tableOf(tpgid: number, rows: ProcessInfo[], shellArgv = ["-zsh"]): ProcessTable {
  const all = [row(10, 1, 10, shellArgv), ...rows].map((r) => (r.tty === TTY ? { ...r, tpgid } : r));
  return new ProcessTable(all);
}
function envSource(envs: Record<number, Record<string, string>> = {}): ProcessSource & { reads: number[] } {
  const reads: number[] = [];
  return {
    reads,
    list: async () => [],
    environ: async (pid) => {
      reads.push(pid);
      return envs[pid];
    },
    cwd: async () => undefined,
  };
}
const detect = (table: ProcessTable, source = envSource()) =>
  foregroundAgent(table, new ClassificationCache(), source, TTY);

describe("foregroundAgent", () => {
  it("the foreground leader itself", async () => {
    const found = await detect(tableOf(20, [row(20, 10, 20, ["claude"])]));
    expect(found).toMatchObject({ via: "process", process: { pid: 20 }, classification: { provider: "claude-code" } });
  });

  it("an agent two levels below a wrapper script (wrapper → node → codex)", async () => {
    const found = await detect(
      tableOf(20, [
        row(20, 10, 20, ["bash", "run.sh"]),
        row(21, 20, 20, ["node", "launch.js"]),
        row(22, 21, 20, ["codex"]),
      ]),
    );
    expect(found).toMatchObject({ via: "descendant", process: { pid: 22 } });
  });

  it("not three levels below", async () => {
    const rows = [
      row(20, 10, 20, ["bash", "run.sh"]),
      row(21, 20, 20, ["node", "a.js"]),
      row(22, 21, 20, ["node", "b.js"]),
      row(23, 22, 20, ["codex"]),
    ];
    expect(await detect(tableOf(20, rows))).toBeUndefined();
  });

  it("visits at most 8 processes: an agent as the 8th is found, as the 9th the search gives nothing", async () => {
    const kids = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        row(30 + i, 20, 20, ["x"], { executable: i === n - 1 ? "/opt/bin/claude" : "/usr/bin/true" }),
      );
    expect(await detect(tableOf(20, [row(20, 10, 20, ["bash", "run.sh"]), ...kids(8)]))).toMatchObject({
      process: { pid: 37 },
    });
    expect(await detect(tableOf(20, [row(20, 10, 20, ["bash", "run.sh"]), ...kids(9)]))).toBeUndefined();
  });

  it("reads argv of at most 4 descendants", async () => {
    const kids = (n: number) =>
      Array.from({ length: n }, (_, i) => row(30 + i, 20, 20, i === n - 1 ? ["claude"] : ["helper"]));
    expect(await detect(tableOf(20, [row(20, 10, 20, ["sh", "-c", "x"]), ...kids(4)]))).toMatchObject({
      process: { pid: 33 },
    });
    expect(await detect(tableOf(20, [row(20, 10, 20, ["sh", "-c", "x"]), ...kids(5)]))).toBeUndefined();
  });

  it("skips helpers without a terminal below the wrapper", async () => {
    const rows = [row(20, 10, 20, ["bash", "run.sh"]), row(21, 20, 21, ["claude", "--bg-spare"], { tty: null })];
    expect(await detect(tableOf(20, rows))).toBeUndefined();
  });

  it("never walks below a program that is neither shell nor wrapper (vim running claude)", async () => {
    expect(await detect(tableOf(20, [row(20, 10, 20, ["vim"]), row(21, 20, 20, ["claude"])]))).toBeUndefined();
  });

  it("finds the agent at the end of a pipeline whose first command is the group leader", async () => {
    expect(
      await detect(tableOf(20, [row(20, 10, 20, ["cat", "prompt.md"]), row(21, 10, 20, ["claude", "-p"])])),
    ).toMatchObject({ process: { pid: 21 }, via: "descendant" });
  });

  it("uses the topmost member when the group leader has exited", async () => {
    expect(await detect(tableOf(20, [row(21, 10, 20, ["opencode"])]))).toMatchObject({
      process: { pid: 21 },
      via: "process",
    });
  });

  it("reads MYTTY_AGENT only when nothing was recognised, and a hint never overrides detection", async () => {
    const source = envSource({ 20: { MYTTY_AGENT: "codex" } });
    expect(await detect(tableOf(20, [row(20, 10, 20, ["claude"])]), source)).toMatchObject({
      via: "process",
      classification: { provider: "claude-code" },
    });
    expect(source.reads).toEqual([]);
    expect(await detect(tableOf(20, [row(20, 10, 20, ["docker", "run", "-it", "box"])]), source)).toMatchObject({
      via: "hint",
      classification: { provider: "codex" },
    });
    expect(source.reads).toEqual([20]);
  });

  it("ignores a bogus hint, and an idle shell is no agent even with a hint in its environment", async () => {
    expect(
      await detect(tableOf(20, [row(20, 10, 20, ["docker"])]), envSource({ 20: { MYTTY_AGENT: "claude" } })),
    ).toBeUndefined();
    const source = envSource({ 10: { MYTTY_AGENT: "codex" } });
    expect(await detect(tableOf(10, []), source)).toBeUndefined();
    expect(source.reads).toEqual([]);
  });

  it("a stopped agent in the background is not the foreground agent", async () => {
    expect(await detect(tableOf(10, [row(20, 10, 20, ["claude"])]))).toBeUndefined();
  });
});

describe("foregroundAgent across an exec (same pid, new program)", () => {
  it("finds the agent a classified shell fork exec'd into, and forgets the shell's classification", async () => {
    const cache = new ClassificationCache();
    // Polled between fork and exec: the foreground child is still a copy of the shell.
    const forked = tableOf(20, [row(20, 10, 20, ["-zsh"], { comm: "zsh", startTime: "500" })]);
    expect(await foregroundAgent(forked, cache, envSource(), TTY)).toBeUndefined();
    cache.endScan(forked.byPid);
    const execd = tableOf(20, [row(20, 10, 20, ["claude"], { comm: "claude", startTime: "500" })]);
    const found = await foregroundAgent(execd, cache, envSource(), TTY);
    expect(found).toMatchObject({ process: { pid: 20 }, classification: { provider: "claude-code" } });
    const sizeBefore = cache.size;
    cache.endScan(execd.byPid);
    expect(cache.size).toBeLessThan(sizeBefore); // the shell-time entry of pid 20 is gone
  });
});
