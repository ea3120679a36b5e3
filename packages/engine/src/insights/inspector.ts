// The stateful edge of insights: per agent, find its transcript, re-read it only when its (mtime, size)
// fingerprint changed and at most every readIntervalMs, and turn what changed into row fields and
// synthetic events. Call poll() with every live agent on each detection tick; an agent left out is
// taken to have exited.
import path from "node:path";
import type { AgentEvent, ProviderId } from "@mytty-bar/protocol";
import { claudeContextLeft, claudeProjectSlug, claudeWindow } from "./claude.js";
import {
  appearedEvent,
  emptyEstimate,
  estimateEvents,
  exitedEvent,
  lastReportedKey,
  SETTLE_MS,
  type EstimateState,
} from "./estimate.js";
import { locateClaudeTranscript, locateCodexRollout, type CodexCwdCache, type InsightPaths } from "./locate.js";
import { DEFAULT_HEAD_BYTES, DEFAULT_TAIL_BYTES, readClaude, readCodex, type TranscriptSummary } from "./read.js";
import { agentResumeCommand } from "./resume.js";
import { antigravityModel, claudeSelection, type SelectionCache, type SettingsCache } from "./settings-files.js";
import { nodeTranscriptSource, processStartMs, type FileStamp, type TranscriptSource } from "./source.js";
import { memoizedLookups } from "./memo-source.js";
import type { UsageWindow } from "./usage.js";
import { pollStatusline, type StatuslineWatch } from "./statusline-watch.js";
import type { SqliteReader } from "./sqlite.js";
import { emptyStoreWatch, storeReader, type StoreWatch } from "./stores.js";
import { mergeRegistryEvents, pollRegistry, type RegistryRun, type RegistryWatch } from "./registry-watch.js";

export interface InsightAgent {
  /** The engine's agent id; state is kept per key. */
  key: string;
  provider: ProviderId;
  pid?: number;
  /** Epoch ms the process started; files last written before it are never bound to it. */
  startedAtMs?: number;
  /** detect's raw start time (ISO, `ps` lstart, or Linux ticks since boot), used when startedAtMs is absent. */
  startTime?: string;
  /**
   * Session id from hooks, when any arrived. Ignored for Claude/Codex agents with estimateRuns: without
   * hooks a session id can only have come from the transcript itself, and binding by it would miss a
   * rotation (/clear, /new); the transcript's own id is used instead.
   */
  sessionId?: string;
  cwd?: string;
  executable?: string | null;
  argv?: readonly string[];
  /** No hooks installed for this provider: estimate runs from the process and the transcript. */
  estimateRuns: boolean;
  /** The run the agent's row shows now: what Claude Code's session registry would correct or continue. */
  run?: RegistryRun;
}

export interface AgentInsight {
  model?: string;
  contextLeftPercent?: number;
  usedTokens?: number;
  windowTokens?: number;
  usage?: UsageWindow[]; // usage-limit windows (docs/usage-meters.md)
  mode?: string; // Cursor's chat mode (plan, ask, …)
  /** Session id the transcript names (hooks' id wins for resume when both exist). */
  sessionId?: string;
  transcriptPath?: string;
  resumeCommand?: string;
}

/** A synthetic event and the agent (InsightAgent.key) it belongs to. */
export interface InsightEvent {
  agentKey: string;
  event: AgentEvent;
}

export interface InsightsPoll {
  insights: Record<string, AgentInsight>;
  events: InsightEvent[];
}

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

interface Watch {
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
}

const sameStamp = (a: FileStamp | undefined, b: FileStamp | undefined) =>
  a !== undefined && b !== undefined && a.mtimeMs === b.mtimeMs && a.size === b.size;

