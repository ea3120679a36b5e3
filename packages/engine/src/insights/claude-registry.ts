// Claude Code's own session registry (docs/providers.md#claude-code-session-registry): every
// interactive process keeps <config dir>/sessions/<pid>.json with its status. Pure: text in → record;
// record + the run it would describe + now → at most one synthetic event.
import { z } from "zod";
import { sanitizeSessionId, syntheticId } from "@mytty-bar/protocol";
import type { AgentEvent, EventKind, RunState } from "@mytty-bar/protocol";
import type { Interruption } from "./claude-turns.js";
import { transcriptEvent } from "./estimate.js";

/** A record is a few hundred bytes; anything far larger is not one. */
export const REGISTRY_MAX_BYTES = 64 * 1024;

export const REGISTRY_HOOKS = {
  busy: "mytty-bar.registry.busy",
  waiting: "mytty-bar.registry.waiting",
  idle: "mytty-bar.registry.idle",
  answered: "mytty-bar.registry.answered",
  interrupted: "mytty-bar.registry.interrupted",
  appeared: "mytty-bar.registry.appeared",
} as const;

// Only what we read; every other key (name, kind, entrypoint, peer*, messagingSocketPath…) is ignored. A field of
// the wrong type makes the record unusable rather than half-read.
const RecordSchema = z.object({
  pid: z.number().int().positive(),
  sessionId: z.string().min(1).max(256),
  procStart: z.string().min(1).max(128),
  status: z.string().max(64).optional(),
  statusUpdatedAt: z.number().finite().optional(),
  updatedAt: z.number().finite().optional(),
  tmux: z.string().max(512).optional(),
  waitingFor: z.string().max(256).optional(),
  version: z.string().max(64).optional(),
  cwd: z.string().max(4096).optional(),
  parkedJobId: z.string().max(256).optional(),
});

export type RegistryStatus = "idle" | "busy" | "waiting" | "shell";

export interface RegistryRecord {
  pid: number;
  sessionId: string;
  procStart: string;
  /** undefined: the process registered but has not published a status yet, or one we do not know. */
  status?: RegistryStatus;
  statusUpdatedAt?: number;
  /** Epoch ms of the file's last write (its `updatedAt`, else the file's mtime): what it says holds as of then. */
  writtenAt?: number;
  waitingFor?: string;
  /** The pane it runs in, `%<n>`, from the record's `tmux` ("<session>:@<window>.%<pane>"). */
  tmuxPane?: string;
  version?: string;
  cwd?: string;
}

const STATUSES: readonly string[] = ["idle", "busy", "waiting", "shell"];

/**
 * One registry file's text → record, or undefined when it is not a current-generation record: the
 * legacy `pid-<n>.json` files carry neither `procStart` nor `status`, a torn write is not JSON, and a
 * session moved to the background (`parkedJobId`) keeps a status that no longer describes anything.
 */
export function parseRegistryRecord(text: string, mtimeMs?: number): RegistryRecord | undefined {
  if (text.length > REGISTRY_MAX_BYTES) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // a record caught mid-write reads as unparsable; the next change is read again
    return undefined;
  }
  const parsed = RecordSchema.safeParse(raw);
  if (!parsed.success || parsed.data.parkedJobId !== undefined) return undefined;
  const data = parsed.data;
  const sessionId = sanitizeSessionId(data.sessionId);
  if (sessionId === undefined) return undefined;
  const record: RegistryRecord = { pid: data.pid, sessionId, procStart: data.procStart };
  if (data.status !== undefined && STATUSES.includes(data.status)) record.status = data.status as RegistryStatus;
  if (data.statusUpdatedAt !== undefined) record.statusUpdatedAt = data.statusUpdatedAt;
  const writtenAt = data.updatedAt ?? mtimeMs;
  if (writtenAt !== undefined) record.writtenAt = writtenAt;
  if (data.waitingFor !== undefined) record.waitingFor = data.waitingFor;
  const pane = data.tmux !== undefined ? tmuxPaneOf(data.tmux) : undefined;
  if (pane !== undefined) record.tmuxPane = pane;
  if (data.version !== undefined) record.version = data.version;
  if (data.cwd !== undefined) record.cwd = data.cwd;
  return record;
}

