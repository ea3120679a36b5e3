// `mytty-team focus`: bring an agent's pane to the front of its tmux window and client.
import { selectPaneArgs, selectWindowArgs, switchClientArgs } from "../tmux/argv.js";
import { requireTmux, resolveAgent, tmuxOrFail } from "../tmux/resolve.js";
import type { TeamContext } from "../context.js";

export async function focusAgent(ctx: TeamContext, agent: string): Promise<{ id: string; pane: string }> {
  requireTmux(ctx, "focus");
  const target = await resolveAgent(ctx, agent);
  await tmuxOrFail(target.runner, selectWindowArgs(target.pane), `select the window of ${target.pane}`);
  await tmuxOrFail(target.runner, selectPaneArgs(target.pane), `select ${target.pane}`);
  // Another session: move the caller's client there. Fails harmlessly when no client is attached.
  await target.runner.run(switchClientArgs(target.pane));
  // The engine can also raise the host terminal app (menu bar focus port); best effort.
  if (target.row !== undefined) await ctx.engine.focus(target.id).catch(() => false);
  return { id: target.id, pane: target.pane };
}
