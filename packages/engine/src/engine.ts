// Composition root: spool intake → ingest (core: join, tracker, poll activity) → one commit path that
// persists and publishes; scheduling (scans, poll, timers) and publishing live in their own modules.
// Effects (scanner, CPU sampler, clock, ports) come in through options.
import { randomUUID } from "node:crypto";
import { createScanner, createSource, type ProcessSource } from "@mytty-bar/detect";
import { EngineCore, type Change } from "./core.js";
import { createCpuSampler } from "./cpu.js";
import { pollInsights } from "./enrich.js";
import { createIngest } from "./ingest.js";
import { createPreparer } from "./prepare-offload.js";
import { createHookPresence, createInsights } from "./insights/index.js";
import { Persistence } from "./persistence.js";
import { acquireEngineLock, type EngineLock } from "./lock.js";
import { leftOutSummary } from "./left-out.js";
import { buildSnapshot } from "./rows.js";
import { liveSettings } from "./settings-live.js";
import { startControlServer, type ControlServer } from "./control/server.js";
import { controlHandler } from "./control/ops.js";
import { createPublisher } from "./publish.js";
import { createStatusWriter } from "./status-writer.js";
import { createScheduler } from "./schedule.js";
import { sweepStatusline } from "./statusline-sweep.js";
import type { LogEntry } from "./log-entry.js";
import type { Snapshot } from "./snapshot.js";
import type { Settings } from "./settings.js";
import type { Engine, EngineOptions } from "./engine-types.js";
import { privateDir, safely, swallowing } from "./engine-util.js";
import { engineApi, type EngineParts } from "./engine-api.js";
import { createLog, fileLineWriter, type EngineLog } from "./log.js";
import { createAnswering } from "./answers/answering.js";
import { answerFiles } from "./answers/files.js";
import { isAlivePid } from "./pid.js";
import { hostProblems, type PublishedStatus } from "./published-status.js";
import { createRemoteHosts } from "./remote/hosts.js";
import { localTabsDeps, refreshLocalTabs } from "./remote/local-tabs.js";

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
  const failed = swallowing(log);
  const swallowed = (kind: string, error: unknown) => log.swallowed(kind, error);
  const startedAt = clock();
  for (const dir of [paths.dataDir, paths.spoolDir, paths.spoolTmp, paths.spoolNew]) await privateDir(dir);
  const files = answerFiles(paths);
  await files.prepare();
  const settings = await liveSettings(paths, log, options.settings, (next, previous) => {
    core.setCompletionThreshold(next.completionThresholdMinutes * 60_000);
    if (next.answerWaitSeconds !== previous.answerWaitSeconds) answering.setWait();
    if (next.pollIntervalSeconds !== previous.pollIntervalSeconds && !stopped) scheduler.rearmPoll();
    if (!stopped) remote.sync(next.remotes);
    publisher.schedule();
  });
  const source = options.source ?? createSource();
  const scanner = options.scanner ?? createScanner({ source: source as ProcessSource });
  const core = new EngineCore(settings.current().completionThresholdMinutes * 60_000);
  const store = await Persistence.load(paths, core, { ...options.eventLog, log });
  const insights = options.insights === false ? undefined : (options.insights ?? createInsights({ paths }));
  const hookPresence = createHookPresence(paths);
  let stopped = false;
  const localTabs = localTabsDeps(scanner, options.readSockets);

  const answering = createAnswering({
    core,
    files,
    clock,
    waitSeconds: () => settings.current().answerWaitSeconds,
    newId: options.newId ?? randomUUID,
    helperAlive: options.helperAlive ?? isAlivePid,
    commit: (change, now) => commit(change, now),
    publish: () => publisher.schedule(),
    failed,
    // Watched hosts mirror the hold (docs/remote.md#answers-for-remote-requests); none are watched before goLive.
    onHold: (seconds) => remote.setHold(seconds),
  });
  const snapshotNow = (): Snapshot =>
    buildSnapshot(
      core,
      intake.backlog(),
      clock(),
      answering.rows,
      remote.statuses(),
      leftOutSummary(scheduler.leftOut()),
    );
  // What `mytty-doctor status` reads without asking (published-status.ts), kept with every publish.
  const published = createStatusWriter({ file: paths.engineStatus, facts: () => facts(core, remote), failed });
  const publisher = createPublisher({
    snapshot: snapshotNow,
    settings: settings.current,
    agentIdOf: (runId) => core.agents.get(core.runOwner.get(runId) ?? "")?.id,
    ports,
    failed,
    onSchedule: () => published.schedule(),
  });
  /** Every Change goes here: logged to events.jsonl, published (with its notices), Cursor timer re-armed. */
  const commit = (change: Change, now: Date): void => {
    if (change.log.length > 0) store.record(change.log, core);
    scheduler.armCursor();
    publisher.schedule(change.created, now);
  };
  const scheduler = createScheduler({
    core,
    scanner,
    source,
    cpu: options.cpu ?? createCpuSampler(),
    clock,
    log,
    failed,
    commit,
    pollSeconds: () => settings.current().pollIntervalSeconds,
    beforeScan: settings.reloadIfChanged,
    afterScan: (now) =>
      afterScan(now, { paths, core, failed, localTabs, insights, hookPresence, scheduler, publisher }),
    renewLease: () => lock.renew(),
  });
  // One parse worker for the spool and every watched host: a big file never stalls the loop, wherever it came from.
  const preparer = options.preparer ?? createPreparer({ onError: swallowed });
  const intake = createIngest({
    dir: paths.spoolNew,
    pollMs: options.spoolPollMs ?? 1000,
    core,
    scanner,
    scheduler,
    clock,
    failed,
    onError: swallowed,
    commit,
    publish: () => publisher.schedule(),
    settle: () => store.flush(),
    answering,
    preparer,
  });
  // Watched hosts: their files take the same commit path, acknowledged once the log holds them.
  const remote = createRemoteHosts({
    core,
    preparer,
    clock,
    commit,
    publish: () => publisher.schedule(),
    settle: () => store.flush(),
    onError: swallowed,
    pollSeconds: () => settings.current().pollIntervalSeconds,
    answering,
    ...options.remote,
  });

  await goLive(core, store, { scheduler, intake, answering, remote }, settings.current());
  published.schedule(); // what the log replay knew

  return serve(options, scanner, commit, {
    ...{ paths, startedAt, clock, ports, failed, core, store, settings, publisher, scheduler, intake, preparer },
    ...{ answering, remote, lock, published, snapshot: snapshotNow },
    markStopped: () => !stopped && (stopped = true),
  });
}

