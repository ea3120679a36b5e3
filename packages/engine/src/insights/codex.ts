// Codex rollout files (docs/providers.md#codex): `{timestamp, type, payload}` lines. Model from the latest
// turn_context, context from the latest token_count, turns from task_started / task_complete /
// turn_aborted. Pure: records in, data out.
import { sanitizeLabel, sanitizeMessage, sanitizeSessionId } from "@mytty-bar/protocol";
import { asRecord, asString, clamp, tokenCount, type JsonRecord } from "./lines.js";
import type { Turn } from "./claude-turns.js";

export interface CodexContext {
  sessionId?: string;
  /** The session's working directory from session_meta (used to bind a rollout to an agent). */
  cwd?: string;
  model?: string;
  usedTokens?: number;
  windowTokens?: number;
  contextLeftPercent?: number;
}

/** Codex's session uuid from a rollout file name: `rollout-<timestamp>-<uuid>.jsonl`. */
export function codexSessionIdFromName(fileName: string): string | undefined {
  const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i.exec(fileName);
  return match?.[1]?.toLowerCase();
}

/** Remaining share, unrounded, as Codex reports it: 1 − tokens / window. */
export function codexContextLeft(tokens: number, window: number): number {
  return clamp((1 - tokens / window) * 100, 0, 100);
}

function usageTokens(usage: JsonRecord | undefined): number | undefined {
  if (usage === undefined) return undefined;
  const total = tokenCount(usage.total_tokens);
  if (total !== undefined && total > 0) return total;
  const input = tokenCount(usage.input_tokens);
  const output = tokenCount(usage.output_tokens);
  return input === undefined && output === undefined ? undefined : (input ?? 0) + (output ?? 0);
}

/** Later records win; fields absent from the tail stay as `previous` had them (the head is read once). */
export function inspectCodexRecords(records: readonly JsonRecord[], previous: CodexContext = {}): CodexContext {
  const out: CodexContext = { ...previous };
  for (const record of records) {
    const payload = asRecord(record.payload);
    if (payload === undefined) continue;
    if (record.type === "session_meta") {
      out.sessionId = sanitizeSessionId(payload.session_id ?? payload.id) ?? out.sessionId;
      out.cwd = asString(payload.cwd) ?? out.cwd;
    } else if (record.type === "turn_context") {
      out.model = sanitizeLabel(payload.model) ?? out.model;
    } else if (record.type === "event_msg") {
      const window = tokenCount(payload.model_context_window);
      if (payload.type === "task_started" && window !== undefined && window > 0) out.windowTokens = window;
      if (payload.type !== "token_count") continue;
      const info = asRecord(payload.info);
      if (info === undefined) continue;
      const infoWindow = tokenCount(info.model_context_window);
      if (infoWindow !== undefined && infoWindow > 0) out.windowTokens = infoWindow;
      const used = usageTokens(asRecord(info.last_token_usage) ?? asRecord(info.total_token_usage));
      if (used !== undefined) out.usedTokens = used;
    }
  }
  if (out.usedTokens !== undefined && out.windowTokens !== undefined) {
    out.contextLeftPercent = codexContextLeft(out.usedTokens, out.windowTokens);
  }
  return out;
}

/**
 * The message of a turn's API error; Codex's `usage_limit_exceeded` (a 429 "usage_limit_reached") reads as
 * blocked by the usage limit, like a StopFailure `rate_limit` (recorded from Codex 0.171.0 against the stand-in).
 */
function codexErrorMessage(error: JsonRecord): string | undefined {
  const message = sanitizeMessage(error.message);
  if (error.codex_error_info !== "usage_limit_exceeded") return message;
  return `Blocked by the usage limit${message !== undefined ? `: ${message}` : ""}`;
}

/**
 * Turns of a rollout tail. Keys are the hooks' run key (`turn_id`; the line timestamp where an old
 * Codex wrote none). task_complete finishes, turn_aborted (ESC) interrupts. An API error (Codex 0.169+
 * dispatch no StopFailure hook) fails the turn: Codex 0.171 writes it into the turn's task_complete as
 * `error: {message, codex_error_info}`; older releases wrote an `error` event before task_complete, which
 * fails the turn it falls in, its task_complete after it notwithstanding.
 */
export function codexTurns(records: readonly JsonRecord[]): Turn[] {
  const turns: Turn[] = [];
  const byKey = new Map<string, Turn>();
  let current: Turn | undefined;
  records.forEach((record, index) => {
    if (record.type !== "event_msg") return;
    const payload = asRecord(record.payload);
    const type = payload?.type;
    if (type !== "task_started" && type !== "task_complete" && type !== "turn_aborted" && type !== "error") return;
    const stamp = asString(record.timestamp) ?? `#${index}`;
    if (type === "error") {
      // The error names no turn: it belongs to the one under way.
      if (current === undefined || current.status !== "open") return;
      current.status = "failed";
      current.endedBy = stamp;
      const message = sanitizeMessage(payload?.message);
      if (message !== undefined) current.errorMessage = message;
      return;
    }
    const key =
      sanitizeSessionId(payload?.turn_id) ?? (type === "task_started" ? sanitizeSessionId(stamp) : current?.key);
    if (key === undefined) return;
    let turn = byKey.get(key);
    if (turn === undefined) {
      turn = { key, status: "open" };
      byKey.set(key, turn);
      turns.push(turn);
    }
    current = turn;
    if (type === "task_started") {
      turn.status = "open";
      delete turn.endedBy;
      delete turn.errorMessage;
    } else if (type === "task_complete") {
      if (turn.status === "failed") return;
      const error = asRecord(payload?.error);
      turn.status = error !== undefined ? "failed" : "finished";
      turn.endedBy = stamp;
      const message = error !== undefined ? codexErrorMessage(error) : undefined;
      if (message !== undefined) turn.errorMessage = message;
    } else {
      turn.status = "interrupted";
      turn.endedBy = stamp;
      turn.interruptedMessageId = stamp;
    }
  });
  return turns;
}
