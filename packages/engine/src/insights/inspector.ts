// The stateful edge of insights: per agent, find its transcript, re-read it only when its (mtime, size)
// fingerprint changed and at most every readIntervalMs, and turn what changed into row fields and
// synthetic events. Call poll() with every live agent on each detection tick; an agent left out is
// taken to have exited.
import { isGeminiCli, type AgentEvent } from "@mytty-bar/protocol";
import { claudeContextLeft, claudeWindow } from "./claude.js";
import { SETTLE_MS } from "./estimate.js";
import type { InsightPaths } from "./locate.js";
import { DEFAULT_HEAD_BYTES, DEFAULT_TAIL_BYTES } from "./read.js";
import { agentResumeCommand } from "./resume.js";
import { antigravityModel, claudeSelection } from "./settings-files.js";
import { geminiInsight } from "./gemini-watch.js";
import { nodeTranscriptSource, type TranscriptSource } from "./source.js";
import { memoizedLookups } from "./memo-source.js";
import { pollStatusline } from "./statusline-watch.js";
import type { SqliteReader } from "./sqlite.js";
import { storeReader } from "./stores.js";
import { mergeRegistryEvents, pollRegistry } from "./registry-watch.js";
import {
  exitOf,
  locate,
  estimateFrom,
  newWatch,
  ownFacts,
  readIfChanged,
  stripUndefined,
  type InspectContext,
  type Watch,
} from "./transcript-watch.js";

import type { AgentInsight, InsightAgent, InsightEvent, InsightsPoll } from "./types.js";

export type { AgentInsight, InsightAgent, InsightEvent, InsightsPoll } from "./types.js";

export interface InsightsOptions {
  paths: InsightPaths;
  source?: TranscriptSource;
  readIntervalMs?: number;
  locateIntervalMs?: number;
  settleMs?: number;
  tailBytes?: number;
  headBytes?: number;
  /** Reads OpenCode's SQLite store (default: node:sqlite or better-sqlite3; false = never). */
  sqlite?: SqliteReader | false;
}

export interface InsightsInspector {
  poll(agents: readonly InsightAgent[], now: Date): Promise<InsightsPoll>;
}

