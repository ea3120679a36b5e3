// The Engine a front end holds, over the parts engine.ts composes: reads, the person's actions, stop.
import { promises as fs } from "node:fs";
import type { Paths } from "@mytty-bar/paths";
import type { EngineCore } from "./core.js";
import type { EngineLock } from "./lock.js";
import type { Persistence } from "./persistence.js";
import type { createPublisher } from "./publish.js";
import type { createScheduler } from "./schedule.js";
import type { createIngest } from "./ingest.js";
import type { Preparer } from "./prepare-offload.js";
import type { createAnswering } from "./answers/answering.js";
import type { createRemoteHosts } from "./remote/hosts.js";
import type { StatusWriter } from "./status-writer.js";
import type { liveSettings } from "./settings-live.js";
import type { ControlServer } from "./control/server.js";
import type { Engine, EngineOptions } from "./engine-types.js";
import type { Snapshot } from "./snapshot.js";
import { leftOutSummary } from "./left-out.js";
import { buildStats } from "./rows.js";
import { resolveAgent } from "./resolve.js";
import { safely, type swallowing } from "./engine-util.js";

export interface EngineParts {
  paths: Paths;
  startedAt: Date;
  clock: () => Date;
  ports: NonNullable<EngineOptions["ports"]>;
  failed: ReturnType<typeof swallowing>;
  core: EngineCore;
  store: Persistence;
  settings: Awaited<ReturnType<typeof liveSettings>>;
  publisher: ReturnType<typeof createPublisher>;
  scheduler: ReturnType<typeof createScheduler>;
  intake: ReturnType<typeof createIngest>;
  preparer: Preparer;
  answering: ReturnType<typeof createAnswering>;
  remote: ReturnType<typeof createRemoteHosts>;
  lock: EngineLock;
  /** <data>/engine-status.json, removed at stop before the lock is given back. */
  published: StatusWriter;
  snapshot: () => Snapshot;
  /** The control server, once it listens (it needs this Engine to start). */
  server: () => ControlServer | undefined;
  /** Marks the engine stopped; false when it already was. */
  markStopped: () => boolean;
}

export function engineApi(p: EngineParts): Engine {
  const { core, clock, publisher } = p;
  return {
    startedAt: p.startedAt,
    snapshot: p.snapshot,
    stats: () => {
      const hosts = p.remote.statuses();
      const leftOut = leftOutSummary(p.scheduler.leftOut());
      return { ...buildStats(core, p.intake.backlog(), leftOut), ...(hosts.length > 0 ? { hosts } : {}) };
    },
    logStats: () => ({ lines: p.store.lineCount(), rewrites: p.store.rewrites() }),
    settings: p.settings.current,
    subscribe: (listener) => publisher.subscribe(listener),
    acknowledge(itemId) {
      const at = clock();
      if (!core.acknowledge(itemId, at)) return false;
      p.store.recordAck({ id: itemId, at: at.toISOString() });
      publisher.schedule();
      return true;
    },
    requestFocus(query) {
      const found = resolveAgent(p.snapshot().agents, query);
      if (!found.ok || !p.ports.focus) return false;
      const row = found.row;
      return safely(() => p.ports.focus?.(row), p.failed("port-focus")) !== "failed";
    },
    answer: (requestId, answer, by) => p.answering.answer(requestId, answer, by),
    updateSettings: p.settings.update,
    drain: () => p.intake.drain(),
    poll: () => p.scheduler.scan(true),
    async stop() {
      if (!p.markStopped()) return;
      p.answering.stop();
      publisher.stop();
      p.intake.stop();
      // After the intake, before the hosts: a file still in the worker resolves "stopped" and stays
      // where it was (the spool, or the host) for the next engine (prepare-offload.ts).
      await p.preparer.stop();
      await p.remote.stop();
      await p.scheduler.stop();
      const server = p.server();
      await server?.close();
      if (server) await fs.rm(p.paths.controlSocket, { force: true });
      await p.published.stop();
      await p.store.flush();
      await p.lock.release();
    },
  };
}
