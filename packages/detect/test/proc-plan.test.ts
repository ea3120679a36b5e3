import { describe, expect, it } from "vitest";
import { mustRead, orphaned, reusedPids, type PidClock } from "../src/sources/proc-plan.js";

const clock = (lastPid: number, forks: number): PidClock => ({ lastPid, forks, uptimeTicks: 100_000 });
const steady = { ttyNr: 0, startTicks: 1000, readAtTicks: 90_000 };
const never = () => false;
const limits = { youngTicks: 500, rotation: 10 };

describe("reusedPids", () => {
  it("names only the pids the counter passed since the last poll", () => {
    const reused = reusedPids(clock(5000, 100), clock(5200, 300), 32768);
    expect([5000, 5001, 5200, 5201, 4000].map(reused)).toEqual([false, true, true, false, false]);
  });

  it("follows the counter round pid_max", () => {
    const reused = reusedPids(clock(32700, 100), clock(400, 500), 32768);
    expect([32700, 32701, 32767, 0, 300, 400, 401, 20000].map(reused)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("names none when nothing was handed out, every pid with no earlier clock or half the space created", () => {
    expect(reusedPids(clock(5000, 100), clock(5000, 100), 32768)(5000)).toBe(false);
    expect(reusedPids(undefined, clock(5000, 100), 32768)(42)).toBe(true);
    // The counter is back where it was, but 20,000 tasks were created: it may have gone round.
    expect(reusedPids(clock(5000, 100), clock(5000, 20_100), 32768)(42)).toBe(true);
    expect(reusedPids(clock(5000, 100), clock(5100, 50), 32768)(42)).toBe(true); // a reset counter (reboot)
  });
});

describe("mustRead", () => {
  it("keeps a steady tty-less process unread but on its rotation turn", () => {
    const turns = Array.from({ length: 20 }, (_, pass) => mustRead(steady, 4243, pass, never, limits));
    expect(turns.filter(Boolean)).toHaveLength(2);
  });

  it("reads a reused pid, a process with a terminal, and a process read while young", () => {
    expect(mustRead(steady, 4242, 1, (pid) => pid === 4242, limits)).toBe(true);
    expect(mustRead({ ...steady, ttyNr: 34816 }, 4242, 1, never, limits)).toBe(true);
    expect(mustRead({ ...steady, startTicks: 89_600 }, 4242, 1, never, limits)).toBe(true);
    expect(mustRead({ ...steady, startTicks: 89_400 }, 4242, 1, never, limits)).toBe(false);
  });
});

describe("orphaned", () => {
  it("is true when the parent is gone or its pid is another process now", () => {
    const kid = { pid: 301, ppid: 300 };
    expect(orphaned(kid, new Set([300, 301]), new Set())).toBe(false);
    expect(orphaned(kid, new Set([301]), new Set())).toBe(true);
    expect(orphaned(kid, new Set([300, 301]), new Set([300]))).toBe(true);
    expect(orphaned({ pid: 1, ppid: 0 }, new Set([1]), new Set())).toBe(false);
  });
});
