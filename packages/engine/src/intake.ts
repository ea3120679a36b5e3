// Intake: picks up spool files from <data>/spool/new as the hook helper renames them in, hands their
// bytes on in arrival order and deletes them. fs.watch gives low latency; a slow poll covers platforms
// and filesystems where watching misses events. Nothing here can throw past its caller.
import { constants, promises as fs, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { SPOOL_MAX_HEADER_BYTES, SPOOL_MAX_PAYLOAD_BYTES } from "@mytty-bar/protocol";

export const MAX_SPOOL_FILE_BYTES = SPOOL_MAX_PAYLOAD_BYTES + SPOOL_MAX_HEADER_BYTES;
/** Files beyond this many waiting are dropped (oldest first): memory and start-up stay bounded. */
export const MAX_BACKLOG = 5000;
const BATCH = 128;

export interface IntakeOptions {
  dir: string;
  /**
   * Called once per readable file, in arrival order, awaited before the next; `arrivedAt` = its mtime (epoch
   * ms). `false`: not taken (the engine stopped mid-parse), so the file stays for the next start.
   */
  onFile(bytes: Buffer, arrivedAt: number): void | boolean | Promise<void | boolean>;
  /** A file that could not be taken (not a regular file, too big, unreadable, over the backlog cap). Once per file. */
  onReject(reason: string): void;
  /** Awaited after a batch was handed on and before its files are deleted: the engine's log is written here. */
  settle?(): Promise<void>;
  /** A failure intake survived (the spool unreadable, a file it cannot delete, a throwing onFile). */
  onError?(kind: string, error: unknown): void;
  pollMs?: number;
}

export interface Intake {
  start(): void;
  /** Reads everything waiting now; resolves when the directory was empty at least once since the call. */
  drain(): Promise<void>;
  backlog(): number;
  stop(): void;
}

export function createIntake(options: IntakeOptions): Intake {
  let watcher: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let backlog = 0;
  const failed = (kind: string, error: unknown) => options.onError?.(kind, error);
  const { stuck, remove, retryStuck } = spoolRemover(options.dir, failed);

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again && !stopped);
    })()
      .catch((error: unknown) => failed("intake", error))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  /**
   * One listing (names and mtimes) serves the whole backlog it found: taking 5,000 waiting files costs
   * one readdir and 5,000 lstats, not a fresh listing per batch (that was O(backlog²)). It is handed on
   * in batches; a batch's files are deleted only after `settle` (log, then delete), so kill -9 loses
   * nothing: a file read again after a crash maps to the same event id and is dropped as a duplicate.
   * Then it looks again, since files may have arrived meanwhile; an empty listing ends the drain.
   */
  async function drainOnce(): Promise<void> {
    for (;;) {
      const names = await listNames();
      backlog = names.length;
      if (names.length === 0 || stopped) return;
      const ordered = await inArrivalOrder(options.dir, names);
      const over = Math.max(0, ordered.length - MAX_BACKLOG);
      for (const name of ordered.slice(0, over)) {
        await remove(name);
        options.onReject("backlog-full");
      }
      for (let at = over; at < ordered.length; at += BATCH) {
        const batch = ordered.slice(at, at + BATCH);
        const taken: string[] = [];
        let declined = false;
        for (const name of batch) {
          if (stopped) break;
          const took = await take(name);
          if (took === "declined") declined = true;
          if (declined) break;
          if (took === "taken") taken.push(name);
        }
        await options.settle?.().catch((error: unknown) => failed("intake-settle", error));
        for (const name of taken) await remove(name);
        // Counted down only once deleted: a backlog of 0 means the spool holds nothing of this listing.
        backlog = Math.max(0, backlog - batch.length);
        // A declined file waits for the next drain (a watch event or the slow poll), not a busy loop.
        if (stopped || declined) return;
      }
    }
  }

  async function listNames(): Promise<string[]> {
    try {
      return (await fs.readdir(options.dir)).filter((n) => !n.startsWith(".") && !stuck.has(n));
    } catch (error) {
      failed("spool-list", error);
      return [];
    }
  }

  /** Hands one file on: "gone" when it was gone already (nothing to delete), "declined" when onFile said false. */
  async function take(name: string): Promise<"taken" | "gone" | "declined"> {
    const read = await readSpoolFile(path.join(options.dir, name));
    if (read === undefined) return "gone";
    if (read.bytes === undefined) {
      options.onReject(read.reason);
      return "taken";
    }
    try {
      return (await options.onFile(read.bytes, read.arrivedAt)) === false ? "declined" : "taken";
    } catch (error) {
      failed("intake-handler", error);
      options.onReject("handler-error");
    }
    return "taken";
  }

  return {
    start() {
      stopped = false;
      watcher = watchDir(options.dir, () => void kick());
      poll = setInterval(() => {
        void retryStuck().then(kick);
      }, options.pollMs ?? 1000);
      poll.unref();
      void kick();
    },
    drain: async () => {
      await kick();
      while (running) await running;
    },
    backlog: () => backlog,
    stop() {
      stopped = true;
      watcher?.close();
      watcher = undefined;
      if (poll) clearInterval(poll);
      poll = undefined;
    },
  };
}

