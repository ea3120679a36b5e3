// Engine state → what front ends see (snapshot.ts): one row per agent, shown Attention items, tray, stats.
import {
  actionableItems,
  isActionable,
  resumeCommand,
  type Answered,
  type AttentionItem,
  type HeldRequest,
} from "@mytty-bar/protocol";
import type { EngineCore } from "./core.js";
import type { AgentRecord } from "./agents.js";
import type { AgentRow, LeftOut, Snapshot, Stats } from "./snapshot.js";
import { trayModel } from "./policy/tray.js";
import type { LocalTabResult } from "./core-types.js";

/** What answering adds to an agent's row (answers/answering.ts); absent = nothing held, nothing answered. */
export type RowAnswers = (
  agentKey: string,
  runId: string | undefined,
) => { request?: HeldRequest; answered?: Answered };
const NO_ANSWERS: RowAnswers = () => ({});

export function agentRows(core: EngineCore, answers: RowAnswers = NO_ANSWERS): AgentRow[] {
  const needsYou = new Set(actionableItems(core.tracker).map((i) => core.runOwner.get(i.runId)));
  const rows = [...core.agents.values()].map((record) => rowOf(core, record, needsYou.has(record.key), answers));
  return rows.sort((a, b) => (a.tty ?? "~").localeCompare(b.tty ?? "~") || a.id.localeCompare(b.id));
}

/** Rows of the agents with these keys (unknown keys are left out), attention as agentRows gives it. */
export function agentRowsOf(core: EngineCore, keys: readonly string[], answers: RowAnswers = NO_ANSWERS): AgentRow[] {
  const wanted = new Set(keys);
  const needsYou = new Set<string | undefined>();
  for (const item of core.tracker.attention) {
    if (isActionable(item)) needsYou.add(core.runOwner.get(item.runId));
  }
  const rows: AgentRow[] = [];
  for (const key of wanted) {
    const record = core.agents.get(key);
    if (record) rows.push(rowOf(core, record, needsYou.has(key), answers));
  }
  return rows;
}

function rowOf(core: EngineCore, record: AgentRecord, attention: boolean, answers: RowAnswers): AgentRow {
  const run = record.lastRunId !== undefined ? core.tracker.runs[record.lastRunId] : undefined;
  const { request, answered } = answers(record.key, run?.id);
  const sessionId = run?.sessionId ?? record.sessionId;
  const cwd = run?.cwd ?? record.cwd;
  const linkDown = record.host !== undefined ? core.hostsDown.get(record.host) : undefined;
  const resume =
    (sessionId !== undefined && record.alive ? safeResume(record, sessionId) : undefined) ??
    record.insight?.resumeCommand;
  return {
    id: record.id,
    tty: record.tty,
    pid: record.pid,
    provider: record.provider,
    via: record.via,
    executable: record.executable,
    ...(record.variant !== undefined ? { variant: record.variant } : {}),
    terminal: record.terminal,
    // A host whose link is down: its agents may be fine, but nothing of theirs can be seen (a view, not a run change).
    state: linkDown !== undefined ? "disconnected" : (run?.state ?? record.poll?.state ?? "unknown"),
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(run ? { runId: run.id } : {}),
    ...(run?.message !== undefined ? { message: run.message } : {}),
    attention,
    updatedAt: run?.updatedAt ?? record.pollChangedAt ?? record.firstSeenAt,
    ...(run?.startedAt !== undefined ? { startedAt: run.startedAt } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
    ...(record.terminal.label !== undefined ? { label: record.terminal.label } : {}),
    ...(record.note !== undefined ? { note: record.note } : {}),
    ...(record.insight?.model !== undefined ? { model: record.insight.model } : {}),
    ...(record.insight?.contextLeftPercent !== undefined
      ? { contextLeftPercent: record.insight.contextLeftPercent }
      : {}),
    ...(resume !== undefined ? { resumeCommand: resume } : {}),
    ...(record.insight?.usage !== undefined ? { usage: record.insight.usage } : {}),
    ...(record.insight?.mode !== undefined ? { mode: record.insight.mode } : {}),
    answerable: request !== undefined,
    ...(request !== undefined ? { request } : {}),
    ...(answered !== undefined ? { answered } : {}),
    host: record.host ?? null,
    ...(record.host !== undefined ? localTabFields(core.localTabs.get(record.key)) : {}),
    ...(linkDown !== undefined ? { linkDownSince: linkDown } : {}),
  };
}

function localTabFields(found: LocalTabResult | undefined): Partial<Pick<AgentRow, "localTab" | "localTabProblem">> {
  if (found === undefined) return {};
  return "tab" in found ? { localTab: found.tab } : { localTabProblem: found.problem };
}

function safeResume(record: AgentRecord, sessionId: string): string | undefined {
  try {
    return resumeCommand({
      provider: record.provider,
      sessionId,
      ...(record.executable !== null ? { executable: record.executable } : {}),
      ...(record.argv ? { argv: record.argv } : {}),
    });
  } catch {
    return undefined; // an id we cannot quote safely gets no resume command
  }
}

/** Is this agent's idle the settled end of observed work (polling only)? For `wait --until completed`. */
export function settledAfterWork(core: EngineCore, agentId: string): boolean {
  const record = [...core.agents.values()].find((a) => a.id === agentId);
  return (
    record !== undefined &&
    record.lastRunId === undefined &&
    record.poll?.seenWorking === true &&
    record.poll.state === "idle"
  );
}

export function buildStats(core: EngineCore, spoolBacklog: number, leftOut?: LeftOut): Stats {
  return { ...core.counters, spoolBacklog, lastEventAt: { ...core.lastEventAt }, ...(leftOut ? { leftOut } : {}) };
}

export function buildSnapshot(
  core: EngineCore,
  spoolBacklog: number,
  now: Date,
  answers: RowAnswers = NO_ANSWERS,
  hosts: NonNullable<Snapshot["hosts"]> = [],
  leftOut?: LeftOut,
): Snapshot {
  const agents = agentRows(core, answers);
  const byKey = new Map([...core.agents.values()].map((a) => [a.key, a.id]));
  const attention = [...core.tracker.attention]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map((item: AttentionItem) => {
      const agentId = byKey.get(core.runOwner.get(item.runId) ?? "");
      return {
        ...item,
        ...(agentId !== undefined ? { agentId } : {}),
        actionable: item.resolvedAt === undefined && item.acknowledgedAt === undefined,
      };
    });
  return {
    at: now.toISOString(),
    agents,
    attention,
    tray: trayModel(agents, attention),
    stats: buildStats(core, spoolBacklog, leftOut),
    ...(hosts.length > 0 ? { hosts } : {}),
  };
}
