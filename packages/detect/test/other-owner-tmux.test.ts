// A Jump never targets another user's tmux server: our agent in a pane of theirs (run there by sudo) is
// listed, but their server is never asked for its panes (src/scanner.ts, docs/detection.md#whose-agents-are-shown).
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
