// One watched host: one long-lived child (ssh or docker exec) running the streamer, restarted with a
// capped backoff when it ends. Files are handed on in order and acknowledged only after the handler
// resolved (the event is in events.jsonl by then), so the host deletes nothing the engine has not kept.
import { spawn as nodeSpawn, type ChildProcess } from "node:child_process";
import { classifyFailure, remoteInvocation, type Destination } from "@mytty-bar/remote";
import { createFrameReader, FrameError } from "./frames.js";
import { streamerScript } from "./streamer.js";

/** Why the link is down, in one line ending with the command that fixes it. */
export interface LinkFailure {
  kind: string;
  message: string;
}

export type LinkState = "connecting" | "connected" | "disconnected";

export interface LinkStatus {
  host: string;
  state: LinkState;
  /** When the link entered this state (ISO). */
  since: string;
  /** The last failure, while not connected. */
  failure?: LinkFailure;
  /** The host has no hook helper installed (`mytty-doctor install … --host`). */
  helperMissing?: boolean;
  /** The local ssh (or docker) child's pid while it runs. */
  pid?: number;
  attempts: number;
}

export interface LinkHandlers {
  /** A spool file from the host; the link acknowledges it once this resolved (or threw: a bad file is not retried). */
  onFile(name: string, bytes: Buffer): Promise<void>;
  onListing(text: string): void;
  onStatus(status: LinkStatus): void;
  onError(kind: string, error: unknown): void;
}

export interface LinkOptions {
  dest: Destination;
  handlers: LinkHandlers;
  clock(): Date;
  env?: NodeJS.ProcessEnv;
  /** How often the streamer looks at its spool (default 200 ms; a glob in sh, no process). */
  tickMs?: number;
  /** How often it lists processes (the engine's poll). */
  scanMs(): number;
  spawn?: (file: string, args: string[], env: NodeJS.ProcessEnv) => ChildProcess;
  /** Backoff after a failed or lost link: first and cap (default 1 s doubling to 30 s). */
  backoffMs?: { first: number; cap: number };
}

export interface Link {
  status(): LinkStatus;
  /** Asks for a fresh listing now; resolves with it (or undefined when the link is down or it takes > 5 s). */
  listNow(): Promise<string | undefined>;
  /**
   * Answers for held requests on the host (docs/remote.md#answers-for-remote-requests): how long its
   * helper holds, and one answer — one line, written there atomically under the held request's spool name.
   * False when the link is down (the request is answered in its terminal).
   */
  setHold(seconds: number): boolean;
  answer(name: string, line: string): boolean;
  /** Ends the streamer on the host (it removes its pid files) and the child; no restart. */
  stop(): Promise<void>;
}

const STDERR_KEEP = 4096;

