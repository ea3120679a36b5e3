// One watched host: one long-lived child (ssh or docker exec) running the streamer, restarted with a
// capped backoff when it ends. Files are handed on in order and acknowledged only after the handler
// resolved (the event is in events.jsonl by then), so the host deletes nothing the engine has not kept.
import { spawn as nodeSpawn, type ChildProcess } from "node:child_process";
import { checkCommand, remoteInvocation } from "@mytty-bar/remote";
import { linkFailure, type LinkFailure } from "./link-failure.js";
import { createFrameReader, FrameError, REMOTE_PS_MAX_PROCESSES, type Frame } from "./frames.js";
import {
  createHostBudget,
  REMOTE_FILES_PER_SECOND,
  REMOTE_LISTINGS_PER_SECOND,
  type HostBudget,
} from "./host-budget.js";
import { ENGINE_LEASE_RENEW_SECONDS } from "@mytty-bar/paths";
import { hostClockOffsetMs, leaseStamp } from "./lease.js";
import { streamerScript } from "./streamer.js";

export type { LinkFailure };

export type { Link, LinkHandlers, LinkOptions, LinkState, LinkStatus } from "./link-types.js";
import type { Link, LinkOptions, LinkStatus } from "./link-types.js";

const STDERR_KEEP = 4096;
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;

export function createLink(options: LinkOptions): Link {
  return new HostLink(options);
}

/** What one child (one ssh session) has seen so far. */
interface Session {
  proc: ChildProcess;
  stderr: string;
  errCode?: string;
  spawnError?: string;
  greeted: boolean;
  ended: boolean;
  budget: HostBudget;
  /** One file at a time, in arrival order: acknowledgements follow the handler's promise. */
  queue: Promise<void>;
}

class HostLink implements Link {
  private current: LinkStatus;
  private child: ChildProcess | undefined;
  private stopped = false;
  private delay: number;
  private retry: NodeJS.Timeout | undefined;
  private scan: NodeJS.Timeout | undefined;
  private readonly tick: NodeJS.Timeout;
  /** Renews the host's lease while connected (docs/remote.md#watching-a-host); a cut link lets it lapse. */
  private readonly lease: NodeJS.Timeout;
  /** The host's clock minus ours, from the current session's hello. */
  private offsetMs = 0;
  private listeners: Array<(text: string | undefined) => void> = [];
  private readonly env: NodeJS.ProcessEnv;
  private readonly backoff: { first: number; cap: number };

  constructor(private readonly options: LinkOptions) {
    this.env = options.env ?? process.env;
    this.backoff = options.backoffMs ?? { first: 1000, cap: 30_000 };
    this.delay = this.backoff.first;
    this.current = { host: options.dest.text, state: "connecting", since: options.clock().toISOString(), attempts: 0 };
    this.tick = setInterval(() => this.send("t"), options.tickMs ?? 200);
    this.tick.unref();
    this.lease = setInterval(() => this.renewLease(), ENGINE_LEASE_RENEW_SECONDS * 1000);
    this.lease.unref();
    this.armScan();
    this.connect();
  }

  status(): LinkStatus {
    return this.current;
  }

  setHold(seconds: number): boolean {
    if (this.current.state !== "connected" || !Number.isInteger(seconds) || seconds < 0) return false;
    this.send(`w ${seconds}`);
    return true;
  }

  answer(name: string, line: string): boolean {
    if (this.current.state !== "connected" || !NAME.test(name) || /[\r\n]/.test(line)) return false;
    this.send(`r ${name} ${line}`);
    return true;
  }

