// `mytty-team wait` without commander: the request, its outcome as exit code and text, and the
// --timeout-seconds check. Shared by the full CLI (commands/wait.ts) and the fast path (fast-main.ts).
import {
  socketFromTmuxEnv,
  type AgentRow,
  type Nearness,
  type WaitCondition,
  type WaitResult,
} from "@mytty-bar/engine/client";
import { callEngine, CliError, EXIT_CODES } from "./call.js";
import type { CommandIo } from "./run.js";

export const TIMEOUT_HINT = "give a number of seconds from 0.1 to 604800";

/** Seconds from 0.1 to a week, or undefined for anything else. */
export function timeoutSeconds(value: string): number | undefined {
  const n = Number(value);
  return /^\d+(\.\d+)?$/.test(value.trim()) && n > 0 && n <= 7 * 24 * 3600 ? n : undefined;
}

/** Where the caller is: its tmux server, from $TMUX. */
export function nearCaller(env: NodeJS.ProcessEnv): Nearness {
  const socket = socketFromTmuxEnv(env.TMUX);
  return socket !== undefined ? { tmuxSocket: socket } : {};
}

export async function waitFor(
  agent: string,
  until: WaitCondition,
  timeoutSeconds?: number,
  near: Nearness = nearCaller(process.env),
): Promise<{ code: number; row?: AgentRow; text: string }> {
  // The engine matches labels itself (detect reads the label `spawn` put on the agent's pane); a label
  // on several tmux servers means the one on the caller's.
  const result = await callEngine<WaitResult>(
    {
      op: "wait",
      agent,
      until,
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      ...(near.tmuxSocket !== undefined ? { near } : {}),
    },
    { timeoutMs: timeoutSeconds !== undefined ? timeoutSeconds * 1000 + 5000 : Number.POSITIVE_INFINITY },
  );
  if (result.reached) {
    const row = result.agent as AgentRow;
    return { code: EXIT_CODES.reached, row, text: `${row.id} is ${row.state}${row.attention ? " (needs you)" : ""}.` };
  }
  if (result.reason === "gone")
    throw new CliError(`Agent ${agent} is gone (its row left the list) before reaching "${until}".`, EXIT_CODES.failed);
  const row = result.agent as AgentRow | undefined;
  return {
    code: EXIT_CODES.timeout,
    ...(row ? { row } : {}),
    text: `Timed out after ${timeoutSeconds ?? 0} s: ${agent} is ${row?.state ?? "unknown"}, not "${until}".`,
  };
}

/** The whole command: waits, prints, returns the exit code. */
export async function runWait(
  io: CommandIo,
  agent: string,
  options: { until: WaitCondition; timeoutSeconds?: number; json?: boolean },
): Promise<number> {
  const outcome = await waitFor(agent, options.until, options.timeoutSeconds);
  if (options.json) io.out(JSON.stringify({ reached: outcome.code === 0, agent: outcome.row ?? null }, null, 2));
  else (outcome.code === 0 ? io.out : io.err)(outcome.text);
  return outcome.code;
}
