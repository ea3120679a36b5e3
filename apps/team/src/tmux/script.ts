// The /bin/sh script a new pane runs: `exec` the provider CLI so the pane's process IS the agent
// (its pid gives the agent id `<provider>-<pid>`, and detection sees it in the foreground).
import { launchArgv, type LaunchPlan } from "../launch.js";
import { shellCommand, shellQuote } from "./quote.js";

/** tmux refuses a command message over ~16 KiB ("command too long"); stay well below it. */
export const INLINE_SCRIPT_LIMIT = 12_000;

export function inlineScript(plan: LaunchPlan): string {
  return `exec ${shellCommand(launchArgv(plan))}`;
}

/**
 * For long tasks: the text waits in a private file (0600 in a 0700 dir) that the pane reads into one
 * word and deletes before the CLI starts.
 */
export function fileScript(plan: LaunchPlan, dir: string, file: string): string {
  return [
    `task=$(cat -- ${shellQuote(file)}) || exit 1`,
    `rm -rf -- ${shellQuote(dir)}`,
    `exec ${shellCommand(plan.head)} ${plan.taskPrefix === "" ? "" : shellQuote(plan.taskPrefix)}"$task"`,
  ].join("\n");
}

export function fitsInline(plan: LaunchPlan): boolean {
  return Buffer.byteLength(inlineScript(plan)) <= INLINE_SCRIPT_LIMIT;
}
