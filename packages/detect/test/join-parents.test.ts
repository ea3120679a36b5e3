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

describe("Codex's npm launcher and its native binary (observed with Codex 0.169/0.171, `--no-daemon`)", () => {
  const npm = "/home/sam/.npm-global/lib/node_modules/@openai/codex";
  // The shell at pid 300 gave the terminal to the launcher's group; the launcher runs the native binary,
  // whose hooks run under `$SHELL -lc`.
  const group = (pid: number, ppid: number, argv: string[]): ProcessInfo => ({
    ...row(pid, ppid, argv),
    pgid: 600,
    tpgid: 600,
  });
  const rows = [
    row(1, 0, ["init"], null),
    { ...row(300, 1, ["-bash"]), tpgid: 600 },
    group(600, 300, ["node", `${npm}/bin/codex.js`]),
    group(601, 600, [`${npm}/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex/codex`]),
    group(602, 601, ["/bin/bash", "-lc", "exec '/home/sam/.local/share/mytty-bar/bin/mytty-bar-hook' codex"]),
  ];

  it("are one agent: the hook joins the launcher the scan shows, not a second row for the binary", async () => {
    const { source } = machine(rows, true);
    const scanner = createScanner({ source, effects: noTmux });
    const scan = await scanner.scan();
    expect(scan.agents.map((a) => [a.pid, a.provider])).toEqual([[600, "codex"]]);
    expect((await scanner.join(602, scan.processes)).agent).toMatchObject({
      pid: 600,
      provider: "codex",
      tty: "pts/9",
    });
  });

  it("stops at a process that is not that agent: a Codex run from Claude Code's shell stays its own", async () => {
    const nested = [
      row(1, 0, ["init"], null),
      row(700, 1, ["claude"]),
      row(701, 700, ["/bin/bash", "-c", "codex exec 'fix it'"]),
      row(702, 701, [`${npm}/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex/codex`]),
      row(703, 702, ["/bin/bash", "-lc", "exec '/home/sam/.local/share/mytty-bar/bin/mytty-bar-hook' codex"]),
    ];
    const { source } = machine(nested, true);
    const scanner = createScanner({ source, effects: noTmux });
    const scan = await scanner.scan();
    expect((await scanner.join(703, scan.processes)).agent).toMatchObject({ pid: 702, provider: "codex" });
  });
});