  listNow(): Promise<string | undefined> {
    if (this.current.state !== "connected") return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== done);
        resolve(undefined);
      }, 5000);
      const done = (text: string | undefined) => {
        clearTimeout(timer);
        resolve(text);
      };
      this.listeners.push(done);
      this.send("s");
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    clearInterval(this.tick);
    clearInterval(this.lease);
    if (this.scan) clearTimeout(this.scan);
    this.flushListeners(undefined);
    const proc = this.child;
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
      this.send("q");
      proc.stdin?.end();
    });
  }

  private set(next: Partial<LinkStatus>): void {
    const changed = next.state !== undefined && next.state !== this.current.state;
    this.current = { ...this.current, ...next, ...(changed ? { since: this.options.clock().toISOString() } : {}) };
    if (next.state === "connected") {
      delete this.current.failure;
      delete this.current.dropped;
    }
    if (next.state === "disconnected") delete this.current.pid;
    this.options.handlers.onStatus(this.current);
  }

  private send(line: string): void {
    if (this.child?.stdin?.writable) this.child.stdin.write(`${line}\n`);
  }

  private renewLease(): void {
    if (this.current.state === "connected") this.sendLease();
  }

  /** `l <stamp>`: the streamer pushes the host's engine.pid mtime to it, a lease on the host's clock (lease.ts). */
  private sendLease(): void {
    this.send(`l ${leaseStamp(this.options.clock().getTime(), this.offsetMs)}`);
  }

  private flushListeners(text: string | undefined): void {
    const waiting = this.listeners;
    this.listeners = [];
    for (const listener of waiting) listener(text);
  }

  private armScan(): void {
    this.scan = setTimeout(() => {
      this.send("s");
      this.armScan();
    }, this.options.scanMs());
    this.scan.unref();
  }

  private connect(): void {
    if (this.stopped) return;
    const { dest, handlers } = this.options;
    const { file, args } = remoteInvocation(dest, streamerScript(), [], this.env);
    const reader = createFrameReader();
    this.set({ attempts: this.current.attempts + 1 });
    const spawnChild =
      this.options.spawn ??
      // Its own process group, so a kill reaches the ssh behind MYTTY_BAR_SSH's sh as well.
      ((f, a, e) => nodeSpawn(f, a, { stdio: ["pipe", "pipe", "pipe"], env: e, detached: true }));
    const proc = spawnChild(file, args, this.env);
    const session: Session = {
      proc,
      stderr: "",
      greeted: false,
      ended: false,
      queue: Promise.resolve(),
      budget: createHostBudget(),
    };
    this.child = proc;
    proc.stdin?.on("error", () => undefined); // a cut link: the close handler below restarts it
    proc.stderr?.on("data", (chunk: Buffer) => {
      session.stderr = (session.stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
    });
    proc.stdout?.on("data", (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) this.onFrame(session, frame);
      } catch (error) {
        handlers.onError("remote-frame", error instanceof FrameError ? `${dest.text}: ${error.message}` : error);
        killGroup(proc);
      }
    });
    proc.on("error", (error: NodeJS.ErrnoException) => {
      session.stderr += `\n${error.message}`;
      // The client could not start at all (no ssh): no close may follow, so end here.
      if (proc.pid === undefined) {
        session.spawnError = error.code ?? error.message;
        this.end(session, null);
      }
    });
    proc.on("close", (code) => this.end(session, code));
  }

  private onFrame(session: Session, frame: Frame): void {
    const { handlers } = this.options;
    if (frame.kind === "hello") {
      session.greeted = true;
      this.delay = this.backoff.first;
      this.offsetMs = hostClockOffsetMs(frame.fields.now, this.options.clock().getTime());
      // The lease before anything else: the hold the status handler sends is used only under a lease.
      this.sendLease();
      const uid = /^\d{1,10}$/.test(frame.fields.uid ?? "") ? Number(frame.fields.uid) : undefined;
      // A new session's hello says whose agents these are; without one, nobody's are left out.
      if (uid === undefined) delete this.current.uid;
      this.set({
        state: "connected",
        pid: session.proc.pid,
        helperMissing: frame.fields.helper !== "yes",
        ...(uid !== undefined ? { uid } : {}),
      });
      this.send("s");
      this.send("t");
    } else if (frame.kind === "error") session.errCode = frame.code;
    else if (frame.kind === "ps") {
      const now = this.options.clock().getTime();
      if (!session.budget.take("ps", now)) {
        this.noteDropped(`sent more than ${REMOTE_LISTINGS_PER_SECOND} process listings in a second`);
        return;
      }
      if (frame.dropped > 0)
        this.noteDropped(
          `listed ${REMOTE_PS_MAX_PROCESSES + frame.dropped} processes, over the ${REMOTE_PS_MAX_PROCESSES} a listing may hold`,
        );
      handlers.onListing(frame.text);
      this.flushListeners(frame.text);
    } else {
      // Left unacknowledged: the file stays on the host and comes again with the next session.
      if (!session.budget.take("file", this.options.clock().getTime())) {
        this.noteDropped(`sent more than ${REMOTE_FILES_PER_SECOND} spool files in a second`);
        return;
      }
      const { name, bytes } = frame;
      session.queue = session.queue
        .then(() => handlers.onFile(name, bytes))
        .catch((error: unknown) => handlers.onError("remote-file", error))
        .then(() => this.send(`a ${name}`));
    }
  }

  /** The first excess of a session, as one status line; later ones are dropped without a word. */
  private noteDropped(what: string): void {
    if (this.current.dropped !== undefined) return;
    const { dest } = this.options;
    const look = checkCommand(dest, this.env).replace(/ true$/, " 'ps -A | wc -l'");
    this.set({
      dropped: `${dest.text} ${what}: the excess was dropped (docs/remote.md#what-a-host-can-send). See what runs there: \`${look}\`.`,
    });
  }

  private end(session: Session, code: number | null): void {
    if (session.ended) return;
    session.ended = true;
    if (this.child === session.proc) this.child = undefined;
    this.flushListeners(undefined);
    if (this.stopped) return;
    const { dest } = this.options;
    const failure = linkFailure(dest, code, session.stderr, session.errCode, this.env, session.spawnError);
    this.set({ state: "disconnected", failure });
    // A link that worked retries at once-ish; one that never greeted backs off, doubling to the cap.
    const wait = session.greeted ? this.backoff.first : this.delay;
    if (!session.greeted) this.delay = Math.min(this.backoff.cap, this.delay * 2);
    this.retry = setTimeout(() => this.connect(), wait);
  }
}

function killGroup(proc: ChildProcess): void {
  try {
    if (proc.pid !== undefined) process.kill(-proc.pid, "SIGKILL");
  } catch {
    proc.kill("SIGKILL"); // not a group leader (a test's spawn): the child alone
  }
}
