// `mytty-team status "<note>"`: a worker's one-line self-report, stored by the engine on the
// caller's own agent row (shown in `list` and the popup).
import type { AgentRow } from "@mytty-bar/engine/client";
import { oneLineText } from "@mytty-bar/protocol/wire";
import type { TeamContext } from "../context.js";
import { EXIT, TeamError, say } from "../messages.js";
import { rowInPane } from "../tmux/resolve.js";
import { socketFromTmuxEnv } from "../tmux/runner.js";

export const NOTE_MAX = 200;

/** One line: runs of white space and control characters become one space; long notes are cut. */
export function cleanNote(text: string): string {
  const line = oneLineText(text);
  const points = Array.from(line);
  return points.length > NOTE_MAX ? `${points.slice(0, NOTE_MAX - 1).join("")}…` : line;
}

/**
 * The caller is the nearest ancestor process that is an agent row (works in any terminal);
 * inside tmux, failing that, the live agent row of this very pane on this very server.
 */
export function findCaller(
  rows: readonly AgentRow[],
  ancestors: readonly number[],
  env: NodeJS.ProcessEnv,
): AgentRow | undefined {
  for (const pid of ancestors) {
    const row = rows.find((r) => r.pid === pid);
    if (row !== undefined) return row;
  }
  const pane = env.TMUX_PANE;
  if (!pane) return undefined;
  const socket = socketFromTmuxEnv(env.TMUX);
  const here = rows.filter((r) => rowInPane(r, pane, socket));
  const live = here.filter((r) => r.state !== "disconnected");
  return (live.length > 0 ? live : here).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
}

export async function reportStatus(ctx: TeamContext, text: string): Promise<{ id: string | undefined; note: string }> {
  const note = cleanNote(text);
  if (note === "") throw new TeamError(say.noteEmpty(), EXIT.usage);
  try {
    const caller = findCaller(await ctx.engine.list(), await ctx.ancestors(), ctx.env);
    // No row matched here: the engine still sees the process table and can walk up from our pid.
    await ctx.engine.note(caller === undefined ? { pid: ctx.pid } : { agent: caller.id }, note);
    return { id: caller?.id, note };
  } catch (error) {
    if (error instanceof TeamError && error.reason === "unknown-agent")
      throw new TeamError(say.callerUnknown(), EXIT.failed);
    throw error;
  }
}
