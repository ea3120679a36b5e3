// One engine per data dir: <data>/engine.pid guards the control socket and the spool. It is created
// atomically (a private temp file holding "<pid>\n", hard-linked into place: link fails if the name
// exists), so the hook helper never reads a half-written file. A pid file left by a crash is taken
// over without ever deleting someone else's fresh one: whoever takes over a stale file first claims
// that very file (engine.pid.takeover-<inode>, made the same atomic way, stale claims taken over
// recursively), checks the pid file is still the stale one, then renames its own file over it. A live
// engine's file is never touched; a leftover control.sock is removed only by the lock's owner.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { constants, promises as fs, readFileSync } from "node:fs";
import { ENGINE_LEASE_SECONDS, type Paths } from "@mytty-bar/paths";
import { request } from "./control/client.js";
import type { PingResult } from "./control/messages.js";
import { isAlivePid, parsePid } from "./pid.js";

export class EngineAlreadyRunningError extends Error {
  /** `owner`: the holder's command line, when it could be read: the way to stop it depends on what it is. */
  constructor(
    readonly pid: number,
    owner?: string,
  ) {
    super(alreadyRunningMessage(pid, owner));
  }
}

/** What the engine's owner is, said with the way to stop it (the dashboard and a headless engine are no menu bar app). */
export function alreadyRunningMessage(pid: number, owner = ""): string {
  const args = owner.split(/\s+/);
  if (args.includes("--tui"))
    return `Mytty Bar's engine is already running (pid ${pid}) in the \`mytty-bar --tui\` dashboard. Quit the dashboard (q), or stop it with \`kill ${pid}\`.`;
  if (args.includes("--headless"))
    return `Mytty Bar's engine is already running (pid ${pid}) as \`mytty-bar --headless\`. Stop it with Ctrl-C in its terminal, or with \`kill ${pid}\`.`;
  return `Mytty Bar's engine is already running (pid ${pid}). Stop it with \`kill ${pid}\`, or quit the menu bar app.`;
}

export interface EngineLock {
  release(): Promise<void>;
  /** Pushes engine.pid's mtime ENGINE_LEASE_SECONDS ahead: the hook helper's proof that this pid is ours. */
  renew(): Promise<void>;
}

type LockPaths = Pick<Paths, "dataDir" | "enginePid" | "controlSocket">;

const MAX_ATTEMPTS = 500; // each one either makes progress or waits a moment (up to ~5 s in all) for a taker to finish
const TAKER_WAIT_MS = 10;
const MAX_CLAIM_DEPTH = 3; // a claim is stale only if its taker crashed mid-takeover: nesting needs repeated crashes

export async function acquireEngineLock(paths: LockPaths): Promise<EngineLock> {
  await fs.mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  const tmp = uniqueName(paths.enginePid, "tmp");
  try {
    await fs.writeFile(tmp, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    // A full disk fails the write after the file exists: leave nothing behind.
    await fs.rm(tmp, { force: true });
    throw error;
  }
  let holder: number | undefined;
  try {
    holder = await claim(paths.enginePid, tmp, (pid) => isLiveEngine(paths.controlSocket, pid), 0);
  } finally {
    await fs.rm(tmp, { force: true });
  }
  if (holder !== undefined) throw new EngineAlreadyRunningError(holder, commandLineOf(holder));
  const lock: EngineLock = {
    async release() {
      if ((await readPid(paths.enginePid)) === process.pid) await fs.rm(paths.enginePid, { force: true });
    },
    async renew() {
      // Only our own file: never push a lease onto someone else's pid.
      if ((await readPid(paths.enginePid)) !== process.pid) return;
      const now = Date.now() / 1000;
      await fs.utimes(paths.enginePid, now, now + ENGINE_LEASE_SECONDS).catch(() => undefined);
    },
  };
  await lock.renew();
  // A socket file nobody listens on is a leftover of a crash; one somebody answers on is not ours to take.
  let answered: number | undefined;
  try {
    answered = (await request<PingResult>(paths.controlSocket, { op: "ping" }, { timeoutMs: 1000 })).pid;
  } catch {
    await fs.rm(paths.controlSocket, { force: true }); // nobody answers: a crash leftover, removed
  }
  if (answered !== undefined) {
    await lock.release();
    throw new EngineAlreadyRunningError(answered, commandLineOf(answered));
  }
  return lock;
}

interface Seen {
  dev: number;
  ino: number;
  mtimeMs: number;
  text: string;
}

/**
 * Makes `name` hold our pid (the content of `tmp`). Returns undefined once it does (or already did:
 * a second acquisition in the same process is allowed), or the pid of the live holder.
 */
async function claim(
  name: string,
  tmp: string,
  isLive: (pid: number) => Promise<boolean>,
  depth: number,
): Promise<number | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    try {
      await fs.link(tmp, name);
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const seen = await inspect(name);
    if (!seen) continue; // released in between: try again
    const pid = parsePid(seen.text);
    if (pid === process.pid) return undefined;
    if (pid !== undefined && (await isLive(pid))) return pid;
    // Stale. Only the taker of this very file (by inode) may replace it.
    if (depth >= MAX_CLAIM_DEPTH) throw new Error(`Cannot take over the stale ${name}: remove it and start again.`);
    const claimName = `${name}.takeover-${seen.dev}-${seen.ino}`;
    const taker = await claim(claimName, tmp, async (p) => isAlivePid(p), depth + 1);
    if (taker !== undefined) {
      await sleep(TAKER_WAIT_MS); // someone else is taking it over right now
      continue;
    }
    try {
      // Nobody but the claim's holder replaces the stale file, so if it is still there it stays until we rename.
      if (sameFile(await inspect(name), seen)) {
        const next = uniqueName(name, "new");
        await fs.link(tmp, next);
        try {
          await fs.rename(next, name);
        } finally {
          await fs.rm(next, { force: true });
        }
        return undefined;
      }
    } finally {
      await fs.rm(claimName, { force: true }); // ours: a live claim is never taken over
    }
  }
  throw new Error(`Cannot take ${name}: it keeps changing. Try again.`);
}

