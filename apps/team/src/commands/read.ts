// `mytty-team read`: the last lines an agent's pane shows (history included).
import { capturePaneArgs } from "../tmux/argv.js";
import { EXIT, TeamError, say } from "../messages.js";
import { requireTmux, resolveAgent, tmuxOrFail } from "../tmux/resolve.js";
import type { TeamContext } from "../context.js";

export const DEFAULT_LINES = 100;

export function parseLines(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100_000)
    throw new TeamError(say.badLines(value), EXIT.usage);
  return Number(value);
}

export interface ReadResult {
  id: string;
  pane: string;
  text: string;
}

export async function readAgent(ctx: TeamContext, agent: string, lines: number): Promise<ReadResult> {
  requireTmux(ctx, "read");
  const target = await resolveAgent(ctx, agent);
  const captured = await tmuxOrFail(target.runner, capturePaneArgs(target.pane, lines), `read ${target.pane}`);
  // The screen below the last output is blank rows; they say nothing.
  return { id: target.id, pane: target.pane, text: captured.replace(/\s+$/u, "") };
}
