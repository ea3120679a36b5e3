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
  return { id: target.id, pane: target.pane, text: lastLines(captured, lines) };
}

/**
 * The last `lines` lines of a capture: tmux gives that much history plus the whole screen, and the
 * screen below the last output is blank rows, which say nothing.
 */
export function lastLines(captured: string, lines: number): string {
  return captured.replace(/\s+$/u, "").split("\n").slice(-lines).join("\n");
}
