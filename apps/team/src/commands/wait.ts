// `mytty-team wait <agent> --until running|attention|completed [--timeout-seconds N]`.
// Exit 0 reached, 4 timed out, 3 engine not running, 2 usage, 1 unknown/ambiguous agent or agent gone.
import { InvalidArgumentError, Option, type Command } from "commander";
import { WAIT_CONDITIONS, type AgentRow, type Nearness, type WaitCondition, type WaitResult } from "@mytty-bar/engine";
import { nearCaller } from "../tmux/resolve.js";
import { callEngine, CliError, EXIT_CODES } from "../engine/call.js";
import type { EngineAction } from "../engine/run.js";

export function parseTimeout(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 7 * 24 * 3600) {
    throw new InvalidArgumentError("give a number of seconds from 0.1 to 604800");
  }
  return n;
}

export async function waitFor(agent: string, until: WaitCondition, timeoutSeconds?: number, near: Nearness = nearCaller(process.env)): Promise<{ code: number; row?: AgentRow; text: string }> {
  // The engine matches labels itself (detect reads the label `spawn` put on the agent's pane); a label
  // on several tmux servers means the one on the caller's.
  const result = await callEngine<WaitResult>(
    { op: "wait", agent, until, ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}), ...(near.tmuxSocket !== undefined ? { near } : {}) },
    { timeoutMs: timeoutSeconds !== undefined ? timeoutSeconds * 1000 + 5000 : Number.POSITIVE_INFINITY },
  );
  if (result.reached) {
    const row = result.agent as AgentRow;
    return { code: EXIT_CODES.reached, row, text: `${row.id} is ${row.state}${row.attention ? " (needs you)" : ""}.` };
  }
  if (result.reason === "gone") throw new CliError(`Agent ${agent} is gone (its row left the list) before reaching "${until}".`, EXIT_CODES.failed);
  const row = result.agent as AgentRow | undefined;
  return { code: EXIT_CODES.timeout, ...(row ? { row } : {}), text: `Timed out after ${timeoutSeconds ?? 0} s: ${agent} is ${row?.state ?? "unknown"}, not "${until}".` };
}

export function registerWait(program: Command, run: EngineAction): void {
  const cmd = program.command("wait");
  cmd
    .description("wait until an agent is running, needs attention, or has completed its run (needs the engine)")
    .argument("<agent>", "agent id or label from `mytty-team list` (also a pid, tty or tmux pane id)")
    // Checked in the action, not by commander: its mandatory-option check runs before the missing
    // argument's, and `wait` alone would then complain about --until instead of the agent.
    .addOption(new Option("--until <condition>", "what to wait for (required)").choices([...WAIT_CONDITIONS]))
    .option("--timeout-seconds <n>", "give up after this long (exit 4)", parseTimeout)
    .option("--json", "print the agent's row as JSON when done")
    .action((agent: string, options: { until?: WaitCondition; timeoutSeconds?: number; json?: boolean }) => {
      const until = options.until ?? cmd.error("error: required option '--until <condition>' not specified (running, attention or completed)");
      return run(async (io) => {
        const outcome = await waitFor(agent, until, options.timeoutSeconds);
        if (options.json) io.out(JSON.stringify({ reached: outcome.code === 0, agent: outcome.row ?? null }, null, 2));
        else (outcome.code === 0 ? io.out : io.err)(outcome.text);
        return outcome.code;
      });
    });
}
