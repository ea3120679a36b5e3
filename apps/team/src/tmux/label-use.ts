// Who already answers to a label: a spawn label must name one agent, or `read`, `wait` and `close` by
// it fail as ambiguous. Looked up in the caller's tmux server (pane options `spawn` set) and in the
// engine's live rows on that server; a label on another server belongs to another project (resolve.ts).
import { rowTmuxSocket, type AgentRow } from "@mytty-bar/engine/client";
import type { TeamContext } from "../context.js";
import { isEngineDown } from "../messages.js";
import { listPanesArgs } from "./argv.js";
import { parsePanes } from "./panes.js";
import type { TmuxRunner } from "./runner.js";
import { tmuxOrFail } from "./resolve.js";

/** A row whose agent still runs (an exited one keeps its row, and label, for a while). */
export const isLive = (row: AgentRow) => row.state !== "disconnected";

/** The id of the agent that already has `label` on the caller's tmux server, if any. */
export async function labelHolder(ctx: TeamContext, runner: TmuxRunner, label: string): Promise<string | undefined> {
  const panes = parsePanes(await tmuxOrFail(runner, listPanesArgs({ all: true }), "list panes"));
  const pane = panes.find((p) => p.label === label && !p.dead);
  if (pane !== undefined) return pane.agentId ?? pane.paneId;
  let rows: AgentRow[] = [];
  try {
    rows = await ctx.engine.list();
  } catch (error) {
    if (!isEngineDown(error)) throw error;
  }
  return rows.find((r) => r.label === label && isLive(r) && rowTmuxSocket(r) === runner.socket)?.id;
}

/** After `close`: until the engine has seen the agent go, its label would still resolve to it. */
export async function untilEngineSeesGone(ctx: TeamContext, id: string, limitMs = 5000): Promise<void> {
  for (const deadline = Date.now() + limitMs; Date.now() < deadline;) {
    let rows: AgentRow[];
    try {
      rows = await ctx.engine.list();
    } catch (error) {
      if (isEngineDown(error)) return;
      throw error;
    }
    const row = rows.find((r) => r.id === id);
    if (row === undefined || !isLive(row)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
