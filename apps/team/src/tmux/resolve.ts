// Agent address → tmux pane. Ids and labels come from the engine's list when it runs; without the
// engine, panes that `spawn` made still answer to their id and label (tmux pane options).
import { resolveAgent as resolveRow, type AgentRow } from "@mytty-bar/engine";
import { EngineDownError, type TeamContext } from "../commands/context.js";
import { listPanesArgs, paneInfoArgs } from "./argv.js";
import { EXIT, TeamError, say } from "./messages.js";
import { parsePanes, type PaneInfo } from "./panes.js";
import { socketFromTmuxEnv, type TmuxRunner } from "./runner.js";

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

/** The tmux server of an engine row: detection names it; a hook-only row has it in the TMUX hint. */
export function rowSocket(row: AgentRow): string | undefined {
  return row.terminal.tmuxSocket ?? socketFromTmuxEnv(row.terminal.hints?.tmux);
}

/** Pane ids repeat across tmux servers: a row is in `pane` only when its server is known to be ours. */
export function rowInPane(row: AgentRow, pane: string, socket: string | undefined): boolean {
  return row.terminal.tmuxPane === pane && socket !== undefined && rowSocket(row) === socket;
}

export async function tmuxOrFail(runner: TmuxRunner, args: readonly string[], what: string): Promise<string> {
  const result = await runner.run(args);
  if (result.code === 127 || /ENOENT/.test(result.stderr)) throw new TeamError(say.tmuxMissing(result.stderr.trim()), EXIT.tmuxNeeded);
  if (result.code !== 0) throw new TeamError(say.tmuxFailed(what, result.stderr), EXIT.failed);
  return result.stdout;
}

export async function paneInfo(runner: TmuxRunner, pane: string): Promise<PaneInfo | undefined> {
  const result = await runner.run(paneInfoArgs(pane));
  return result.code === 0 ? parsePanes(result.stdout)[0] : undefined;
}

async function engineRows(ctx: TeamContext): Promise<AgentRow[]> {
  try {
    return await ctx.engine.list();
  } catch (error) {
    if (error instanceof EngineDownError) return [];
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
  // The engine's own matching (id, label, pid, tty, pane, session), so every command agrees with `wait`.
  const found = resolveRow(await engineRows(ctx), agent);
  if (!found.ok && found.code === "ambiguous-agent") throw new TeamError(found.message, EXIT.failed);
  if (found.ok) {
    const row = found.row;
    const paneId = row.terminal.tmuxPane;
    if (paneId === undefined) throw new TeamError(say.agentNotInTmux(row.id), EXIT.failed);
    const socket = rowSocket(row);
    const runner = socket !== undefined ? ctx.tmux(socket) : local;
    return { id: row.id, pane: paneId, runner, row };
  }
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

/**
 * A label given at spawn, for commands the engine resolves (`wait`): when the engine does not know
 * the name but exactly one pane of the caller's tmux server carries it, the id spawn recorded there.
 * Undefined whenever there is nothing to translate (outside tmux, engine down, engine knows it).
 */
export async function spawnedLabelToId(ctx: TeamContext, agent: string): Promise<string | undefined> {
  if (!ctx.env.TMUX) return undefined;
  let rows: AgentRow[];
  try {
    rows = await ctx.engine.list();
  } catch {
    return undefined;
  }
  const known = resolveRow(rows, agent);
  if (known.ok || known.code === "ambiguous-agent") return undefined;
  const listed = await ctx.tmux().run(listPanesArgs({ all: true }));
  if (listed.code !== 0) return undefined;
  const hits = parsePanes(listed.stdout).filter((p) => p.label === agent && p.agentId !== undefined);
  return hits.length === 1 ? hits[0]?.agentId : undefined;
}
