// Composition root: spool intake → core (join, tracker, poll activity) → persistence, policies and the
// control socket. Effects (scanner, CPU sampler, clock, ports) come in through options.
import { promises as fs } from "node:fs";
import { ENGINE_LEASE_RENEW_SECONDS } from "@mytty-bar/installers";
import { dueCursorApprovals, nextCursorDeadline } from "@mytty-bar/protocol";
import { createScanner, createSource, type ProcessSource, type ScanResult } from "@mytty-bar/detect";
import { EngineCore, refOf, type Change } from "./core.js";
import { createCpuSampler } from "./cpu.js";
import { createIntake } from "./intake.js";
import { fillCwds, pollInsights } from "./enrich.js";
import { createHookPresence, createInsights } from "./insights/index.js";
import { Persistence } from "./persistence.js";
import { acquireEngineLock, type EngineLock } from "./lock.js";
import { agentRowsOf, buildSnapshot, buildStats } from "./rows.js";
import { loadSettings, saveSettings, type Settings } from "./settings.js";
import { decideNotices, emptyNotifyHistory } from "./policy/notify.js";
import { shouldHoldSleep } from "./policy/sleep.js";
import { resolveAgent } from "./resolve.js";
import { startControlServer, type ControlServer } from "./control/server.js";
import { controlHandler } from "./control/ops.js";
import type { Snapshot } from "./snapshot.js";
import type { Engine, EngineOptions } from "./engine-types.js";
import { mtimeOf, privateDir, safely } from "./engine-util.js";
import { createLog, fileLineWriter, type EngineLog } from "./log.js";

export type { Engine, EngineOptions } from "./engine-types.js";