/** Opens a pid file so that a fifo cannot block us and a link cannot redirect us. */
async function openPidFile(file: string): Promise<fs.FileHandle> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      throw new Error(`${file} is a symbolic link, not Mytty Bar's pid file: remove it and start again.`);
    throw error;
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new Error(`${file} is not a regular file: remove it and start again.`);
  }
  return handle;
}

async function inspect(file: string): Promise<Seen | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await openPidFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const st = await handle.stat();
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs, text: buffer.subarray(0, bytesRead).toString("utf8") };
  } finally {
    await handle.close();
  }
}

function sameFile(a: Seen | undefined, b: Seen): boolean {
  return a !== undefined && a.dev === b.dev && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.text === b.text;
}

function uniqueName(base: string, kind: string): string {
  return `${base}.${kind}-${process.pid}-${randomBytes(6).toString("hex")}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** engine.pid's pid (opened as openPidFile does), or undefined when there is none to read. */
export async function readPid(file: string): Promise<number | undefined> {
  try {
    const handle = await openPidFile(file);
    try {
      const buffer = Buffer.alloc(64);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return parsePid(buffer.subarray(0, bytesRead).toString("utf8"));
    } finally {
      await handle.close();
    }
  } catch {
    return undefined; // no pid file (or unreadable): no engine holds the lock
  }
}
/**
 * Alive and either answering on the socket or (still starting up) a process that names us. A process
 * whose command line cannot be read (ps timing out on a loaded machine) counts as live: refusing to
 * start says how to fix it, while taking a live engine's file would run two engines on one spool.
 */
async function isLiveEngine(socketPath: string, pid: number): Promise<boolean> {
  if (!isAlivePid(pid)) return false;
  try {
    const ping = await request<PingResult>(socketPath, { op: "ping" }, { timeoutMs: 1000 });
    if (ping.pid === pid) return true;
  } catch {
    // Not answering: maybe starting, maybe a reused pid.
  }
  const command = commandLineOf(pid);
  return command === undefined || command.toLowerCase().includes("mytty");
}

/** The process's command line; "" once it has exited; undefined when it cannot be told. */
function commandLineOf(pid: number): string | undefined {
  try {
    // Linux: no child process, so no timeout under load.
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ");
  } catch (error) {
    if (process.platform === "linux" && (error as NodeJS.ErrnoException).code === "ENOENT") return "";
  }
  try {
    return execFileSync("ps", ["-o", "args=", "-p", String(pid)], {
      encoding: "utf8",
      timeout: 2000,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch (error) {
    // ps exits 1 when no such process is left; anything else (a timeout, no ps) tells nothing.
    return (error as { status?: number | null }).status === 1 ? "" : undefined;
  }
}
