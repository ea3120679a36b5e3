// mytty-team's commander program: every command's arguments and options, each calling its body in
// commands/ through the one runner (run.ts). cli.ts parses argv with it; tests build the same program
// over a test context.
import { InvalidArgumentError, Option, type Command } from "commander";
import { WAIT_CONDITIONS, type WaitCondition } from "@mytty-bar/engine/client";
import type { TeamContext } from "./context.js";
import { closeAgent } from "./commands/close.js";
import { focusAgent } from "./commands/focus.js";
import { printGuide } from "./commands/guide.js";
import { runList } from "./commands/list.js";
import { parseLines, readAgent, DEFAULT_LINES } from "./commands/read.js";
import { renderSend, sendToAgent } from "./commands/send.js";
import { DIRECTIONS, renderSpawn, spawnAgent, type SpawnOptions } from "./commands/spawn.js";
import { runStats } from "./commands/stats.js";
import { reportStatus } from "./commands/status.js";
import { runWait, timeoutSeconds } from "./commands/wait.js";
import { SPAWN_PROVIDERS } from "./launch.js";
import { TIMEOUT_HINT, say } from "./messages.js";
import { runner } from "./run.js";

const AGENT_ARG = "agent id or label from `mytty-team list` (or a tmux pane id such as %3)";

export function parseTimeout(value: string): number {
  const n = timeoutSeconds(value);
  if (n === undefined) throw new InvalidArgumentError(TIMEOUT_HINT);
  return n;
}

function engineCommands(program: Command, run: ReturnType<typeof runner<TeamContext>>): void {
  program
    .command("list")
    .description("list every agent Mytty Bar sees, with its state (needs the engine)")
    .option("--json", "print JSON rows (one object per agent)")
    .action((options: { json?: boolean }) => run((ctx) => runList(ctx, options.json === true)));
  const wait = program.command("wait");
  wait
    .description("wait until an agent is running, needs attention, or has completed its run (needs the engine)")
    .argument("<agent>", "agent id or label from `mytty-team list` (also a pid, tty or tmux pane id)")
    // Checked in the action, not by commander: its mandatory-option check runs before the missing
    // argument's, and `wait` alone would then complain about --until instead of the agent.
    .addOption(new Option("--until <condition>", "what to wait for (required)").choices([...WAIT_CONDITIONS]))
    .option("--timeout-seconds <n>", "give up after this long (exit 4)", parseTimeout)
    .option("--json", "print the agent's row as JSON when done")
    .action((agent: string, options: { until?: WaitCondition; timeoutSeconds?: number; json?: boolean }) => {
      const until = options.until ?? wait.error(say.untilMissing());
      return run((ctx) => runWait(ctx, agent, { ...options, until }));
    });
  program
    .command("stats")
    .description("hook intake counters and the last event per provider (needs the engine)")
    .option("--json", "print JSON")
    .action((options: { json?: boolean }) => run((ctx) => runStats(ctx, options.json === true)));
}

function tmuxCommands(program: Command, run: ReturnType<typeof runner<TeamContext>>): void {
  program
    .command("spawn")
    .description("start a coding agent in a new tmux pane beside yours, with its task as the first prompt")
    .addOption(
      new Option("--provider <provider>", "which agent CLI to start").choices(SPAWN_PROVIDERS).makeOptionMandatory(),
    )
    .option("--task <text>", "the task, as one prompt")
    .option("--task-file <path>", "read the task from a file instead")
    .option("--cwd <dir>", "working directory of the new agent (default: yours)")
    .option("--label <name>", "a short name to address the agent by")
    .addOption(new Option("--direction <where>", "where the new pane goes").choices(DIRECTIONS).default("auto"))
    .option("--model <model>", "model name passed to the provider CLI")
    .option("--json", "print the result as JSON")
    .action((options: SpawnOptions & { json?: boolean }) =>
      run(async (ctx) => {
        const result = await spawnAgent(ctx, options);
        ctx.out(options.json ? JSON.stringify(result) : renderSpawn(result));
      }),
    );
  program
    .command("send")
    .description("type text into an agent's pane (literally; --enter submits it)")
    .argument("<agent>", AGENT_ARG)
    .argument("[text]", "text to type", "")
    .option("--enter", "press Enter after the text")
    .action((agent: string, text: string, options: { enter?: boolean }) =>
      run(async (ctx) => ctx.out(renderSend(await sendToAgent(ctx, agent, text, options.enter === true)))),
    );
  program
    .command("read")
    .description("print the last lines of an agent's pane")
    .argument("<agent>", AGENT_ARG)
    .option("--lines <n>", "how many lines to print (the last ones, history included)", String(DEFAULT_LINES))
    .option("--json", "print { id, pane, text } as JSON")
    .action((agent: string, options: { lines: string; json?: boolean }) =>
      run(async (ctx) => {
        const result = await readAgent(ctx, agent, parseLines(options.lines));
        ctx.out(options.json ? JSON.stringify(result) : result.text);
      }),
    );
  program
    .command("focus")
    .description("show an agent's pane: select its window and pane, switch your client to it")
    .argument("<agent>", AGENT_ARG)
    .action((agent: string) =>
      run(async (ctx) => {
        const result = await focusAgent(ctx, agent);
        ctx.out(say.focused(result.id, result.pane));
      }),
    );
  program
    .command("close")
    .description("end an agent: kill its tmux pane")
    .argument("<agent>", AGENT_ARG)
    .action((agent: string) =>
      run(async (ctx) => {
        const result = await closeAgent(ctx, agent);
        ctx.out(say.closed(result.id, result.pane));
      }),
    );
  program
    .command("status")
    .description("report what you (a worker agent) are doing, in one line; shown in list and the popup")
    .argument("<note>", 'one line, e.g. "tests green, writing docs"')
    .action((note: string) =>
      run(async (ctx) => {
        const result = await reportStatus(ctx, note);
        ctx.out(say.status(result.id, result.note));
      }),
    );
  program
    .command("guide")
    .description("print the orchestration guide for agents (the text of <data>/mytty-team.md)")
    .action(() => run(printGuide));
}

/** Every mytty-team command on `program`, each run over a context from `makeContext`. */
export function registerCommands(program: Command, makeContext: () => TeamContext): Command {
  const run = runner(makeContext);
  engineCommands(program, run);
  tmuxCommands(program, run);
  return program;
}
