// What the engine adds to rows beside run states, on the poll tick: each live agent's cwd (join
// fallback) and the transcript insights (model, context left, run estimates where no hooks fire).
import type { ProcessSource } from "@mytty-bar/detect";
import type { EngineCore, Change } from "./core.js";
import { mergeChange, refOf } from "./core.js";
import type { HookPresence, InsightAgent, InsightsInspector } from "./insights/index.js";

export async function fillCwds(core: EngineCore, source: Pick<ProcessSource, "cwd">): Promise<void> {
  for (const record of core.agents.values()) {
    // A watched host's pid means nothing here (docs/remote.md#watching-a-host).
    if (record.pid === null || !record.alive || record.processCwd !== undefined || record.host !== undefined) continue;
    // Exited, or not readable: "" marks it asked, so the join fallback does not ask every poll.
    core.setProcessCwd(record.key, (await source.cwd(record.pid).catch(() => undefined)) ?? "");
  }
}

/** One insights poll over every live agent; its synthetic events are applied like hook events. */
export async function pollInsights(
  core: EngineCore,
  inspector: InsightsInspector,
  hooks: HookPresence,
  now: Date,
): Promise<Change> {
  const agents: InsightAgent[] = [];
  for (const record of core.agents.values()) {
    if (record.pid === null || !record.alive || record.host !== undefined) continue;
    const cwd = record.cwd ?? (record.processCwd || undefined);
    const run = record.lastRunId !== undefined ? core.tracker.runs[record.lastRunId] : undefined;
    agents.push({
      key: record.key,
      provider: record.provider,
      pid: record.pid,
      ...(record.startTime !== undefined ? { startTime: record.startTime } : {}),
      ...(record.sessionId !== undefined ? { sessionId: record.sessionId } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      executable: record.executable,
      ...(record.argv ? { argv: record.argv } : {}),
      estimateRuns: !hooks.installed(record.provider, now),
      ...(run
        ? { run: { runKey: run.runKey, state: run.state, updatedAt: run.updatedAt, sessionId: run.sessionId } }
        : {}),
    });
  }
  const result = await inspector.poll(agents, now);
  for (const [key, insight] of Object.entries(result.insights)) {
    const fields = {
      ...(insight.model !== undefined ? { model: insight.model } : {}),
      ...(insight.contextLeftPercent !== undefined ? { contextLeftPercent: insight.contextLeftPercent } : {}),
      ...(insight.resumeCommand !== undefined ? { resumeCommand: insight.resumeCommand } : {}),
      ...(insight.usage !== undefined ? { usage: insight.usage } : {}),
      ...(insight.mode !== undefined ? { mode: insight.mode } : {}),
      ...(insight.tmuxPane !== undefined ? { tmuxPane: insight.tmuxPane } : {}),
    };
    core.setInsight(key, fields, insight.sessionId);
  }
  const change: Change = { created: [], log: [] };
  for (const { agentKey, event } of result.events) {
    const record = core.agents.get(agentKey);
    if (!record) continue;
    mergeChange(change, core.apply(event, refOf(record), now, false));
  }
  return change;
}
