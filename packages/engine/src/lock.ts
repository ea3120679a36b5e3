// One engine per data dir: <data>/engine.pid (created exclusively) guards the control socket and the
// spool. A pid file or socket left by a crash is detected and replaced; a live engine is never.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import type { Paths } from "@mytty-bar/installers";
import { request } from "./control/client.js";
import type { PingResult } from "./control/messages.js";

export class EngineAlreadyRunningError extends Error {
  constructor(readonly pid: number) {
    super(`Mytty Bar's engine is already running (pid ${pid}). Stop it with \`kill ${pid}\`, or quit the menu bar app.`);
  }
}

export interface EngineLock {
  release(): Promise<void>;
}

type LockPaths = Pick<Paths, "dataDir" | "enginePid" | "controlSocket">;

export async function acquireEngineLock(paths: LockPaths): Promise<EngineLock> {
  await fs.mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await fs.open(paths.enginePid, "wx", 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 2) throw error;
    }
    const other = await readPid(paths.enginePid);
    if (other !== undefined && other !== process.pid && (await isLiveEngine(paths.controlSocket, other))) {
      throw new EngineAlreadyRunningError(other);
    }
    await fs.rm(paths.enginePid, { force: true });
  }
  // A socket file nobody listens on is a leftover of a crash; one somebody answers on is not ours to take.
  try {
    const ping = await request<PingResult>(paths.controlSocket, { op: "ping" }, { timeoutMs: 1000 });
    await fs.rm(paths.enginePid, { force: true });
    throw new EngineAlreadyRunningError(ping.pid);
  } catch (error) {
    if (error instanceof EngineAlreadyRunningError) throw error;
    await fs.rm(paths.controlSocket, { force: true });
  }
  return {
    async release() {
      if ((await readPid(paths.enginePid)) === process.pid) await fs.rm(paths.enginePid, { force: true });
    },
  };
}

export async function readPid(file: string): Promise<number | undefined> {
  try {
    const text = (await fs.readFile(file, "utf8")).trim();
    return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}

export function isAlivePid(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Alive and either answering on the socket or (still starting up) a process that names us. */
async function isLiveEngine(socketPath: string, pid: number): Promise<boolean> {
  if (!isAlivePid(pid)) return false;
  try {
    const ping = await request<PingResult>(socketPath, { op: "ping" }, { timeoutMs: 1000 });
    if (ping.pid === pid) return true;
  } catch {
    // Not answering: maybe starting, maybe a reused pid.
  }
  return commandLineOf(pid).toLowerCase().includes("mytty");
}

function commandLineOf(pid: number): string {
  try {
    return execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8", timeout: 2000, stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return "";
  }
}
