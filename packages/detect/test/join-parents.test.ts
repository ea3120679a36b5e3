import { describe, expect, it } from "vitest";
import { createScanner, type ProcessInfo, type ProcessSource } from "@mytty-bar/detect";

const row = (pid: number, ppid: number, argv: string[], tty: string | null = "pts/9"): ProcessInfo => ({
  pid,
  ppid,
  pgid: pid,
  tpgid: -1,
  tty,
  startTime: String(1000 + pid),
  argv,
});

/** A machine whose table the test edits; counts listings and single reads. */
function machine(rows: ProcessInfo[], single: boolean) {
  const counts = { lists: 0, reads: 0 };
  const source: ProcessSource = {
    list: async () => {
      counts.lists += 1;
      return [...rows];
    },
    environ: async () => undefined,
    cwd: async () => undefined,
  };
  if (single) {
    source.process = async (pid) => {
      counts.reads += 1;
      return rows.find((r) => r.pid === pid);
    };
  }
  return { counts, source };
}

const noTmux = { exec: async (): Promise<string> => Promise.reject(new Error("no tmux here")), socketsOf: () => [] };

describe("hook join against the last scan", () => {
  it("reads only the helper's missing parents, no new listing", async () => {
    const rows = [row(1, 0, ["init"], null), row(300, 1, ["bash"])];
    const { counts, source } = machine(rows, true);
    const scanner = createScanner({ source, effects: noTmux });
    const scan = await scanner.scan();
    rows.push(row(400, 300, ["claude"]), row(401, 400, ["sh", "-c", "hook"]));
    const joined = await scanner.join(401, scan.processes);
    expect(joined.agent).toMatchObject({ pid: 400, provider: "claude-code", tty: "pts/9" });
    expect(counts).toEqual({ lists: 1, reads: 2 }); // 401 and 400; 300 was in the scan's table
  });

  it("lists afresh when the source cannot read one process", async () => {
    const rows = [row(1, 0, ["init"], null)];
    const { counts, source } = machine(rows, false);
    const scanner = createScanner({ source, effects: noTmux });
    const scan = await scanner.scan();
    rows.push(row(500, 1, ["codex"]), row(501, 500, ["sh", "-c", "hook"]));
    expect((await scanner.join(501, scan.processes)).agent).toMatchObject({ pid: 500, provider: "codex" });
    expect(counts.lists).toBe(2);
  });
});
