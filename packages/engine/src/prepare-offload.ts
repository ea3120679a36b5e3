// Where a spool file is prepared: small files on the engine's loop, big ones (≥ OFFLOAD_MIN_BYTES) in one
// long-lived worker thread, so a 1 MiB payload of tiny keys (JSON.parse, id) never stalls the loop
// (docs/performance.md#what-changed-to-get-there). Both run prepareSpool: same event, same id. The worker
// starts on the first big file, ends after IDLE_MS without one and on stop(); if it cannot start or
// dies, its files are prepared on the loop (correct, only slower), and after MAX_FAILURES it is not
// started again.
import { Worker } from "node:worker_threads";
import { prepareSpool, type SpoolOutcome } from "./prepare.js";
import type { PrepareReply, PrepareRequest } from "./prepare-worker.js";

/** Below this a file costs the loop a few ms at most (~2,500 tiny keys); a round trip would cost more. */
export const OFFLOAD_MIN_BYTES = 64 * 1024;
/** Files waiting for the worker at most; the intake hands one at a time, so more means something is wrong. */
const MAX_QUEUE = 8;
const IDLE_MS = 30_000;
const MAX_FAILURES = 3;

export interface Preparer {
  /** The file's outcome, or "stopped" when stop() came first (the file was not taken). */
  prepare(bytes: Uint8Array, now: Date): Promise<SpoolOutcome | "stopped">;
  /** Whether the worker thread is running (tests, stats). */
  running(): boolean;
  /** Files handed to the worker thread so far (tests, benches: which path a file took). */
  offloaded(): number;
  /** Ends the worker (a parse in flight is dropped); resolves once the thread has exited. */
  stop(): Promise<void>;
}

export interface PreparerOptions {
  onError(kind: string, error: unknown): void;
  minBytes?: number;
  idleMs?: number;
  /** The worker's entry; default prepare-worker.js beside this module's built copy. */
  entry?: URL;
}

interface Pending {
  owner: Worker;
  resolve(outcome: SpoolOutcome | "stopped"): void;
  reject(error: unknown): void;
  bytes: Uint8Array;
  now: Date;
}

/**
 * From dist, the entry is its neighbour; from source (vitest, tsx) it is the built copy in dist, since a
 * worker thread has no TypeScript loader (npm test builds first: typecheck runs tsc -b).
 */
export function defaultWorkerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "../dist/prepare-worker.js" : "./prepare-worker.js", here);
}

export function createPreparer(options: PreparerOptions): Preparer {
  const minBytes = options.minBytes ?? OFFLOAD_MIN_BYTES;
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  /** Threads not yet exited (one working, maybe one idling out): stop() waits for each. */
  const exits = new Set<Promise<void>>();
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  let failures = 0;
  let handed = 0;
  let stopped = false;

  const start = (): Worker => {
    // No flags of the engine's (a loader, heap sizes): the worker runs built JavaScript and needs none.
    const started = new Worker(options.entry ?? defaultWorkerEntry(), { execArgv: [] });
    started.on("message", (reply: PrepareReply) => {
      const entry = pending.get(reply.id);
      pending.delete(reply.id);
      entry?.resolve(reply.outcome);
      if (pending.size === 0) rest(started);
    });
    started.on("error", (error: unknown) => {
      failures += 1;
      options.onError("prepare-worker", error);
    });
    const exited: Promise<void> = new Promise((resolve) =>
      started.once("exit", () => {
        if (worker === started) worker = undefined;
        // Files it held are prepared here (nothing is lost); after stop() nobody waits for them.
        for (const [id, entry] of pending) {
          if (entry.owner !== started) continue;
          pending.delete(id);
          if (stopped) entry.resolve("stopped");
          else onLoop(entry);
        }
        exits.delete(exited);
        resolve();
      }),
    );
    exits.add(exited);
    return started;
  };

  /** A file its thread left: prepared here; a throw goes to the intake's caller, as on the loop's own path. */
  const onLoop = (entry: Pending) => {
    try {
      entry.resolve(prepareSpool(entry.bytes, entry.now));
    } catch (error) {
      entry.reject(error);
    }
  };

  /** Idle: the thread no longer keeps the process alive, and ends after IDLE_MS (its ~10 MB back). */
  const rest = (idleWorker: Worker) => {
    idleWorker.unref();
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      if (worker === idleWorker) worker = undefined; // the next big file starts a fresh one
      void idleWorker.terminate();
    }, options.idleMs ?? IDLE_MS);
    idle.unref();
  };

  return {
    prepare(bytes, now) {
      if (stopped) return Promise.resolve("stopped");
      if (bytes.length < minBytes || pending.size >= MAX_QUEUE || failures >= MAX_FAILURES)
        return Promise.resolve(prepareSpool(bytes, now));
      if (idle) clearTimeout(idle);
      idle = undefined;
      const owner = (worker ??= start());
      owner.ref();
      const id = (nextId += 1);
      handed += 1;
      // A copy of its own, moved rather than cloned: a Buffer may view a larger shared pool.
      const copy = new Uint8Array(bytes);
      const request: PrepareRequest = { id, bytes: copy, now: now.getTime() };
      return new Promise((resolve, reject) => {
        pending.set(id, { owner, resolve, reject, bytes, now });
        owner.postMessage(request, [copy.buffer]);
      });
    },
    running: () => worker !== undefined,
    offloaded: () => handed,
    async stop() {
      stopped = true;
      if (idle) clearTimeout(idle);
      idle = undefined;
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.resolve("stopped");
      }
      await worker?.terminate();
      await Promise.all([...exits]); // also a thread that idled out and is still exiting
    },
  };
}
