// One agent's transcript watch, the steps insights/inspector.ts runs on it each poll: bind it to its
// transcript, re-read it when it changed, and the events of an agent that left.
import path from "node:path";
import type { AgentEvent } from "@mytty-bar/protocol";
import { claudeProjectSlug } from "./claude.js";
import {
  appearedEvent,
  emptyEstimate,
  estimateEvents,
  exitedEvent,
  lastReportedKey,
  type EstimateState,
} from "./estimate.js";
import type { GeminiChatWatch } from "./gemini-chat.js";
import type { InsightAgent } from "./types.js";
import { locateClaudeTranscript, locateCodexRollout, type CodexCwdCache, type InsightPaths } from "./locate.js";
import { readClaude, readCodex, type TranscriptSummary } from "./read.js";
import type { SelectionCache, SettingsCache } from "./settings-files.js";
import { processStartMs, type FileStamp, type TranscriptSource } from "./source.js";
import type { StatuslineWatch } from "./statusline-watch.js";
import { emptyStoreWatch, type StoreWatch } from "./stores.js";
import type { RegistryWatch } from "./registry-watch.js";

export interface Watch {
  agent: InsightAgent;
  file?: string;
  locatedAt: number;
  locatedFor?: string;
  /** mtime of the bound Claude file's directory when it was located. */
  dirMtime?: number;
  /** Latest stat, when it first looked like this, and the stamp the summary was read at. */
  stamp?: FileStamp;
  stampSeenAt: number;
  readStamp?: FileStamp;
  readAt: number;
  summary?: TranscriptSummary;
  /** The user's Claude model selection, re-read at most every locate interval. */
  selection: SelectionCache;
  estimate: EstimateState;
  pending: boolean;
  appeared: boolean;
  settings: SettingsCache;
  registry: RegistryWatch;
  statusline: StatuslineWatch;
  stores: StoreWatch;
  gemini: GeminiChatWatch;
}

export const sameStamp = (a: FileStamp | undefined, b: FileStamp | undefined) =>
  a !== undefined && b !== undefined && a.mtimeMs === b.mtimeMs && a.size === b.size;

/** What every watch step reads: options, and the poll's memoised source and the boot time. */
export interface InspectContext {
  paths: InsightPaths;
  /** Replaced by a per-poll memo: agents sharing directories (one Codex sessions tree) list them once. */
  source: TranscriptSource;
  bootTime: number | undefined;
  readIntervalMs: number;
  locateIntervalMs: number;
  settleMs: number;
  readOptions: { tailBytes: number; headBytes: number };
  codexCwds: CodexCwdCache;
}

export function newWatch(agent: InsightAgent, t: number): Watch {
  return {
    agent: ownFacts(agent),
    locatedAt: -Infinity,
    stampSeenAt: t,
    readAt: -Infinity,
    selection: { at: -Infinity },
    settings: {},
    estimate: emptyEstimate(),
    pending: false,
    appeared: false,
    registry: {},
    gemini: {},
    statusline: {},
    stores: emptyStoreWatch(),
  };
}

/** Binds the watch to its agent's transcript (again, after a rotation); at most every locate interval. */
export async function locate(ctx: InspectContext, watch: Watch, t: number): Promise<void> {
  const { agent } = watch;
  const boundBySession =
    agent.sessionId !== undefined && watch.locatedFor === agent.sessionId && watch.file !== undefined;
  if (boundBySession || (t - watch.locatedAt < ctx.locateIntervalMs && watch.locatedFor === agent.sessionId)) return;
  // Bound to the newest file of a Claude project dir: only a new file there (rotation) can change that.
  // The dir's mtime is taken before listing it, so a file created meanwhile is seen next time.
  const projectDir =
    agent.provider === "claude-code" && agent.sessionId === undefined && agent.cwd !== undefined
      ? path.join(ctx.paths.claudeDir, "projects", claudeProjectSlug(agent.cwd))
      : undefined;
  const dirMtime = projectDir !== undefined ? await ctx.source.dirMtime(projectDir) : undefined;
  if (
    watch.file !== undefined &&
    dirMtime !== undefined &&
    dirMtime === watch.dirMtime &&
    watch.locatedFor === agent.sessionId
  ) {
    watch.locatedAt = t;
    return;
  }
  const startedAtMs = agent.startedAtMs ?? processStartMs(agent.startTime, ctx.bootTime);
  const input = { sessionId: agent.sessionId, cwd: agent.cwd, pid: agent.pid, startedAtMs };
  const file =
    agent.provider === "claude-code"
      ? await locateClaudeTranscript(ctx.source, ctx.paths, input)
      : await locateCodexRollout(ctx.source, ctx.paths, input, ctx.codexCwds);
  watch.locatedAt = t;
  watch.locatedFor = agent.sessionId;
  watch.dirMtime = dirMtime;
  if (file !== watch.file) {
    // Rotation (/clear, /new, resume): per-file facts reset; run memory carries over so the old run closes.
    watch.file = file;
    watch.stamp = undefined;
    watch.readStamp = undefined;
    watch.summary = undefined;
    watch.readAt = -Infinity;
  }
}

