// `mytty-team close`: end an agent by killing its pane (never the caller's own pane).
import type { Command } from "commander";
import { killPaneArgs } from "../tmux/argv.js";
import { EXIT, TeamError } from "../tmux/messages.js";
import { untilEngineSeesGone } from "../tmux/label-use.js";
import { requireTmux, resolveAgent, tmuxOrFail } from "../tmux/resolve.js";
import type { RunAction, TeamContext } from "./context.js";

export async function closeAgent(ctx: TeamContext, agent: string): Promise<{ id: string; pane: string }> {
  requireTmux(ctx, "close");
  const target = await resolveAgent(ctx, agent);
  if (target.pane === ctx.env.TMUX_PANE && target.runner.socket === ctx.tmux().socket) {
    throw new TeamError(
      `${target.id} is the pane you are running in; mytty-team close will not end its caller.`,
      EXIT.failed,
    );
  }
  await tmuxOrFail(target.runner, killPaneArgs(target.pane), `close ${target.pane}`);
  // Return once the engine lists the agent as gone: right after close, its label names nobody.
  if (target.row !== undefined) await untilEngineSeesGone(ctx, target.id);
  return { id: target.id, pane: target.pane };
}

export function registerClose(program: Command, run: RunAction): void {
  program
    .command("close")
    .description("end an agent: kill its tmux pane")
    .argument("<agent>", "agent id or label from `mytty-team list` (or a tmux pane id such as %3)")
    .action((agent: string) =>
      run(async (ctx) => {
        const result = await closeAgent(ctx, agent);
        ctx.stdout(`Closed ${result.id} (${result.pane}).`);
      }),
    );
}
