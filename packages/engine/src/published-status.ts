// `@mytty-bar/engine/published-status`: the engine's part of `mytty-doctor status` (running, pid, last
// event per provider, watched hosts' problems) without a connection. Asking the control socket costs a
// CLI node:net and a cold connection, about a quarter of a `node -e 0` (docs/performance.md#doctor-status-reads-what-the-engine-published),
// so the engine also keeps these facts in <data>/engine-status.json (status-writer.ts). A reader trusts
// the file only while its writer is provably this data dir's live engine: engine.pid names the same pid,
// that pid lives, and the lease on engine.pid was renewed lately (a stuck or gone event loop stops
// renewing it). Anything else asks the socket, which tells busy, stuck and gone apart. Checked by hand,
// like replies.ts: zod would cost the reader more than the whole read.
import { ENGINE_LEASE_RENEW_SECONDS, ENGINE_LEASE_SECONDS, readRegularFileSync, type Paths } from "@mytty-bar/paths";
import { isAlivePid, parsePid } from "./pid.js";

const PUBLISHED_FORMAT = 1;
const MAX_BYTES = 64 * 1024;
/** Three missed renewals: the loop is stuck, or it is gone and the pid may be someone else's. */
const LEASE_FRESH_MS = (ENGINE_LEASE_SECONDS - 3 * ENGINE_LEASE_RENEW_SECONDS) * 1000;

export interface PublishedStatus {
  pid: number;
  /** ISO time of the last event per provider, as `stats` gives it. */
  lastEventAt: Record<string, string>;
  /** Watched hosts whose link has a problem, one line each (docs/remote.md#watching-a-host). */
  hostProblems: string[];
}

/** Every watched host's problem line, in order: what status shows of `stats.hosts`. */
export const hostProblems = (hosts: readonly { problem?: string }[]): string[] =>
  hosts.flatMap((h) => (h.problem !== undefined ? [h.problem] : []));

export const publishedText = (status: PublishedStatus): string =>
  `${JSON.stringify({ format: PUBLISHED_FORMAT, ...status })}\n`;

export interface PublishedInput {
  /** engine-status.json's text. */
  text: string;
  /** engine.pid's text and mtime (the lease's end). */
  pidText: string;
  leaseMs: number;
  nowMs: number;
  alive: (pid: number) => boolean;
}

/** The published facts when they come from the engine engine.pid names, alive, with a fresh lease. */
export function judgePublished({ text, pidText, leaseMs, nowMs, alive }: PublishedInput): PublishedStatus | undefined {
  const pid = parsePid(pidText);
  if (pid === undefined || leaseMs - nowMs < LEASE_FRESH_MS) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined; // a torn or foreign file: the socket says
  }
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");
  const record = (v: unknown): v is object => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!record(data)) return undefined;
  const d = data as { format?: unknown; pid?: unknown; lastEventAt?: unknown; hostProblems?: unknown };
  if (
    d.format !== PUBLISHED_FORMAT ||
    d.pid !== pid ||
    !record(d.lastEventAt) ||
    !strings(Object.values(d.lastEventAt)) ||
    !strings(d.hostProblems)
  )
    return undefined;
  if (!alive(pid)) return undefined;
  return { pid, lastEventAt: d.lastEventAt as Record<string, string>, hostProblems: d.hostProblems as string[] };
}

/** Reads and judges the published status; undefined when it cannot be trusted (ask the socket). */
export function readPublished(
  paths: Pick<Paths, "enginePid" | "engineStatus">,
  nowMs = Date.now(),
): PublishedStatus | undefined {
  try {
    // No link followed, no FIFO waited on: what is planted there is not the engine's.
    const lease = readRegularFileSync(paths.enginePid, { maxBytes: 64, noFollow: true });
    const file = readRegularFileSync(paths.engineStatus, { maxBytes: MAX_BYTES, noFollow: true });
    if (lease.kind !== "file" || file.kind !== "file") return undefined;
    return judgePublished({
      text: file.bytes.toString("utf8"),
      pidText: lease.bytes.toString("utf8"),
      leaseMs: lease.mtimeMs,
      nowMs,
      alive: isAlivePid,
    });
  } catch {
    return undefined; // no engine.pid or no file (an engine from before this file, or none): the socket says
  }
}
