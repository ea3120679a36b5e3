// The control socket's `answer` (docs/answering.md#from-the-control-socket). Off unless the user turns on
// allowAgentAnswers; even then the caller must be placed, and never in the request's own pane. Fails closed:
// a caller missing from the process table, one with no terminal, or one sharing the request's agent process
// or terminal (a tmux pane is its own pty) is refused. The caller names its own pid, so this keeps a
// well-behaved agent (a lead answering for workers) off its own requests; it cannot stop one that lies.
import type { Answer, AnswerResult } from "@mytty-bar/protocol";
import type { ProcessInfo } from "@mytty-bar/detect";
import type { AgentRow } from "../snapshot.js";
import type { OpsContext } from "./ops-context.js";

export const SOCKET_ANSWERS_OFF =
  'Answering from the control socket is off: a person answers in the popup, a notification or `mytty-bar --tui` (to allow scripts, set "allowAgentAnswers": true in settings.json).';
export const OWN_PANE =
  "An agent never answers a request from its own pane: a person answers it in the popup, a notification or `mytty-bar --tui`.";
export const CALLER_UNKNOWN =
  "Mytty Bar cannot tell which terminal this answer comes from, so it refuses it: pass your own pid and run from a terminal.";

export async function answerFromSocket(
  ctx: Pick<OpsContext, "engine" | "core" | "scanner">,
  requestId: string,
  answer: Answer,
  pid: number,
): Promise<AnswerResult> {
  const { engine } = ctx;
  if (!engine.settings().allowAgentAnswers) return refused(SOCKET_ANSWERS_OFF);
  const row = engine.snapshot().agents.find((a) => a.request?.id === requestId);
  // Not held (any more): the engine says which of unknown / answered / expired, and changes nothing.
  if (!row) return engine.answer(requestId, answer, "socket");
  let caller = callerOf(ctx.core.processes, pid);
  if (!caller) {
    // Started after the last scan: one fresh poll, then the caller must be in the table.
    await engine.poll();
    caller = callerOf(ctx.core.processes, pid);
  }
  if (!caller || (caller.tty === null && !caller.pids.has(row.pid ?? -1))) return refused(CALLER_UNKNOWN);
  if (samePlace(caller, row)) return refused(OWN_PANE);
  return engine.answer(requestId, answer, "socket");
}

export interface Caller {
  /** The caller and every ancestor the process table holds. */
  pids: ReadonlySet<number>;
  /** The first controlling terminal up the chain (a tmux pane has a pty of its own). */
  tty: string | null;
}

/** The caller's ancestry in the engine's latest process table; undefined when `pid` is not in it. */
export function callerOf(processes: ReadonlyMap<number, ProcessInfo>, pid: number): Caller | undefined {
  let p = processes.get(pid);
  if (!p) return undefined;
  const pids = new Set<number>();
  let tty: string | null = null;
  while (p && !pids.has(p.pid) && pids.size < 256) {
    pids.add(p.pid);
    tty ??= p.tty;
    p = p.ppid !== p.pid ? processes.get(p.ppid) : undefined;
  }
  return { pids, tty };
}

/** The caller is the request's agent or runs under it, or shares its terminal (its tty: its tmux pane). */
export function samePlace(caller: Caller, row: Pick<AgentRow, "pid" | "tty">): boolean {
  if (row.pid !== null && caller.pids.has(row.pid)) return true;
  return caller.tty !== null && row.tty !== null && caller.tty === row.tty;
}

function refused(message: string): AnswerResult {
  return { ok: false, reason: "refused", message };
}
