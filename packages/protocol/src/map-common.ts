// What every provider mapper returns, and the small payload readers they share.
import type { EventKind } from "./kinds.js";

/** A provider mapper's verdict before ids, time and the missing-run-key check are added. */
export interface Draft {
  kind: EventKind;
  /** Hook/event name as the provider named it. */
  hook: string;
  /** Already sanitised (docs/architecture.md#ids-hygiene-and-quoting); undefined → missing-run-key. */
  runKey?: string;
  sessionId?: string;
  /** Raw candidate; map.ts sanitises it and adds the "<tool> requires approval" fallback. */
  message?: unknown;
  toolName?: string;
  toolUseId?: string;
  cwd?: unknown;
}

export type ProviderVerdict = Draft | { ignored: string } | { invalid: string };

export function ignored(reason: string): { ignored: string } {
  return { ignored: reason };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim().length > 0 ? value : undefined;
}

/** First argument that is a non-empty string (the `a ?? b ?? c` of the message rules). */
export function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const t = text(value);
    if (t !== undefined) return t;
  }
  return undefined;
}

/**
 * A failure's message; a turn stopped by the provider's usage limit (Claude Code's and Codex's StopFailure
 * `error: "rate_limit"`) says so first, so the tray, the notification and the row read "blocked by a limit".
 */
export function failureMessage(error: unknown, ...texts: unknown[]): string | undefined {
  const detail = firstText(...texts, error);
  return error === "rate_limit"
    ? `Blocked by the usage limit${detail !== undefined && detail !== "rate_limit" ? `: ${detail}` : ""}`
    : detail;
}

export function firstArrayItem(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

/**
 * PermissionRequest for these tools asks the user a question rather than for approval
 * (docs/providers.md#claude-code).
 */
export const INPUT_TOOLS: readonly string[] = ["AskUserQuestion", "request_user_input", "question"];

export function requestKind(toolName: string | undefined): EventKind {
  return toolName !== undefined && INPUT_TOOLS.includes(toolName) ? "input-requested" : "approval-requested";
}

export const SYNTHETIC_HOOK_PREFIX = "mytty-bar.";