/**
 * Starts the engine. It takes <data>/engine.pid first (the hook helper spools only while that pid
 * lives) and throws EngineAlreadyRunningError when another engine holds it; stop() gives it back.
 */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const lock = await acquireEngineLock(options.paths);
  try {
    return await startEngine(options, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function startEngine(options: EngineOptions, lock: EngineLock): Promise<Engine> {
  const { paths } = options;
  const clock = options.now ?? (() => new Date());
  const ports = options.ports ?? {};
  const log = options.log ?? defaultLog(paths.engineLog, ports, clock);
  // Handlers for failures the engine survives: each is logged (rate-limited per kind), then ignored.
  const failed =
    (kind: string) =>
    (error: unknown): undefined => {
      log.swallowed(kind, error);
      return undefined;
    };
  const startedAt = clock();
  for (const dir of [paths.dataDir, paths.spoolDir, paths.spoolTmp, paths.spoolNew]) await privateDir(dir);
  let settings = options.settings ?? (await loadSettings(paths, log));
  let settingsMtime = await mtimeOf(paths.settingsFile);
  const source = options.source ?? createSource();
  const scanner = options.scanner ?? createScanner({ source: source as ProcessSource });
  const cpu = options.cpu ?? createCpuSampler();
  const core = new EngineCore(settings.completionThresholdMinutes * 60_000);
  const store = await Persistence.load(paths, core, { ...options.eventLog, log });
  const insights = options.insights === false ? undefined : (options.insights ?? createInsights({ paths }));
  const hookPresence = createHookPresence(paths);

  let history = emptyNotifyHistory();
  let lastScan: ScanResult | undefined;
  let scanning: Promise<void> | undefined;
  let stopped = false;
  const listeners = new Set<(s: Snapshot) => void>();
  let publishQueued = false;
  let sleepHeld = false;
  let cursorTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;

  const intake = createIntake({
    dir: paths.spoolNew,
    pollMs: options.spoolPollMs ?? 1000,
    onReject: () => {
      core.counters.rejected += 1;
      schedulePublish();
    },
    onError: (kind, error) => log.swallowed(kind, error),
    settle: () => store.flush(),
    onFile: async (bytes) => {
      const now = clock();
      const prepared = core.prepare(bytes, now);
      if (prepared.kind === "join") {
        const ppid = prepared.envelope.ppid;
        // The helper's parent is usually newer than the last scan: the scanner reads just the missing
        // parents on top of the last scan's table (no full scan per hook, no table rebuilt per join).
        const joined = ppid !== undefined ? await scanner.join(ppid, lastScan?.processes ?? []).catch(failed("join")) : undefined;
        const change = core.commit(prepared, joined, now);
        if (change !== "ignored") afterChange(change, now);
      }
      schedulePublish();
    },
  });

  function afterChange(change: Change, now: Date): void {
    if (change.log.length > 0) store.record(change.log, core);
    if (change.created.length > 0) {
      // Rows of the agents concerned only: a snapshot of everything per new item grew with history.
      const keys = change.created.map((c) => core.runOwner.get(c.item.runId) ?? "");
      const rows = new Map(agentRowsOf(core, keys).map((r) => [r.id, r]));
      const items = change.created.map((c) => {
        const record = core.agents.get(core.runOwner.get(c.item.runId) ?? "");
        const agent = record ? rows.get(record.id) : undefined;
        return { ...c, ...(agent ? { agent } : {}) };
      });
      const decided = decideNotices(items, settings, history, now);
      history = decided.history;
      for (const notice of decided.notices) safely(() => ports.notify?.(notice), failed("port-notify"));
    }
    armCursorTimer();
    schedulePublish();
  }

  function armCursorTimer(): void {
    if (cursorTimer) clearTimeout(cursorTimer);
    cursorTimer = undefined;
    const deadline = nextCursorDeadline(core.estimator);
    if (deadline === undefined || stopped) return;
    cursorTimer = setTimeout(fireCursor, Math.max(0, deadline - clock().getTime()) + 5);
  }

  function fireCursor(): void {
    const now = clock();
    const due = dueCursorApprovals(core.estimator, now);
    core.estimator = due.state;
    const change: Change = { created: [], log: [] };
    for (const event of due.events) {
      const record = core.agents.get(core.runOwner.get(event.runId) ?? "");
      if (!record) continue;
      const applied = core.apply(event, refOf(record), now, false);
      change.created.push(...applied.created);
      change.log.push(...applied.log);
    }
    afterChange(change, now);
  }

  /** One scan at a time: a caller during a scan waits for that one. CPU is sampled only by the periodic poll. */
  function scan(withCpu: boolean): Promise<void> {
    if (scanning) return scanning;
    scanning = (async () => {
      const result = await scanner.scan();
      lastScan = result;
      const now = clock();
      const pids = withCpu ? [...core.agents.values()].filter((a) => a.pid !== null).map((a) => a.pid!) : [];
      for (const agent of result.agents) if (!pids.includes(agent.pid) && withCpu) pids.push(agent.pid);
      const samples = withCpu ? await cpu(pids).catch(noSamples(log)) : new Map<number, number>();
      afterChange(core.observeScan(result, samples, now), now);
      void fillCwds(core, source);
    })()
      .catch(failed("scan"))
      .finally(() => {
        scanning = undefined;
      });
    return scanning;
  }

  async function pollTick(): Promise<void> {
    const mtime = await mtimeOf(paths.settingsFile);
    if (mtime !== settingsMtime && options.settings === undefined) {
      settingsMtime = mtime;
      applySettings(await loadSettings(paths, log));
    }
    await scan(true);
    if (insights && !stopped) {
      const now = clock();
      const change = await pollInsights(core, insights, hookPresence, now).catch(failed("insights-poll"));
      if (change) afterChange(change, now);
    }
  }

  function armPoll(): void {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = setInterval(() => void pollTick(), settings.pollIntervalSeconds * 1000);
  }

  function applySettings(next: Settings): void {
    const pollChanged = next.pollIntervalSeconds !== settings.pollIntervalSeconds;
    settings = next;
    core.completionThresholdMs = next.completionThresholdMinutes * 60_000;
    if (pollChanged && !stopped) armPoll();
    schedulePublish();
  }

  function schedulePublish(): void {
    if (publishQueued || stopped) return;
    publishQueued = true;
    setImmediate(() => {
      publishQueued = false;
      // Nobody to tell (headless without clients): skip building a snapshot every poll.
      if (stopped || (listeners.size === 0 && !ports.sleepBlocker)) return;
      const snapshot = snapshotNow();
      const hold = shouldHoldSleep(snapshot.agents, settings.preventSleep);
      if (hold !== sleepHeld) {
        sleepHeld = hold;
        safely(() => ports.sleepBlocker?.(hold), failed("port-sleep"));
      }
      for (const listener of [...listeners]) safely(() => listener(snapshot), failed("listener"));
    });
  }

  function snapshotNow(): Snapshot {
    return buildSnapshot(core, intake.backlog(), clock());
  }

  // Start: the first scan closes runs whose agent died while we were away, then the log is compacted.
  await scan(true);
  // A full disk keeps the old log (nothing lost); the next compaction tries again.
  await store.compact(core).catch(() => undefined);
  intake.start();
  armPoll();
  const leaseTimer = setInterval(() => void lock.renew(), ENGINE_LEASE_RENEW_SECONDS * 1000);
  leaseTimer.unref();
  armCursorTimer();
  // Due Cursor estimates from before a restart fire now rather than after the next event.
  fireCursor();

  const engine: Engine = {
    startedAt,
    snapshot: snapshotNow,
    stats: () => buildStats(core, intake.backlog()),
    logStats: () => ({ lines: store.lineCount(), rewrites: store.rewrites() }),
    settings: () => settings,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    acknowledge(itemId) {
      const at = clock();
      if (!core.acknowledge(itemId, at)) return false;
      store.recordAck({ id: itemId, at: at.toISOString() });
      schedulePublish();
      return true;
    },
    requestFocus(query) {
      const found = resolveAgent(snapshotNow().agents, query);
      if (!found.ok || !ports.focus) return false;
      const row = found.row;
      return safely(() => ports.focus?.(row), failed("port-focus")) !== "failed";
    },
    async updateSettings(patch) {
      const saved = await saveSettings(paths, patch);
      settingsMtime = await mtimeOf(paths.settingsFile);
      applySettings(saved);
      return saved;
    },
    drain: () => intake.drain(),
    poll: () => scan(true),
    async stop() {
      if (stopped) return;
      stopped = true;
      intake.stop();
      clearInterval(leaseTimer);
      if (pollTimer) clearInterval(pollTimer);
      if (cursorTimer) clearTimeout(cursorTimer);
      await scanning;
      await server?.close();
      if (server) await fs.rm(paths.controlSocket, { force: true });
      if (sleepHeld) safely(() => ports.sleepBlocker?.(false), failed("port-sleep"));
      listeners.clear();
      await store.flush();
      await lock.release();
    },
  };

  let server: ControlServer | undefined;
  if (options.control !== false) {
    server = await startControlServer(
      paths.controlSocket,
      controlHandler({ engine, core, scanner, version: options.version ?? "0.0.0", note: (entry) => store.record([entry], core) }),
    );
  }
  return engine;
}

/** <data>/engine.log (bounded), each line also handed to the front end's log port. */
function defaultLog(file: string, ports: { log?(line: string): void }, clock: () => Date): EngineLog {
  const toFile = fileLineWriter(file);
  return createLog((line) => {
    toFile(line);
    safely(() => ports.log?.(line), () => undefined); // a throwing echo still leaves the file line
  }, clock);
}

function noSamples(log: EngineLog): (error: unknown) => Map<number, number> {
  return (error) => {
    log.swallowed("cpu-sample", error);
    return new Map();
  };
}
