// The control socket's `answer` (docs/answering.md#from-the-control-socket). Off unless the user turns on
// allowAgentAnswers; even then the caller must be placed, and never in the request's own pane. Fails closed:
// a caller we cannot place, a chain we cannot walk, or any shared agent, tty or tmux pane is refused.
import type { Answer, AnswerResult } from "@mytty-bar/protocol";
import type { JoinResult } from "@mytty-bar/detect";
import type { AgentRow } from "../snapshot.js";
import type { OpsContext } from "./ops.js";

export const SOCKET_ANSWERS_OFF =
  'Answering from the control socket is off: a person answers in the popup, a notification or `mytty-bar --tui` (to allow scripts, set "allowAgentAnswers": true in settings.json).';
export const OWN_PANE =
  "An agent never answers a request from its own pane: a person answers it in the popup, a notification or `mytty-bar --tui`.";
export const CALLER_UNKNOWN =
  "Mytty Bar cannot tell which terminal this answer comes from, so it refuses it: pass your own pid and run from a terminal.";

export async function answerFromSocket(
  ctx: Pick<OpsContext, "engine" | "scanner">,
  requestId: string,
  answer: Answer,
  pid: number,
): Promise<AnswerResult> {
  const { engine } = ctx;
  if (!engine.settings().allowAgentAnswers) return refused(SOCKET_ANSWERS_OFF);
  const row = engine.snapshot().agents.find((a) => a.request?.id === requestId);
  // Not held (any more): the engine says which of unknown / answered / expired, and changes nothing.
  if (!row) return engine.answer(requestId, answer, "socket");
  const caller = await ctx.scanner.join(pid).catch(() => undefined); // a walk that fails places nobody: refused
  if (!caller || (caller.agent === undefined && caller.tty === null)) return refused(CALLER_UNKNOWN);
  if (samePlace(caller, row)) return refused(OWN_PANE);
  return engine.answer(requestId, answer, "socket");
}

/** The caller shares the request's agent process, its tty or its tmux pane (on the same tmux server). */
export function samePlace(caller: JoinResult, row: AgentRow): boolean {
  if (caller.agent !== undefined && row.pid !== null && caller.agent.pid === row.pid) return true;
  if (caller.tty !== null && row.tty !== null && caller.tty === row.tty) return true;
  const pane = caller.terminal.tmuxPane;
  if (pane !== undefined && pane === row.terminal.tmuxPane) {
    const a = caller.terminal.tmuxSocket;
    const b = row.terminal.tmuxSocket;
    // Pane ids repeat across tmux servers; an unknown server counts as the same (fail closed).
    if (a === undefined || b === undefined || a === b) return true;
  }
  return false;
}

function refused(message: string): AnswerResult {
  return { ok: false, reason: "refused", message };
}
