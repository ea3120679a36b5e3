import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createProcSource, parseStat, scopedSource } from "@mytty-bar/detect";
import { parseStatBytes } from "../src/sources/proc-stat.js";

const bytes = (text: string) => Buffer.from(text, "latin1");

describe("parseStatBytes", () => {
  it("reads the same fields as parseStat, comm with spaces and parens, negative tpgid", () => {
    const odd = "4242 (my (odd) name) S 10 4242 4242 34819 -1 4194304 1 2 3 4 5 6 7 8 20 0 1 0 987654 1 2\n";
    const buf = bytes(odd);
    expect(parseStatBytes(buf, buf.length)).toEqual({ ...parseStat(odd), tpgid: -1 });
    expect(parseStatBytes(buf, buf.length)?.tpgid).toBe(-1);
    const self = readFileSync("/proc/self/stat", "latin1");
    expect(parseStatBytes(bytes(self), self.length)).toEqual(parseStat(self));
  });

  it("rejects a truncated line", () => {
    const cut = bytes("4242 (sh) S 10 4242 4242 0 -1");
    expect(parseStatBytes(cut, cut.length)).toBeUndefined();
  });
});

describe("proc source between polls", () => {
  it("lists a child with its parent, then drops it once it exited though its stat fd was kept", async () => {
    const child = spawn("sleep", ["30"], { stdio: "ignore" });
    const source = createProcSource();
    try {
      const first = (await source.list()).find((p) => p.pid === child.pid);
      expect(first?.ppid).toBe(process.pid);
      expect(first?.comm).toBe("sleep");
      const again = (await source.list()).find((p) => p.pid === child.pid);
      expect(again).toBe(first); // a steady process keeps its row
      expect(again?.argv).toEqual(["sleep", "30"]);
    } finally {
      child.kill("SIGKILL");
    }
    await new Promise((resolve) => child.once("exit", resolve));
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the reap finish
    expect((await source.list()).some((p) => p.pid === child.pid)).toBe(false);
  });
});

describe("scoped proc source, one process", () => {
  it("reads a process inside the tree and refuses one outside it", async () => {
    const child = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const mine = scopedSource(createProcSource(), process.pid);
      expect((await mine.process!(child.pid!))?.ppid).toBe(process.pid);
      const theirs = scopedSource(createProcSource(), child.pid!);
      expect(await theirs.process!(process.pid)).toBeUndefined();
    } finally {
      child.kill("SIGKILL");
    }
  });
});

/** The kernel's own view of a process, read afresh: what a listing must end up showing. */
function truth(pid: number): { comm: string; ppid: number } {
  const text = readFileSync(`/proc/${pid}/stat`, "latin1");
  const parsed = parseStat(text)!;
  return { comm: parsed.comm, ppid: parsed.ppid };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

/**
 * A `sh` that execs `sleep 30` (same pid, new program) once it reads a line. Detached (its own session, no
 * controlling terminal): a process on a terminal is read every poll, which would hide what the plan does.
 */
function execOnLine(): ChildProcess {
  return spawn("sh", ["-c", "read line; exec sleep 30"], { stdio: ["pipe", "ignore", "ignore"], detached: true });
}

describe("proc source, processes that change between polls", () => {
  it("sees an exec without a new pid on the next poll while the process is young", async () => {
    const child = execOnLine();
    const source = createProcSource({ youngTicks: 60_000, rotation: 1e9 });
    try {
      const before = (await source.list()).find((p) => p.pid === child.pid);
      expect(before?.comm).toBe("sh");
      child.stdin!.end("go\n");
      await until(() => truth(child.pid!).comm === "sleep");
      const after = (await source.list()).find((p) => p.pid === child.pid);
      expect(after?.comm).toBe("sleep");
      expect(after?.argv).toEqual(["sleep", "30"]);
      expect(after?.startTime).toBe(before?.startTime);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("keeps a steady process's row unread between polls: a late exec shows only on its rotation turn", async () => {
    const child = execOnLine();
    const source = createProcSource({ youngTicks: 0, rotation: 1e9 });
    try {
      const before = (await source.list()).find((p) => p.pid === child.pid);
      expect(before?.tty).toBeNull();
      expect(before?.comm).toBe("sh");
      child.stdin!.end("go\n");
      await until(() => truth(child.pid!).comm === "sleep");
      expect((await source.list()).find((p) => p.pid === child.pid)?.comm).toBe("sh");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("sees a late exec in a process past its young window within one rotation of polls", async () => {
    const child = execOnLine();
    const source = createProcSource({ youngTicks: 0, rotation: 3 });
    try {
      expect((await source.list()).find((p) => p.pid === child.pid)?.comm).toBe("sh");
      child.stdin!.end("go\n");
      await until(() => truth(child.pid!).comm === "sleep");
      const seen: Array<string | undefined> = [];
      for (let i = 0; i < 3; i += 1) seen.push((await source.list()).find((p) => p.pid === child.pid)?.comm);
      expect(seen).toContain("sleep");
      expect(seen.at(-1)).toBe("sleep");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("re-reads a kept process whose parent exited: the listing shows its new parent", async () => {
    // sh starts a background sleep, prints its pid, and exits once its stdin closes: the sleep is reparented.
    const parent = spawn("sh", ["-c", "sleep 30 & echo $!; read line"], {
      stdio: ["pipe", "pipe", "ignore"],
      detached: true,
    });
    const orphan = await new Promise<number>((resolve) => parent.stdout!.once("data", (d) => resolve(Number(d))));
    // Never young, never its rotation turn: only the parent's exit can make the listing read it again.
    const source = createProcSource({ youngTicks: 0, rotation: 1e9 });
    try {
      await until(() => truth(orphan).comm === "sleep");
      expect((await source.list()).find((p) => p.pid === orphan)?.tty).toBeNull();
      expect((await source.list()).find((p) => p.pid === orphan)?.ppid).toBe(parent.pid);
      expect((await source.list()).find((p) => p.pid === orphan)?.ppid).toBe(parent.pid);
      const exited = new Promise((resolve) => parent.once("exit", resolve));
      parent.stdin!.end("\n");
      await exited;
      await until(() => truth(orphan).ppid !== parent.pid && !existsSync(`/proc/${parent.pid}/stat`));
      const row = (await source.list()).find((p) => p.pid === orphan);
      expect(row?.ppid).toBe(truth(orphan).ppid);
      expect(row?.ppid).not.toBe(parent.pid);
    } finally {
      process.kill(orphan, "SIGKILL");
      parent.kill("SIGKILL");
    }
  });
});
