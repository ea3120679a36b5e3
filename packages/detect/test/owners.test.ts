// Whose agents a scanner keeps (src/scanner.ts, docs/detection.md#whose-agents-are-shown): the owner it is
// given (a watched host's ssh user) for rows and hook joins, everyone's when that owner is unknown; and a
// Jump never targets another user's tmux server: our agent in a pane of theirs (run there by sudo) is
// listed, but their server is never asked for its panes.
import { expect, it } from "vitest";
import { createScanner, type ProcessInfo } from "@mytty-bar/detect";

const proc = (pid: number, ppid: number, argv: string[], tty: string | null, uid: number): ProcessInfo => ({
  pid,
  ppid,
  pgid: pid,
  tpgid: tty === null ? -1 : pid,
  tty,
  startTime: "1",
  argv,
  uid,
});

function scanner(serverUid: number) {
  const asked: string[][] = [];
  const processes = [
    proc(100, 1, ["tmux", "-S", "/tmp/theirs.sock", "new-session"], null, serverUid),
    proc(101, 100, ["claude"], "pts/1", 0),
  ];
  const s = createScanner({
    source: {
      list: async () => processes,
      environ: async () => undefined,
      cwd: async () => undefined,
    },
    effects: {
      exec: async (_bin, args) => {
        asked.push([...args]);
        return "";
      },
      platform: "linux",
      uid: 0,
      env: {},
      socketsOf: () => [],
    },
  });
  return { s, asked };
}

it("lists our claude in another user's tmux pane without asking their tmux server", async () => {
  const theirs = scanner(1001);
  const scan = await theirs.s.scan();
  expect(scan.agents.map((a) => a.pid)).toEqual([101]);
  expect(theirs.asked).toEqual([]);
  expect(scan.agents[0]!.terminal.tmuxSocket).toBeUndefined();
  // The same tree under our own server is asked.
  const mine = scanner(0);
  await mine.s.scan();
  expect(mine.asked.some((args) => args.includes("/tmp/theirs.sock"))).toBe(true);
});

it("keeps the given owner's agents for rows and joins; with no owner known, everyone's", async () => {
  // A host's listing: the ssh user's (999) claude and a third user's (995), each with a hook helper below.
  const processes = [
    proc(10, 1, ["claude"], "pts/1", 999),
    proc(11, 10, ["sh", "-c", "mytty-bar-hook"], "pts/1", 999),
    proc(20, 1, ["claude"], "pts/2", 995),
    proc(21, 20, ["sh", "-c", "mytty-bar-hook"], "pts/2", 995),
  ];
  let owner: number | undefined = 999;
  const s = createScanner({
    owner: () => owner,
    source: { list: async () => processes, environ: async () => undefined, cwd: async () => undefined },
    effects: {
      exec: () => Promise.reject(new Error("no tmux")),
      platform: "linux",
      uid: 0,
      env: {},
      socketsOf: () => [],
    },
  });
  const scan = await s.scan();
  expect(scan.agents.map((a) => a.pid)).toEqual([10]);
  expect(scan.leftOut).toEqual([{ pid: 20, uid: 995, provider: "claude-code", tty: "pts/2", executable: "claude" }]);
  expect((await s.join(11)).agent?.pid).toBe(10);
  expect((await s.join(21)).agent).toBeUndefined();
  owner = undefined;
  expect((await s.scan()).agents.map((a) => a.pid)).toEqual([10, 20]);
  expect((await s.join(21)).agent?.pid).toBe(20);
});
