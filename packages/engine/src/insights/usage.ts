// Usage-limit windows (docs/usage-meters.md): how much of a provider's subscription limit is used, read
// only from what the agent itself writes locally. Pure: records in, windows out; a value that does not
// look right is dropped, never guessed.
import type { UsageWindow } from "../snapshot.js";
import { asRecord, type JsonRecord } from "./lines.js";

// The window's shape belongs to the rows' contract (snapshot.ts); re-exported for the readers here.
export { UsageWindowSchema, type UsageWindow } from "../snapshot.js";

const percent = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.min(value, 100) : undefined;

/** "5h" for 300 minutes, "7d" for 10080; odd lengths keep minutes ("90m"). */
export function windowLabel(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440}d`;
  if (minutes % 60 === 0) return `${minutes / 60}h`;
  return `${Math.round(minutes)}m`;
}

/** Epoch seconds (or an ISO string) → ISO; undefined when it is not a plausible time. */
function isoFromEpochSeconds(value: unknown): string | undefined {
  let ms: number | undefined;
  if (typeof value === "number" && Number.isFinite(value) && value > 0) ms = value * 1000;
  else if (typeof value === "string" && value !== "")
    ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
  if (ms === undefined || !Number.isFinite(ms) || ms > 8.64e15) return undefined;
  return new Date(ms).toISOString();
}

/**
 * Codex `token_count` → `rate_limits` (openai/codex codex-rs/protocol/src/protocol.rs RateLimitSnapshot):
 * `primary` / `secondary` each `{ used_percent, window_minutes, resets_at }` (epoch seconds); older
 * releases wrote `resets_in_seconds`, counted from the line's own timestamp.
 */
export function codexRateLimits(rateLimits: unknown, lineTimestamp: unknown): UsageWindow[] | undefined {
  const limits = asRecord(rateLimits);
  if (limits === undefined) return undefined;
  const out: UsageWindow[] = [];
  for (const key of ["primary", "secondary"]) {
    const w = asRecord(limits[key]);
    const used = percent(w?.used_percent);
    const minutes = w?.window_minutes;
    if (w === undefined || used === undefined || typeof minutes !== "number" || !(minutes > 0)) continue;
    let resetsAt = isoFromEpochSeconds(w.resets_at);
    const inSeconds = w.resets_in_seconds;
    const base = typeof lineTimestamp === "string" ? Date.parse(lineTimestamp) : NaN;
    if (resetsAt === undefined && typeof inSeconds === "number" && inSeconds >= 0 && Number.isFinite(base)) {
      resetsAt = new Date(base + inSeconds * 1000).toISOString();
    }
    out.push({ window: windowLabel(minutes), usedPercent: used, ...(resetsAt !== undefined ? { resetsAt } : {}) });
  }
  return out.length > 0 ? out : undefined;
}

/** The newest Codex rate-limit snapshot in a rollout tail (later lines win; `null` snapshots are skipped). */
export function latestCodexUsage(records: readonly JsonRecord[]): UsageWindow[] | undefined {
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.type !== "event_msg") continue;
    const payload = asRecord(record.payload);
    if (payload?.type !== "token_count") continue;
    const usage = codexRateLimits(payload.rate_limits, record.timestamp);
    if (usage !== undefined) return usage;
  }
  return undefined;
}

const CLAUDE_WINDOWS = [
  ["five_hour", "5h"],
  ["seven_day", "7d"],
] as const;

/**
 * Claude Code's statusLine input (≥ 2.1.80, subscriptions only): `rate_limits.five_hour` /
 * `rate_limits.seven_day`, each `{ used_percentage, resets_at }` with resets_at in epoch seconds.
 */
export function claudeStatusLineUsage(input: unknown): UsageWindow[] | undefined {
  const limits = asRecord(asRecord(input)?.rate_limits);
  if (limits === undefined) return undefined;
  const out: UsageWindow[] = [];
  for (const [key, label] of CLAUDE_WINDOWS) {
    const w = asRecord(limits[key]);
    const used = percent(w?.used_percentage);
    if (used === undefined) continue;
    const resetsAt = isoFromEpochSeconds(w?.resets_at);
    out.push({ window: label, usedPercent: used, ...(resetsAt !== undefined ? { resetsAt } : {}) });
  }
  return out.length > 0 ? out : undefined;
}

/** The most used window: what a one-glance meter and the low-usage warning look at. */
export function tightestWindow(usage: readonly UsageWindow[] | undefined): UsageWindow | undefined {
  let best: UsageWindow | undefined;
  for (const w of usage ?? []) if (best === undefined || w.usedPercent > best.usedPercent) best = w;
  return best;
}
