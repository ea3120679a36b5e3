// Scheduling: the process scans (one at a time), the periodic poll (settings file, scan with CPU,
// transcript insights), the Cursor approval-estimate timer and the engine.pid lease renewal.
import { ENGINE_LEASE_RENEW_SECONDS } from "@mytty-bar/paths";
import type { LeftOutAgent, ProcessInfo, ProcessSource, Scanner, ScanResult } from "@mytty-bar/detect";
import type { Change, EngineCore } from "./core.js";
import type { CpuSampler } from "./cpu.js";
import { fillCwds } from "./enrich.js";
import type { EngineLog } from "./log.js";

export interface SchedulerDeps {
  core: EngineCore;
  scanner: Pick<Scanner, "scan">;
  source: Pick<ProcessSource, "cwd">;
  cpu: CpuSampler;
  clock(): Date;
  log: EngineLog;
  failed(kind: string): (error: unknown) => undefined;
  /** The one path every Change takes (persist, publish, re-arm the Cursor timer). */
  commit(change: Change, now: Date): void;
  pollSeconds(): number;
  /** The poll tick after its scan: settings re-read before, insights after (each may be absent). */
  beforeScan(): Promise<void>;
  afterScan(now: Date): Promise<Change | undefined>;
  renewLease(): Promise<void>;
}

export interface Scheduler {
  /** One scan at a time; see scanAfter for a table listed after a moment. */
  scan(withCpu: boolean): Promise<void>;
  /** A table listed after `notBefore` (epoch ms): waits for the running scan, lists again if it began too early. */
  scanAfter(notBefore: number): Promise<void>;
  /** The latest scan's process table (empty before the first). */
  processes(): readonly ProcessInfo[];
  /** Other users' agents the latest scan left out. */
  leftOut(): readonly LeftOutAgent[];
  start(): void;
  rearmPoll(): void;
  armCursor(): void;
  /** Applies the Cursor estimates due now (also those due from before a restart). */
  fireCursor(): void;
  stop(): Promise<void>;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const { core, clock, failed } = deps;
  let lastScan: ScanResult | undefined;
  let scanStartedAt = 0;
  let scanning: Promise<void> | undefined;
  let stopped = false;
  let cursorTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;

  /**
   * One scan at a time; a caller that needs a table listed after `notBefore` (epoch ms) waits for the
   * running scan and starts another if that one began too early. CPU is sampled only by the periodic
   * poll: an on-demand join scan is too short a window for a CPU share.
   */
  function scan(withCpu: boolean, notBefore = 0): Promise<void> {
    if (scanning) return scanning.then(() => (scanStartedAt >= notBefore ? undefined : scan(withCpu, notBefore)));
    scanStartedAt = Date.now();
    scanning = (async () => {
      const result = await deps.scanner.scan();
      lastScan = result;
      const now = clock();
      const pids = withCpu
        ? [...core.agents.values()].filter((a) => a.pid !== null && a.host === undefined).map((a) => a.pid!)
        : [];
      for (const agent of result.agents) if (!pids.includes(agent.pid) && withCpu) pids.push(agent.pid);
      const samples = withCpu ? await deps.cpu(pids).catch(noSamples(deps.log)) : new Map<number, number>();
      deps.commit(core.observeScan(result, samples, now), now);
      void fillCwds(core, deps.source);
    })()
      .catch(failed("scan"))
      .finally(() => {
        scanning = undefined;
      });
    return scanning;
  }

  async function pollTick(): Promise<void> {
    await deps.beforeScan();
    await scan(true);
    if (stopped) return;
    const now = clock();
    const change = await deps.afterScan(now).catch(failed("insights-poll"));
    if (change) deps.commit(change, now);
  }

  function rearmPoll(): void {
    if (stopped) return;
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = setInterval(() => void pollTick(), deps.pollSeconds() * 1000);
  }

  function armCursor(): void {
    if (cursorTimer) clearTimeout(cursorTimer);
    cursorTimer = undefined;
    const deadline = core.nextCursorDeadline();
    if (deadline === undefined || stopped) return;
    cursorTimer = setTimeout(fireCursor, Math.max(0, deadline - clock().getTime()) + 5);
  }

  function fireCursor(): void {
    const now = clock();
    deps.commit(core.fireDueCursor(now), now);
  }

  return {
    scan: (withCpu) => scan(withCpu),
    scanAfter: (notBefore) => (scanStartedAt >= notBefore ? Promise.resolve() : scan(false, notBefore)),
    processes: () => lastScan?.processes ?? [],
    leftOut: () => lastScan?.leftOut ?? [],
    start() {
      rearmPoll();
      leaseTimer = setInterval(() => void deps.renewLease(), ENGINE_LEASE_RENEW_SECONDS * 1000);
      leaseTimer.unref();
      armCursor();
      fireCursor();
    },
    rearmPoll,
    armCursor,
    fireCursor,
    async stop() {
      stopped = true;
      if (leaseTimer) clearInterval(leaseTimer);
      if (pollTimer) clearInterval(pollTimer);
      if (cursorTimer) clearTimeout(cursorTimer);
      await scanning;
    },
  };
}

function noSamples(log: EngineLog): (error: unknown) => Map<number, number> {
  return (error) => {
    log.swallowed("cpu-sample", error);
    return new Map();
  };
}
