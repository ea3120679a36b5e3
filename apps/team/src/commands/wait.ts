// `mytty-team wait <agent> --until running|attention|completed [--timeout-seconds N]`.
// Exit 0 reached, 4 timed out, 3 engine not running, 2 usage, 1 unknown/ambiguous agent or agent gone.
// The engine matches the agent itself (detect reads the label `spawn` put on the agent's pane); a
// label on several tmux servers means the one on the caller's.
import type { AgentRow, WaitCondition } from "@mytty-bar/engine/client";
import type { EngineContext } from "../context.js";
import { nearCaller } from "../engine-link.js";
import { EXIT, TeamError, say } from "../messages.js";

/** Seconds from 0.1 to a week, or undefined for anything else. */
export function timeoutSeconds(value: string): number | undefined {
  const n = Number(value);
  return /^\d+(\.\d+)?$/.test(value.trim()) && n > 0 && n <= 7 * 24 * 3600 ? n : undefined;
}

export interface WaitOptions {
  until: WaitCondition;
  timeoutSeconds?: number;
  json?: boolean;
}

export async function waitFor(
  ctx: EngineContext,
  agent: string,
  until: WaitCondition,
  timeout?: number,
): Promise<{ code: number; row?: AgentRow; text: string }> {
  const result = await ctx.engine.wait(agent, until, timeout, nearCaller(ctx.env));
  if (result.reached) {
    const row = result.agent;
    return { code: EXIT.ok, row, text: say.waitReached(row.id, row.state, row.attention) };
  }
  if (result.reason === "gone") throw new TeamError(say.waitGone(agent, until), EXIT.failed);
  const row = result.agent;
  return {
    code: EXIT.timeout,
    ...(row ? { row } : {}),
    text: say.waitTimedOut(timeout ?? 0, agent, row?.state ?? "unknown", until),
  };
}

/** The whole command: waits, prints, returns the exit code. */
export async function runWait(ctx: EngineContext, agent: string, options: WaitOptions): Promise<number> {
  const outcome = await waitFor(ctx, agent, options.until, options.timeoutSeconds);
  if (options.json) ctx.out(JSON.stringify({ reached: outcome.code === 0, agent: outcome.row ?? null }, null, 2));
  else (outcome.code === 0 ? ctx.out : ctx.err)(outcome.text);
  return outcome.code;
}
