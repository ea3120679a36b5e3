// Agent address → tmux pane. Ids and labels come from the engine's list when it runs (detect reads
// each pane's label); without the engine, panes that `spawn` made still answer to their id and label
// (tmux pane options).
import { resolveAgent as resolveRow, rowTmuxSocket, type AgentRow } from "@mytty-bar/engine/client";
import type { TeamContext } from "../context.js";
import { nearCaller } from "../engine-link.js";
import { EXIT, TeamError, isEngineDown, say } from "../messages.js";
import { listPanesArgs, paneInfoArgs } from "./argv.js";
import { parsePanes, type PaneInfo } from "./panes.js";
import type { TmuxRunner } from "./runner.js";

export interface ResolvedAgent {
  /** Engine id when known, else the id `spawn` recorded, else the pane id. */
  id: string;
  pane: string;
  runner: TmuxRunner;
  row?: AgentRow;
}

/** spawn/send/read/focus/close act on tmux panes: refuse early, in one line, outside tmux. */
export function requireTmux(ctx: TeamContext, command: string): void {
  if (!ctx.env.TMUX || !ctx.env.TMUX_PANE) throw new TeamError(say.tmuxNeeded(command), EXIT.tmuxNeeded);
}

/** Pane ids repeat across tmux servers: a row is in `pane` only when its server is known to be ours. */
export function rowInPane(row: AgentRow, pane: string, socket: string | undefined): boolean {
  return row.terminal.tmuxPane === pane && socket !== undefined && rowTmuxSocket(row) === socket;
}

export async function tmuxOrFail(runner: TmuxRunner, args: readonly string[], what: string): Promise<string> {
  const result = await runner.run(args);
  if (result.code === 127 || /ENOENT/.test(result.stderr))
    throw new TeamError(say.tmuxMissing(result.stderr.trim()), EXIT.tmuxNeeded);
  if (result.code !== 0) throw new TeamError(say.tmuxFailed(what, result.stderr), EXIT.failed);
  return result.stdout;
}

export async function paneInfo(runner: TmuxRunner, pane: string): Promise<PaneInfo | undefined> {
  const result = await runner.run(paneInfoArgs(pane));
  return result.code === 0 ? parsePanes(result.stdout)[0] : undefined;
}

/** The engine's rows, or undefined when it is not running. */
async function engineRows(ctx: TeamContext): Promise<AgentRow[] | undefined> {
  try {
    return await ctx.engine.list();
  } catch (error) {
    if (isEngineDown(error)) return undefined;
    throw error;
  }
}

function pick<T>(agent: string, candidates: T[][], idOf: (item: T) => string): T | undefined {
  for (const matches of candidates) {
    if (matches.length > 1) throw new TeamError(say.agentAmbiguous(agent, matches.map(idOf)), EXIT.failed);
    if (matches.length === 1) return matches[0];
  }
  return undefined;
}

export async function resolveAgent(ctx: TeamContext, agent: string): Promise<ResolvedAgent> {
  const local = ctx.tmux();
  if (/^%\d+$/.test(agent)) {
    const info = await paneInfo(local, agent);
    if (info === undefined) throw new TeamError(say.agentNotFound(agent), EXIT.failed);
    return { id: info.agentId ?? agent, pane: agent, runner: local };
  }
  const rows = await engineRows(ctx);
  if (rows !== undefined) {
    // The engine's own matching (id, label, pid, tty, pane, session), so every command agrees with `wait`.
    const found = resolveRow(rows, agent, { ...nearCaller(ctx.env) });
    if (!found.ok)
      throw new TeamError(found.code === "ambiguous-agent" ? found.message : say.agentNotFound(agent), EXIT.failed);
    const row = found.row;
    // A watched host's pane id and socket are that host's: here they would name a local pane.
    if (row.host) throw new TeamError(say.agentOnHost(row.id, row.host), EXIT.failed);
    const paneId = row.terminal.tmuxPane;
    if (paneId === undefined) throw new TeamError(say.agentNotInTmux(row.id), EXIT.failed);
    const socket = rowTmuxSocket(row);
    const runner = socket !== undefined ? ctx.tmux(socket) : local;
    return { id: row.id, pane: paneId, runner, row };
  }
  // Engine down: panes `spawn` made still answer to the id and label it recorded as pane options.
  const panes = parsePanes(await tmuxOrFail(local, listPanesArgs({ all: true }), "list panes"));
  const pid = /^[a-z-]+-(\d+)$/.exec(agent)?.[1];
  const pane = pick(
    agent,
    [
      panes.filter((p) => p.agentId === agent),
      panes.filter((p) => p.label === agent),
      pid === undefined ? [] : panes.filter((p) => p.pid === Number(pid)),
    ],
    (p) => p.agentId ?? p.paneId,
  );
  if (pane === undefined) throw new TeamError(say.agentNotFound(agent), EXIT.failed);
  return { id: pane.agentId ?? agent, pane: pane.paneId, runner: local };
}