/** `"<session>:@<window>.%<pane>"` → `%<pane>`; tmux keeps `:` and `.` out of session names. */
export function tmuxPaneOf(value: string): string | undefined {
  return /:@\d+\.(%\d+)$/.exec(value)?.[1];
}

/** `ps` pads single-digit days ("Sep  1"); Claude Code may not. Linux ticks compare verbatim. */
const normalStart = (value: string) => value.trim().split(/\s+/).join(" ");

/** The pid-reuse guard: the record describes this process only if its procStart is the process's start. */
export function registryMatches(record: RegistryRecord, pid: number, startTime: string | undefined): boolean {
  if (record.pid !== pid || startTime === undefined || startTime === "") return false;
  return normalStart(record.procStart) === normalStart(startTime);
}

/** `waiting` names what it waits for; only a permission prompt is an approval, the rest need an answer. */
export function waitingKind(waitingFor: string | undefined): "approval-requested" | "input-requested" {
  return waitingFor !== undefined && /permission/i.test(waitingFor) ? "approval-requested" : "input-requested";
}

/** The agent's current run, as far as this decision needs it. */
export interface RegistryRun {
  runKey: string;
  state: RunState;
  updatedAt: string;
  sessionId?: string;
}

export interface RegistryInput {
  record: RegistryRecord;
  /** The run the agent's row shows now (engine's lastRunId), if any. */
  run?: RegistryRun;
  /** No hooks installed: the registry opens and closes runs; with hooks it only corrects a stale wait. */
  estimateRuns: boolean;
  cwd?: string;
  now: Date;
}

const ACTIVE: readonly RunState[] = ["running", "waiting-input", "waiting-approval"];
const WAITING: readonly RunState[] = ["waiting-input", "waiting-approval"];

/**
 * The event a registry status means for the agent, or undefined. Rules (docs/providers.md, "precedence"):
 * - the record must be newer than the run's last update: whatever described the run later wins (a hook
 *   that arrived after the record was written describes the same moment better). A `waiting` record is
 *   dated by its last write (`updatedAt`, else the file's mtime), since `waitingFor` can change under one
 *   status; the other statuses by their status change, so an unrelated rewrite never revives an old busy;
 * - with hooks installed, the registry refines the run the hooks describe and never opens one:
 *   `waiting` for a permission prompt → waiting-approval (Claude Code shows prompts no PermissionRequest
 *   hook is fired for, e.g. auto mode's own dialogs, and writes the file before any Notification),
 *   another `waiting` turns a hook-reported wait into that wait; `busy`/`shell` → running after a wait (an
 *   approval answered; Claude Code fires nothing until the tool ends), `idle` → idle after a wait (a prompt
 *   dismissed with ESC or denied fires no hook at all). It never ends a working run (a background wait
 *   reported by Stop is idle in the registry): only the ESC rule does (interruptedEvent);
 * - without hooks, `busy` starts a run keyed by the session id (where SessionStart puts it), `waiting`
 *   requests approval or input on it, and `idle` ends it — succeeded only after it was seen working,
 *   idle when it ended from a wait (dismissed, not done), and a first `idle` just shows the session.
 */
