// Which new Attention items become notifications. Pure: history in, history out, time passed in.
// Approvals and input requests notify at once, failures too, completions only after long work;
// each item at most once, and bursts (Cursor firing several estimates at once) are thinned.
import { agentName, type AttentionItem, type Run } from "@mytty-bar/protocol";
import type { Notice } from "../ports.js";
import type { AgentRow } from "../snapshot.js";
import type { Settings } from "../settings.js";
import { NOTICE_VERBS } from "../wording.js";

export const SAME_AGENT_KIND_GAP_MS = 10_000;
export const GLOBAL_WINDOW_MS = 60_000;
export const GLOBAL_MAX_PER_WINDOW = 6;
const REMEMBER_ITEMS = 500;

export interface NotifyHistory {
  /** Item ids already decided on (shown or suppressed), oldest first. */
  decided: string[];
  /** Times (epoch ms) of shown notices, oldest first. */
  shownAt: number[];
  /** "<agent>\0<kind>" → epoch ms of the last notice. */
  lastByAgentKind: Record<string, number>;
}

export function emptyNotifyHistory(): NotifyHistory {
  return { decided: [], shownAt: [], lastByAgentKind: {} };
}

export interface NewItem {
  item: AttentionItem;
  run?: Run;
  agent?: AgentRow;
}

const KIND: Record<AttentionItem["kind"], Notice["kind"]> = {
  "approval-request": "approval",
  "input-request": "input",
  failure: "failure",
  completion: "completion",
};

export function decideNotices(
  items: readonly NewItem[],
  settings: Pick<Settings, "notifications" | "completionThresholdMinutes">,
  history: NotifyHistory,
  now: Date,
): { notices: Notice[]; history: NotifyHistory } {
  const t = now.getTime();
  const decided = [...history.decided];
  const shownAt = history.shownAt.filter((s) => t - s < GLOBAL_WINDOW_MS);
  const lastByAgentKind = { ...history.lastByAgentKind };
  const notices: Notice[] = [];
  for (const { item, run, agent } of items) {
    if (decided.includes(item.id)) continue;
    decided.push(item.id);
    const kind = KIND[item.kind];
    if (!settings.notifications[kind]) continue;
    if (item.acknowledgedAt !== undefined || item.resolvedAt !== undefined) continue;
    if (kind === "completion" && workedMs(run, item) < settings.completionThresholdMinutes * 60_000) continue;
    const key = `${agent?.id ?? item.runId}\0${kind}`;
    const last = lastByAgentKind[key];
    if (last !== undefined && t - last < SAME_AGENT_KIND_GAP_MS) continue;
    if (shownAt.length >= GLOBAL_MAX_PER_WINDOW) continue;
    lastByAgentKind[key] = t;
    shownAt.push(t);
    notices.push(noticeFor(item, kind, agent));
  }
  return {
    notices,
    history: { decided: decided.slice(-REMEMBER_ITEMS), shownAt, lastByAgentKind: pruneKeys(lastByAgentKind, t) },
  };
}

function workedMs(run: Run | undefined, item: AttentionItem): number {
  if (!run?.startedAt) return 0;
  return Date.parse(item.createdAt) - Date.parse(run.startedAt);
}

function pruneKeys(map: Record<string, number>, t: number): Record<string, number> {
  return Object.fromEntries(Object.entries(map).filter(([, at]) => t - at < SAME_AGENT_KIND_GAP_MS));
}

/** "Claude Code needs approval" / "api/ · iTerm2 — Bash requires approval". */
export function noticeFor(item: AttentionItem, kind: Notice["kind"], agent?: AgentRow): Notice {
  const where = [agent?.cwd ? `${basename(agent.cwd)}/` : undefined, agent?.terminal.app, agent?.terminal.tmuxPane]
    .filter((p): p is string => p !== undefined && p !== "")
    .join(" · ");
  const body = [where, item.message].filter((p): p is string => p !== undefined && p !== "").join(" — ");
  return {
    id: `notice:${item.id}`,
    kind,
    // An agent on a watched host names it: "Claude Code on devbox needs approval".
    // The agent's own name, as its row says it ("Gemini CLI", not the shared provider's "Antigravity").
    title: `${agentName(agent ?? item)}${agent?.host ? ` on ${agent.host}` : ""} ${NOTICE_VERBS[kind]}`,
    body,
    ...(agent ? { agentId: agent.id } : {}),
    itemId: item.id,
  };
}

function basename(p: string): string {
  const parts = p.split("/").filter((s) => s !== "");
  return parts[parts.length - 1] ?? p;
}
