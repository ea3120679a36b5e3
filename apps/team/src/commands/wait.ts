// `mytty-team wait <agent> --until running|attention|completed [--timeout-seconds N]`.
// Exit 0 reached, 4 timed out, 3 engine not running, 2 usage, 1 unknown/ambiguous agent or agent gone.
// The work is in engine/wait-call.ts, which the fast path (fast-main.ts) runs without commander.
import { InvalidArgumentError, Option, type Command } from "commander";
import { WAIT_CONDITIONS, type WaitCondition } from "@mytty-bar/engine/client";
import { runWait, timeoutSeconds, TIMEOUT_HINT } from "../engine/wait-call.js";
import type { EngineAction } from "../engine/run.js";

export { waitFor } from "../engine/wait-call.js";

export function parseTimeout(value: string): number {
  const n = timeoutSeconds(value);
  if (n === undefined) throw new InvalidArgumentError(TIMEOUT_HINT);
  return n;
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
      const until =
        options.until ??
        cmd.error("error: required option '--until <condition>' not specified (running, attention or completed)");
      return run((io) => runWait(io, agent, { ...options, until }));
    });
}
