// The tmux watcher's memory (src/tmux.ts): a server's state is asked again only when its panes or the
// tmux clients changed; a full scan forgets servers that are gone (`prune`), while a hook join, which
// names one server, forgets nothing. Counted through the tmux spawns it makes (fake exec).
import { expect, it } from "vitest";
import type { DetectEffects, ProcessInfo } from "@mytty-bar/detect";
import { ProcessTable } from "../src/table.js";
import { TmuxWatcher } from "../src/tmux.js";

const proc = (pid: number, ppid: number, argv: string[], tty: string | null = null, start = "1"): ProcessInfo => ({
  pid,
  ppid,
  pgid: pid,
  tpgid: -1,
  tty,
  startTime: start,
  argv,
});

const asked: string[] = [];
const effects: DetectEffects = {
  exec: async (_bin, args) => {
    asked.push(args[1]!); // the -S socket: which server was asked
    return "";
  },
  platform: "linux",
  uid: 1000,
  env: {},
};

it("asks a server again after it exited and came back, but not while a join names another one", async () => {
  const a = proc(100, 1, ["tmux", "-S", "/tmp/a.sock", "new-session"]);
  const b = proc(200, 1, ["tmux", "-S", "/tmp/b.sock", "new-session"]);
  const paneA = proc(101, 100, ["sh"], "pts/1");
  const paneB = proc(201, 200, ["sh"], "pts/2");
  const both = new ProcessTable([a, b, paneA, paneB]);
  const watcher = new TmuxWatcher(effects, 60_000, () => 0);

  await watcher.query(both, [a, b], true);
  expect(asked.splice(0).sort()).toEqual(["/tmp/a.sock", "/tmp/b.sock"]);
  await watcher.query(both, [a, b], true);
  expect(asked.splice(0)).toEqual([]); // nothing changed: remembered

  // A hook join names only A: B's state stays remembered.
  await watcher.query(both, [a]);
  await watcher.query(both, [a, b], true);
  expect(asked.splice(0)).toEqual([]);

  // B exits; the next full scan forgets it. When the same server (same pid and start) is back with the
  // same panes, it is asked again: what it shows now is not what it showed before it went.
  const onlyA = new ProcessTable([a, paneA]);
  await watcher.query(onlyA, [a], true);
  expect(asked.splice(0)).toEqual([]);
  await watcher.query(both, [a, b], true);
  expect(asked.splice(0)).toEqual(["/tmp/b.sock"]);
});
