// The shapes the inspector and its watchers share (what an agent is to them, what they report): a
// leaf, so transcript-watch.ts and inspector.ts need not import each other.
import type { AgentEvent, ProviderId } from "@mytty-bar/protocol";
import type { RegistryRun } from "./registry-watch.js";
import type { UsageWindow } from "./usage.js";

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
  /** The tmux pane Claude Code's session registry names for the process (`%<n>`). */
  tmuxPane?: string;
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