export function createLink(options: LinkOptions): Link {
  const { dest, handlers, clock } = options;
  const env = options.env ?? process.env;
  const backoff = options.backoffMs ?? { first: 1000, cap: 30_000 };
  const spawnChild =
    options.spawn ??
    // Its own process group, so a kill reaches the ssh behind MYTTY_BAR_SSH's sh as well.
    ((file, args, e) => nodeSpawn(file, args, { stdio: ["pipe", "pipe", "pipe"], env: e, detached: true }));
  let status: LinkStatus = { host: dest.text, state: "connecting", since: clock().toISOString(), attempts: 0 };
  let child: ChildProcess | undefined;
  let stopped = false;
  let delay = backoff.first;
  let retry: NodeJS.Timeout | undefined;
  let scan: NodeJS.Timeout | undefined;
  let listeners: Array<(text: string | undefined) => void> = [];

  const set = (next: Partial<LinkStatus>) => {
    const changed = next.state !== undefined && next.state !== status.state;
    status = { ...status, ...next, ...(changed ? { since: clock().toISOString() } : {}) };
    if (next.state === "connected") delete status.failure;
    handlers.onStatus(status);
  };
  const send = (line: string) => {
    if (child?.stdin?.writable) child.stdin.write(`${line}\n`);
  };
  const flushListeners = (text: string | undefined) => {
    const waiting = listeners;
    listeners = [];
    for (const listener of waiting) listener(text);
  };

  function connect(): void {
    if (stopped) return;
    const { file, args } = remoteInvocation(dest, streamerScript(), [], env);
    const reader = createFrameReader();
    let stderr = "";
    let errCode: string | undefined;
    let greeted = false;
    // One file at a time, in arrival order: acknowledgements follow the handler's promise.
    let queue = Promise.resolve();
    set({ attempts: status.attempts + 1 });
    const proc = spawnChild(file, args, env);
    child = proc;
    proc.stdin?.on("error", () => undefined); // a cut link: the close handler below restarts it
    proc.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
    });
    proc.stdout?.on("data", (chunk: Buffer) => {
      let frames;
      try {
        frames = reader.push(chunk);
      } catch (error) {
        handlers.onError("remote-frame", error instanceof FrameError ? `${dest.text}: ${error.message}` : error);
        killGroup(proc);
        return;
      }
      for (const frame of frames) {
        if (frame.kind === "hello") {
          greeted = true;
          delay = backoff.first;
          set({ state: "connected", pid: proc.pid, helperMissing: frame.fields.helper !== "yes" });
          send("s");
          send("t");
        } else if (frame.kind === "error") errCode = frame.code;
        else if (frame.kind === "ps") {
          handlers.onListing(frame.text);
          flushListeners(frame.text);
        } else {
          const { name, bytes } = frame;
          queue = queue
            .then(() => handlers.onFile(name, bytes))
            .catch((error: unknown) => handlers.onError("remote-file", error))
            .then(() => send(`a ${name}`));
        }
      }
    });
    let spawnError: string | undefined;
    let ended = false;
    proc.on("error", (error: NodeJS.ErrnoException) => {
      stderr += `\n${error.message}`;
      // The client could not start at all (no ssh): no close may follow, so end here.
      if (proc.pid === undefined) {
        spawnError = error.code ?? error.message;
        end(null);
      }
    });
    proc.on("close", (code) => end(code));
    function end(code: number | null): void {
      if (ended) return;
      ended = true;
      if (child === proc) child = undefined;
      flushListeners(undefined);
      if (stopped) return;
      const failure = linkFailure(dest, code, stderr, errCode, env, spawnError);
      set({ state: "disconnected", failure });
      delete status.pid;
      // A link that worked retries at once-ish; one that never greeted backs off, doubling to the cap.
      const wait = greeted ? backoff.first : delay;
      if (!greeted) delay = Math.min(backoff.cap, delay * 2);
      retry = setTimeout(connect, wait);
    }
  }

  const tick = setInterval(() => send("t"), options.tickMs ?? 200);
  tick.unref();
  const armScan = () => {
    scan = setTimeout(() => {
      send("s");
      armScan();
    }, options.scanMs());
    scan.unref();
  };
  armScan();
  connect();

  const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
  return {
    status: () => status,
    setHold(seconds) {
      if (status.state !== "connected" || !Number.isInteger(seconds) || seconds < 0) return false;
      send(`w ${seconds}`);
      return true;
    },
    answer(name, line) {
      if (status.state !== "connected" || !NAME.test(name) || /[\r\n]/.test(line)) return false;
      send(`r ${name} ${line}`);
      return true;
    },
    listNow() {
      if (status.state !== "connected") return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          listeners = listeners.filter((l) => l !== done);
          resolve(undefined);
        }, 5000);
        const done = (text: string | undefined) => {
          clearTimeout(timer);
          resolve(text);
        };
        listeners.push(done);
        send("s");
      });
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      clearInterval(tick);
      if (scan) clearTimeout(scan);
      flushListeners(undefined);
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          killGroup(proc);
          resolve();
        }, 3000);
        proc.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
        send("q");
        proc.stdin?.end();
      });
    },
  };
}

/** The transport's own verdict (packages/remote), or what the streamer said, or a plain "lost". */
function linkFailure(
  dest: Destination,
  code: number | null,
  stderr: string,
  errCode: string | undefined,
  env: NodeJS.ProcessEnv,
  spawnError?: string,
): LinkFailure {
  if (errCode === "engine-running")
    return {
      kind: "engine-running",
      message: `Mytty Bar's own engine runs on ${dest.text}, so its hooks go to it there: quit it there, or stop watching with \`mytty-bar remote remove ${dest.text}\`.`,
    };
  if (errCode !== undefined)
    return { kind: errCode, message: `${dest.text}: the streamer could not start (${errCode}); retrying.` };
  const verdict = classifyFailure(
    dest,
    {
      stdout: Buffer.alloc(0),
      stderr,
      code,
      timedOut: false,
      overflow: false,
      ...(spawnError !== undefined ? { spawnError } : {}),
    },
    env,
  );
  if (verdict) return verdict;
  return { kind: "lost", message: `The link to ${dest.text} ended (exit ${code ?? "by signal"}); retrying.` };
}

function killGroup(proc: ChildProcess): void {
  try {
    if (proc.pid !== undefined) process.kill(-proc.pid, "SIGKILL");
  } catch {
    proc.kill("SIGKILL"); // not a group leader (a test's spawn): the child alone
  }
}