/** The Engine over its parts, and the control socket that serves it (unless options.control is false). */
async function serve(
  options: EngineOptions,
  scanner: Parameters<typeof controlHandler>[0]["scanner"],
  commit: (change: Change, now: Date) => void,
  parts: Omit<EngineParts, "server">,
): Promise<Engine> {
  const listening: { server?: ControlServer } = {};
  const engine = engineApi({ ...parts, server: () => listening.server });
  const version = options.version ?? "0.0.0";
  // A note is a Change like any other: logged and published at once (watchers see it before the next poll).
  const note = (entry: LogEntry) => commit({ created: [], log: [entry] }, parts.clock());
  try {
    if (options.control !== false)
      listening.server = await startControlServer(
        options.paths.controlSocket,
        controlHandler({ engine, core: parts.core, scanner, version, note }),
      );
  } catch (error) {
    // Everything else already runs (intake, scans, hosts, the wait file, the status file): stop it all.
    await engine.stop();
    throw error;
  }
  return engine;
}

/** What `mytty-doctor status` shows of this engine (published-status.ts). */
const facts = (core: EngineCore, remote: { statuses(): readonly { problem?: string }[] }): PublishedStatus => ({
  pid: process.pid,
  lastEventAt: { ...core.lastEventAt },
  hostProblems: hostProblems(remote.statuses()),
});

/** After each local scan: statusline files of gone agents, local ssh tabs for remote rows, then insights. */
async function afterScan(
  now: Date,
  p: {
    paths: EngineOptions["paths"];
    core: EngineCore;
    failed: (kind: string) => (error: unknown) => undefined;
    localTabs: ReturnType<typeof localTabsDeps>;
    insights: Parameters<typeof pollInsights>[1] | undefined;
    hookPresence: ReturnType<typeof createHookPresence>;
    scheduler: Pick<ReturnType<typeof createScheduler>, "processes">;
    publisher: Pick<ReturnType<typeof createPublisher>, "schedule">;
  },
): Promise<Change | undefined> {
  await sweepStatusline(p.paths.statuslineDir, now.getTime()).catch(p.failed("statusline-sweep"));
  const tabs = await refreshLocalTabs(p.core, p.scheduler.processes(), p.localTabs, now.getTime()).catch(
    p.failed("local-tabs"),
  );
  if (tabs) p.publisher.schedule();
  return p.insights ? pollInsights(p.core, p.insights, p.hookPresence, now) : undefined;
}

/** The engine goes live once its parts exist: scan, compact, take spool files, let helpers hold, watch hosts. */
async function goLive(
  core: EngineCore,
  store: Persistence,
  parts: {
    scheduler: ReturnType<typeof createScheduler>;
    intake: ReturnType<typeof createIngest>;
    answering: ReturnType<typeof createAnswering>;
    remote: ReturnType<typeof createRemoteHosts>;
  },
  current: Settings,
): Promise<void> {
  const { scheduler, intake, answering, remote } = parts;
  // Start: the first scan closes runs whose agent died while we were away, then the log is compacted.
  await scheduler.scan(true);
  // Beside the start, not before it: a restart with a full log answers `list` without waiting for the
  // rewrite (it runs beside appends as every compaction does; stop() waits for it). A full disk keeps
  // the old log (nothing lost); the next compaction tries again.
  void store.compact(core).catch(() => undefined);
  intake.start();
  // Only now may a helper hold: an engine that failed to start leaves no `wait` file behind.
  answering.setWait();
  remote.sync(current.remotes);
  // Poll, lease renewal, and Cursor estimates due from before a restart (fired now, not after the next event).
  scheduler.start();
}

/** <data>/engine.log (bounded), each line also handed to the front end's log port. */
function defaultLog(file: string, ports: { log?(line: string): void }, clock: () => Date): EngineLog {
  const toFile = fileLineWriter(file);
  return createLog((line) => {
    toFile(line);
    safely(
      () => ports.log?.(line),
      () => undefined,
    ); // a throwing echo still leaves the file line
  }, clock);
}