/** Re-reads the bound transcript when its stamp changed and the read interval passed; true when it read. */
export async function readIfChanged(ctx: InspectContext, watch: Watch, t: number): Promise<boolean> {
  if (watch.file === undefined) return false;
  const stamp = await ctx.source.stat(watch.file);
  if (stamp === undefined) {
    watch.locatedAt = -Infinity;
    watch.locatedFor = undefined;
    return false;
  }
  if (!sameStamp(stamp, watch.stamp)) {
    watch.stamp = stamp;
    watch.stampSeenAt = t;
  }
  if (sameStamp(stamp, watch.readStamp) || t - watch.readAt < ctx.readIntervalMs) return false;
  const reader = watch.agent.provider === "claude-code" ? readClaude : readCodex;
  try {
    watch.summary = await reader(ctx.source, watch.file, stamp, watch.summary, ctx.readOptions);
    watch.readStamp = stamp;
    watch.readAt = t;
    return true;
  } catch {
    // Deleted or rotated between stat and read: find it again next poll.
    watch.locatedAt = -Infinity;
    return false;
  }
}

/**
 * Run estimates from a summary read now (or a pending one that settled): the transcript's events,
 * returned for the registry to merge, and the "appeared" event of an idle agent's first look, pushed.
 */
export function estimateFrom(
  ctx: InspectContext,
  watch: Watch,
  step: { read: boolean; estimateRuns: boolean; t: number; now: Date },
  events: AgentEvent[],
): AgentEvent[] {
  const { agent } = watch;
  const { read, estimateRuns, t, now } = step;
  const transcriptEvents: AgentEvent[] = [];
  const summary = watch.summary;
  const settled = sameStamp(watch.stamp, watch.readStamp) && t - watch.stampSeenAt >= ctx.settleMs;
  if (summary !== undefined && (read || (watch.pending && settled))) {
    const first = !watch.estimate.baselined;
    const result = estimateEvents(watch.estimate, {
      provider: agent.provider,
      turns: summary.turns,
      interruption: summary.interruption,
      failure: summary.failure,
      estimateRuns,
      settled,
      sessionId: agent.sessionId ?? summary.sessionId,
      cwd: agent.cwd,
      now,
    });
    watch.estimate = result.state;
    watch.pending = result.pending;
    transcriptEvents.push(...result.events);
    const sessionId = agent.sessionId ?? summary.sessionId;
    if (estimateRuns && first && !watch.appeared && result.events.length === 0 && sessionId !== undefined) {
      events.push(
        appearedEvent({ provider: agent.provider, processTag: processTag(agent), sessionId, cwd: agent.cwd, now }),
      );
    }
    watch.appeared = true;
  }
  return transcriptEvents;
}

/** The run-ending event of an agent that left the poll (it exited), where runs are estimated. */
export function exitOf(watch: Watch, now: Date): AgentEvent | undefined {
  const { agent } = watch;
  const runKey = lastReportedKey(watch.estimate) ?? agent.sessionId ?? watch.summary?.sessionId;
  if (!agent.estimateRuns || agent.pid === undefined || runKey === undefined) return undefined;
  return exitedEvent({
    provider: agent.provider,
    processTag: processTag(agent),
    runKey,
    sessionId: agent.sessionId ?? watch.summary?.sessionId,
    cwd: agent.cwd,
    now,
  });
}

export function ownFacts(agent: InsightAgent): InsightAgent {
  if (
    !agent.estimateRuns ||
    (agent.provider !== "claude-code" && agent.provider !== "codex") ||
    agent.sessionId === undefined
  )
    return agent;
  const { sessionId: _echoed, ...rest } = agent;
  return rest;
}

export function processTag(agent: InsightAgent): string {
  return `${agent.pid ?? "?"}@${agent.startedAtMs ?? agent.startTime ?? ""}`;
}

export function stripUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