export function createInsights(options: InsightsOptions): InsightsInspector {
  const base = options.source ?? nodeTranscriptSource();
  const ctx: InspectContext = {
    paths: options.paths,
    source: base,
    bootTime: undefined,
    readIntervalMs: options.readIntervalMs ?? 5_000,
    locateIntervalMs: options.locateIntervalMs ?? 5_000,
    settleMs: options.settleMs ?? SETTLE_MS,
    readOptions: {
      tailBytes: options.tailBytes ?? DEFAULT_TAIL_BYTES,
      headBytes: options.headBytes ?? DEFAULT_HEAD_BYTES,
    },
    codexCwds: new Map(),
  };
  const watches = new Map<string, Watch>();
  const stores = storeReader(options.paths, options.sqlite);
  let queue: Promise<unknown> = Promise.resolve();
  let bootTimeRead = false;

  async function inspect(watch: Watch, t: number, now: Date, events: AgentEvent[]): Promise<AgentInsight> {
    const { agent } = watch;
    if (agent.provider === "antigravity") {
      const resumeCommand = agentResumeCommand({ ...agent, hookSessionId: agent.sessionId });
      if (isGeminiCli(agent.executable ?? undefined, agent.argv ?? [])) {
        const chat = await geminiInsight(ctx, watch, now);
        events.push(...chat.events);
        return stripUndefined({ ...chat.insight, resumeCommand });
      }
      return { model: await antigravityModel(ctx.source, options.paths, agent, watch.settings), resumeCommand };
    }
    if (agent.provider !== "claude-code" && agent.provider !== "codex") {
      const { model, mode } = await stores(ctx.source, agent, watch.stores, t);
      return stripUndefined({
        model,
        mode,
        resumeCommand: agentResumeCommand({ ...agent, hookSessionId: agent.sessionId }),
      });
    }
    // Claude Code's own registry, when it speaks for this process, replaces the transcript's run guesses.
    const registry =
      agent.provider === "claude-code"
        ? await pollRegistry(ctx.source, options.paths.claudeDir, agent, watch.registry, now)
        : { live: false };
    const estimateRuns = agent.estimateRuns && !registry.live;
    // The registry's idle edge: read the tail now, so an ESC ends the run as interrupted, not succeeded.
    // Located afresh too: a session's first transcript appears with its first prompt, up to a locate interval
    // after the last look, and an ESC of that prompt must not wait for it.
    if (registry.event?.kind === "succeeded" || registry.idleEdge !== undefined) {
      watch.readAt = -Infinity;
      watch.locatedAt = -Infinity;
    }
    await locate(ctx, watch, t);
    const read = await readIfChanged(ctx, watch, t);
    const transcriptEvents = estimateFrom(ctx, watch, { read, estimateRuns, t, now }, events);
    const interruption = watch.summary?.interruption ?? watch.summary?.unanswered;
    events.push(...mergeRegistryEvents(registry, transcriptEvents, interruption));
    const insight = await summaryInsight(ctx, watch, registry.sessionId, t);
    if (registry.tmuxPane !== undefined) insight.tmuxPane = registry.tmuxPane;
    if (agent.provider === "claude-code")
      insight.usage = await pollStatusline(ctx.source, options.paths.statuslineDir, agent, watch.statusline);
    insight.resumeCommand = agentResumeCommand({
      ...agent,
      hookSessionId: agent.sessionId,
      transcriptSessionId: insight.sessionId,
    });
    return stripUndefined(insight);
  }

  async function pollOnce(agents: readonly InsightAgent[], now: Date): Promise<InsightsPoll> {
    ctx.source = memoizedLookups(base);
    if (!bootTimeRead) {
      bootTimeRead = true;
      ctx.bootTime = await base.bootTimeMs?.().catch(() => undefined); // unknown: /proc start ticks date nothing
    }
    const t = now.getTime();
    const events: InsightEvent[] = [];
    const insights: Record<string, AgentInsight> = {};
    const present = new Set(agents.map((a) => a.key));
    for (const [key, watch] of watches) {
      if (present.has(key)) continue;
      watches.delete(key);
      const event = exitOf(watch, now);
      if (event !== undefined) events.push({ agentKey: key, event });
    }
    const results = await Promise.all(
      agents.map(async (agent) => {
        let watch = watches.get(agent.key);
        if (watch === undefined) {
          watch = newWatch(agent, t);
          watches.set(agent.key, watch);
        }
        watch.agent = ownFacts(agent);
        const own: AgentEvent[] = [];
        const insight = await inspect(watch, t, now, own);
        return { key: agent.key, insight, own };
      }),
    );
    for (const { key, insight, own } of results) {
      insights[key] = insight;
      for (const event of own) events.push({ agentKey: key, event });
    }
    return { insights, events };
  }

  return {
    // Serialised: two overlapping polls would read the same change twice and race on the state.
    poll(agents, now) {
      const next = queue.then(() => pollOnce(agents, now));
      queue = next.catch(() => undefined); // the caller gets (and logs) the failure; the next poll still runs
      return next;
    },
  };
}

/** What the transcript summary says: model, session, tokens, context left. */
async function summaryInsight(
  ctx: InspectContext,
  watch: Watch,
  registrySession: string | undefined,
  t: number,
): Promise<AgentInsight> {
  const { agent, summary } = watch;
  const insight: AgentInsight = { transcriptPath: watch.file, sessionId: registrySession };
  if (summary !== undefined) {
    insight.model = summary.model;
    insight.sessionId = registrySession ?? summary.sessionId;
    insight.usedTokens = summary.usedTokens;
    insight.usage = summary.usage;
    if (agent.provider === "claude-code") {
      if (summary.usedTokens !== undefined) {
        const window = claudeWindow(
          summary.model,
          await claudeSelection(ctx.source, ctx.paths, agent, watch.selection, t, ctx.locateIntervalMs),
        );
        insight.windowTokens = window;
        insight.contextLeftPercent = claudeContextLeft(summary.usedTokens, window);
      }
    } else {
      insight.windowTokens = summary.windowTokens;
      insight.contextLeftPercent = summary.contextLeftPercent;
    }
  }
  return insight;
}