export function registryEvent(input: RegistryInput): AgentEvent | undefined {
  const { record, run, estimateRuns } = input;
  const status = record.status;
  if (status === undefined) return undefined;
  const changedAt =
    status === "waiting"
      ? clampedTime(Math.max(record.statusUpdatedAt ?? 0, record.writtenAt ?? 0) || undefined, input.now)
      : clampedTime(record.statusUpdatedAt, input.now);
  const current = sameSession(record, run) ? run : undefined;
  if (current !== undefined && changedAt.getTime() <= Date.parse(current.updatedAt)) return undefined;
  const active = current !== undefined && ACTIVE.includes(current.state) ? current : undefined;
  const waiting = active !== undefined && WAITING.includes(active.state);
  const emit = (kind: EventKind, runKey: string, hook: string, message?: string) =>
    transcriptEvent({
      provider: "claude-code",
      kind,
      runKey,
      id: syntheticId(
        "claude-code",
        "registry",
        status,
        record.sessionId,
        String(status === "waiting" ? changedAt.getTime() : (record.statusUpdatedAt ?? "")),
        kind,
        ...(status === "waiting" ? [record.waitingFor ?? ""] : []),
      ),
      hook,
      now: changedAt,
      sessionId: record.sessionId,
      cwd: input.cwd,
      message,
    });

  if (status === "busy" || status === "shell") {
    if (waiting) return emit("running", active.runKey, REGISTRY_HOOKS.answered);
    if (!estimateRuns || status === "shell" || active !== undefined) return undefined;
    return emit("started", record.sessionId, REGISTRY_HOOKS.busy);
  }
  if (status === "waiting") {
    const kind = waitingKind(record.waitingFor);
    const state: RunState = kind === "approval-requested" ? "waiting-approval" : "waiting-input";
    if (active?.state === state) return undefined;
    // With hooks: a prompt refines the hooks' run; a dialog over a working run (a slash command's picker
    // during a background wait) is no request.
    if (!estimateRuns && (active === undefined || (kind === "input-requested" && !waiting))) return undefined;
    const message = waitingMessage(kind, record.waitingFor);
    return emit(kind, active?.runKey ?? record.sessionId, REGISTRY_HOOKS.waiting, message);
  }
  // idle
  if (waiting) return emit("idle", active.runKey, REGISTRY_HOOKS.idle);
  if (!estimateRuns) return undefined;
  if (active !== undefined) return emit("succeeded", active.runKey, REGISTRY_HOOKS.idle);
  if (run === undefined) return emit("idle", record.sessionId, REGISTRY_HOOKS.appeared);
  return undefined;
}

/**
 * With hooks installed: the registry's idle edge under a run the hooks still show working — the moment
 * the ESC rule is checked (an ESC fires no hook, and Claude Code says idle at once).
 */
export function hookedIdleEdge(input: RegistryInput): RegistryRun | undefined {
  const { record, run } = input;
  if (input.estimateRuns || record.status !== "idle" || run?.state !== "running" || !sameSession(record, run))
    return undefined;
  const changedAt = clampedTime(record.statusUpdatedAt, input.now);
  return changedAt.getTime() > Date.parse(run.updatedAt) ? run : undefined;
}

/**
 * ESC with hooks installed: on the registry's idle edge, a transcript that ends in an interruption of the
 * run's own prompt (hooks key a run by prompt_id) ends the run idle, "Interrupted". A background wait
 * after Stop is idle too, but its transcript ends in the answer, so it stays running.
 */
export function interruptedEvent(input: RegistryInput, interruption: Interruption): AgentEvent | undefined {
  const run = hookedIdleEdge(input);
  if (run === undefined || interruption.promptId !== run.runKey) return undefined;
  const { record } = input;
  return transcriptEvent({
    provider: "claude-code",
    kind: "idle",
    runKey: run.runKey,
    id: syntheticId(
      "claude-code",
      "registry",
      "interrupted",
      record.sessionId,
      String(record.statusUpdatedAt ?? ""),
      interruption.interruptedMessageId,
    ),
    hook: REGISTRY_HOOKS.interrupted,
    now: clampedTime(record.statusUpdatedAt, input.now),
    sessionId: record.sessionId,
    cwd: input.cwd,
    message: "Interrupted",
  });
}

const sameSession = (record: RegistryRecord, run: RegistryRun | undefined): run is RegistryRun =>
  run !== undefined && (run.sessionId === undefined || run.sessionId === record.sessionId);

function waitingMessage(kind: EventKind, waitingFor: string | undefined): string {
  if (kind === "approval-requested") return "Waiting for permission";
  const what = waitingFor?.trim();
  return what !== undefined && what !== "" ? `Waiting: ${what.slice(0, 120)}` : "Waiting for input";
}

/** Claude Code's own clock, same machine; never later than now (a skewed file must not date a run ahead). */
function clampedTime(ms: number | undefined, now: Date): Date {
  return ms !== undefined && ms > 0 && ms <= now.getTime() ? new Date(ms) : now;
}