export function createInsights(options: InsightsOptions): InsightsInspector {
  const base = options.source ?? nodeTranscriptSource();
  // Replaced by a per-poll memo: agents sharing directories (one Codex sessions tree) list them once.
  let source: TranscriptSource = base;
  const readIntervalMs = options.readIntervalMs ?? 5_000;
  const locateIntervalMs = options.locateIntervalMs ?? 5_000;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const readOptions = {
    tailBytes: options.tailBytes ?? DEFAULT_TAIL_BYTES,
    headBytes: options.headBytes ?? DEFAULT_HEAD_BYTES,
  };
  const watches = new Map<string, Watch>();
  const stores = storeReader(options.paths, options.sqlite);
  const codexCwds: CodexCwdCache = new Map();
  let queue: Promise<unknown> = Promise.resolve();
  let bootTime: number | undefined;
  let bootTimeRead = false;

  async function locate(watch: Watch, t: number): Promise<void> {
    const { agent } = watch;
    const boundBySession =
      agent.sessionId !== undefined && watch.locatedFor === agent.sessionId && watch.file !== undefined;
    if (boundBySession || (t - watch.locatedAt < locateIntervalMs && watch.locatedFor === agent.sessionId)) return;
    // Bound to the newest file of a Claude project dir: only a new file there (rotation) can change that.
    // The dir's mtime is taken before listing it, so a file created meanwhile is seen next time.
    const projectDir =
      agent.provider === "claude-code" && agent.sessionId === undefined && agent.cwd !== undefined
        ? path.join(options.paths.claudeDir, "projects", claudeProjectSlug(agent.cwd))
        : undefined;
    const dirMtime = projectDir !== undefined ? await source.dirMtime(projectDir) : undefined;
    if (
      watch.file !== undefined &&
      dirMtime !== undefined &&
      dirMtime === watch.dirMtime &&
      watch.locatedFor === agent.sessionId
    ) {
      watch.locatedAt = t;
      return;
    }
    const startedAtMs = agent.startedAtMs ?? processStartMs(agent.startTime, bootTime);
    const input = { sessionId: agent.sessionId, cwd: agent.cwd, pid: agent.pid, startedAtMs };
    const file =
      agent.provider === "claude-code"
        ? await locateClaudeTranscript(source, options.paths, input)
        : await locateCodexRollout(source, options.paths, input, codexCwds);
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

  async function inspect(watch: Watch, t: number, now: Date, events: AgentEvent[]): Promise<AgentInsight> {
    const { agent } = watch;
    if (agent.provider === "antigravity") {
      return {
        model: await antigravityModel(source, options.paths, agent, watch.settings),
        resumeCommand: agentResumeCommand({ ...agent, hookSessionId: agent.sessionId }),
      };
    }
    if (agent.provider !== "claude-code" && agent.provider !== "codex") {
      const { model, mode } = await stores(source, agent, watch.stores, t);
      return stripUndefined({
        model,
        mode,
        resumeCommand: agentResumeCommand({ ...agent, hookSessionId: agent.sessionId }),
      });
    }
    // Claude Code's own registry, when it speaks for this process, replaces the transcript's run guesses.
    const registry =
      agent.provider === "claude-code"
        ? await pollRegistry(source, options.paths.claudeDir, agent, watch.registry, now)
        : { live: false };
    const estimateRuns = agent.estimateRuns && !registry.live;
    // The registry's idle edge: read the tail now, so an ESC ends the run as interrupted, not succeeded.
    if (registry.event?.kind === "succeeded") watch.readAt = -Infinity;
    const transcriptEvents: AgentEvent[] = [];
    await locate(watch, t);
    let read = false;
    if (watch.file !== undefined) {
      const stamp = await source.stat(watch.file);
      if (stamp === undefined) {
        watch.locatedAt = -Infinity;
        watch.locatedFor = undefined;
      } else {
        if (!sameStamp(stamp, watch.stamp)) {
          watch.stamp = stamp;
          watch.stampSeenAt = t;
        }
        if (!sameStamp(stamp, watch.readStamp) && t - watch.readAt >= readIntervalMs) {
          const reader = agent.provider === "claude-code" ? readClaude : readCodex;
          try {
            watch.summary = await reader(source, watch.file, stamp, watch.summary, readOptions);
            watch.readStamp = stamp;
            watch.readAt = t;
            read = true;
          } catch {
            // Deleted or rotated between stat and read: find it again next poll.
            watch.locatedAt = -Infinity;
          }
        }
      }
    }
    const summary = watch.summary;
    const settled = sameStamp(watch.stamp, watch.readStamp) && t - watch.stampSeenAt >= settleMs;
    if (summary !== undefined && (read || (watch.pending && settled))) {
      const first = !watch.estimate.baselined;
      const result = estimateEvents(watch.estimate, {
        provider: agent.provider,
        turns: summary.turns,
        interruption: summary.interruption,
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
    events.push(...mergeRegistryEvents(registry, transcriptEvents, watch.summary?.interruption));
    const insight: AgentInsight = { transcriptPath: watch.file, sessionId: registry.sessionId };
    if (summary !== undefined) {
      insight.model = summary.model;
      insight.sessionId = registry.sessionId ?? summary.sessionId;
      insight.usedTokens = summary.usedTokens;
      insight.usage = summary.usage;
      if (agent.provider === "claude-code") {
        if (summary.usedTokens !== undefined) {
          const window = claudeWindow(
            summary.model,
            await claudeSelection(source, options.paths, agent, watch.selection, t, locateIntervalMs),
          );
          insight.windowTokens = window;
          insight.contextLeftPercent = claudeContextLeft(summary.usedTokens, window);
        }
      } else {
        insight.windowTokens = summary.windowTokens;
        insight.contextLeftPercent = summary.contextLeftPercent;
      }
    }
    if (agent.provider === "claude-code")
      insight.usage = await pollStatusline(source, options.paths.dataDir, agent, watch.statusline);
    insight.resumeCommand = agentResumeCommand({
      ...agent,
      hookSessionId: agent.sessionId,
      transcriptSessionId: insight.sessionId,
    });
    return stripUndefined(insight);
  }

  async function pollOnce(agents: readonly InsightAgent[], now: Date): Promise<InsightsPoll> {
    source = memoizedLookups(base);
    if (!bootTimeRead) {
      bootTimeRead = true;
      bootTime = await base.bootTimeMs?.().catch(() => undefined); // unknown: /proc start ticks date nothing
    }
    const t = now.getTime();
    const events: InsightEvent[] = [];
    const insights: Record<string, AgentInsight> = {};
    const present = new Set(agents.map((a) => a.key));
    for (const [key, watch] of watches) {
      if (present.has(key)) continue;
      watches.delete(key);
      const { agent } = watch;
      const runKey = lastReportedKey(watch.estimate) ?? agent.sessionId ?? watch.summary?.sessionId;
      if (agent.estimateRuns && agent.pid !== undefined && runKey !== undefined) {
        const event = exitedEvent({
          provider: agent.provider,
          processTag: processTag(agent),
          runKey,
          sessionId: agent.sessionId ?? watch.summary?.sessionId,
          cwd: agent.cwd,
          now,
        });
        events.push({ agentKey: key, event });
      }
    }
    const results = await Promise.all(
      agents.map(async (agent) => {
        let watch = watches.get(agent.key);
        if (watch === undefined) {
          watch = {
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
            statusline: {},
            stores: emptyStoreWatch(),
          };
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

function ownFacts(agent: InsightAgent): InsightAgent {
  if (
    !agent.estimateRuns ||
    (agent.provider !== "claude-code" && agent.provider !== "codex") ||
    agent.sessionId === undefined
  )
    return agent;
  const { sessionId: _echoed, ...rest } = agent;
  return rest;
}

function processTag(agent: InsightAgent): string {
  return `${agent.pid ?? "?"}@${agent.startedAtMs ?? agent.startTime ?? ""}`;
}

function stripUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
