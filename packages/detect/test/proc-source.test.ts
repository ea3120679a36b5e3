import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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
