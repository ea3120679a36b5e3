// `mytty-team close`: end an agent by killing its pane (never the caller's own pane).
import { killPaneArgs } from "../tmux/argv.js";
import { EXIT, TeamError, say } from "../messages.js";
import { untilEngineSeesGone } from "../tmux/label-use.js";
import { requireTmux, resolveAgent, tmuxOrFail } from "../tmux/resolve.js";
import type { TeamContext } from "../context.js";

export async function closeAgent(ctx: TeamContext, agent: string): Promise<{ id: string; pane: string }> {
  requireTmux(ctx, "close");
  const target = await resolveAgent(ctx, agent);
  if (target.pane === ctx.env.TMUX_PANE && target.runner.socket === ctx.tmux().socket) {
    throw new TeamError(say.selfClose(target.id), EXIT.failed);
  }
  await tmuxOrFail(target.runner, killPaneArgs(target.pane), `close ${target.pane}`);
  // Return once the engine lists the agent as gone: right after close, its label names nobody.
  if (target.row !== undefined) await untilEngineSeesGone(ctx, target.id);
  return { id: target.id, pane: target.pane };
}