/** Oldest first by mtime (ns), name as the tie-break. */
async function inArrivalOrder(dir: string, names: string[]): Promise<string[]> {
  const stamped = await Promise.all(
    names.map(async (name) => {
      try {
        const st = await fs.lstat(path.join(dir, name), { bigint: true });
        return { name, at: st.mtimeNs };
      } catch {
        return { name, at: 0n }; // gone since readdir: take() finds it missing and skips it
      }
    }),
  );
  stamped.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.name.localeCompare(b.name)));
  return stamped.map((s) => s.name);
}

type SpoolRead = { bytes: Buffer; arrivedAt: number } | { bytes?: undefined; reason: string };

/** One spool file's bytes, or why it cannot be taken; undefined when it is gone already. */
async function readSpoolFile(file: string): Promise<SpoolRead | undefined> {
  try {
    // O_NONBLOCK|O_NOFOLLOW: a fifo or symlink dropped into the spool must not hang or redirect us.
    const handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    try {
      const st = await handle.stat();
      if (!st.isFile()) return { reason: "not-a-file" };
      if (st.size > MAX_SPOOL_FILE_BYTES) return { reason: "too-large" };
      const bytes = await handle.readFile();
      // It may have grown between stat and read.
      return bytes.length <= MAX_SPOOL_FILE_BYTES ? { bytes, arrivedAt: st.mtimeMs } : { reason: "too-large" };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return { reason: "unreadable" };
  }
}

/** fs.watch on the spool, or undefined where it is not available. */
function watchDir(dir: string, onChange: () => void): FSWatcher | undefined {
  try {
    const watcher = watch(dir, { persistent: false }, onChange);
    // A watcher that fails is closed; the slow poll alone still takes every file.
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return undefined; // no fs.watch here (some filesystems): the slow poll alone still takes every file
  }
}

/**
 * Deletes taken spool files. Names already handed on (or rejected) that we failed to delete are
 * `stuck`: never taken or counted again, their deletion retried on each slow poll until it succeeds
 * or they are gone.
 */
function spoolRemover(dir: string, failed: (kind: string, error: unknown) => void) {
  const stuck = new Set<string>();
  async function remove(name: string): Promise<boolean> {
    try {
      await fs.rm(path.join(dir, name), { recursive: true, force: true });
      stuck.delete(name);
      return true;
    } catch (error) {
      if (!stuck.has(name)) failed("spool-remove", error); // once per stuck entry, not once per poll
      stuck.add(name);
      return false;
    }
  }
  const retryStuck = async (): Promise<void> => {
    for (const name of [...stuck]) await remove(name);
  };
  return { stuck: stuck as ReadonlySet<string>, remove, retryStuck };
}
