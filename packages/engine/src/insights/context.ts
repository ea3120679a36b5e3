// Low-context warning: a pure function the popup, the TUI and notifications share, so they agree on
// when an agent is about to run out of context.
import type { AgentRow } from "../snapshot.js";
import { lowContextText } from "../wording.js";

/** Default threshold: warn when less than 30 % of the context window is left (Mytty's default). */
export const DEFAULT_LOW_CONTEXT_PERCENT = 30;

export interface ContextWarning {
  level: "low";
  /** Remaining share, rounded as shown. */
  leftPercent: number;
  thresholdPercent: number;
  /** One line for a popup row or a notification, English (UIs may localise from the numbers). */
  message: string;
}

/**
 * A warning when the row's remaining context (rounded) is below the threshold; undefined when the
 * context is unknown, the threshold is off (≤ 0) or enough is left.
 */
export function contextWarning(
  row: Pick<AgentRow, "contextLeftPercent" | "model">,
  thresholdPercent: number = DEFAULT_LOW_CONTEXT_PERCENT,
): ContextWarning | undefined {
  const left = row.contextLeftPercent;
  if (left === undefined || !Number.isFinite(left) || !(thresholdPercent > 0)) return undefined;
  const rounded = Math.round(left);
  if (rounded >= thresholdPercent) return undefined;
  return {
    level: "low",
    leftPercent: rounded,
    thresholdPercent,
    message: lowContextText(rounded, row.model),
  };
}

/** "73% left" style text for a list column; undefined when unknown. */
export function formatContextLeft(contextLeftPercent: number | undefined): string | undefined {
  return contextLeftPercent === undefined || !Number.isFinite(contextLeftPercent)
    ? undefined
    : `${Math.round(contextLeftPercent)}% left`;
}
