// `mytty-team stats [--json]`: the engine's intake counters and the last event per provider.
import type { Stats } from "@mytty-bar/engine/client";
import type { EngineContext } from "../context.js";
import { say } from "../messages.js";

export function formatStats(stats: Stats): string {
  const providers = Object.entries(stats.lastEventAt).sort(([a], [b]) => a.localeCompare(b));
  return [
    say.statsCounts(stats),
    ...(providers.length === 0 ? [say.noHookEvents()] : providers.map(([p, at]) => say.lastEvent(p, at))),
  ].join("\n");
}

export async function runStats(ctx: EngineContext, json: boolean): Promise<number> {
  const stats = await ctx.engine.stats();
  ctx.out(json ? JSON.stringify(stats, null, 2) : formatStats(stats));
  return 0;
}
