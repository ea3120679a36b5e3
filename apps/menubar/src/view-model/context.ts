// Model and context-left text for an agent row, and whether it is a low-context warning. The popup
// page cannot load @mytty-bar/engine (it runs in the browser without bare imports), so the rule of the
// engine's contextWarning() is restated here once for both front ends; view-model.test.ts checks it
// against the engine's function value by value, so the two cannot drift apart unnoticed.
import type { AgentRow } from "@mytty-bar/engine";
import { contextShareText, type MeterDisplay } from "./usage.js";

/** The engine's DEFAULT_LOW_CONTEXT_PERCENT (a test keeps them equal): used until settings arrive. */
export const LOW_CONTEXT_PERCENT_DEFAULT = 30;

export interface ContextLine {
  /** "opus · 18% context left", "opus", "64% context left". */
  text: string;
  /** Below the threshold: shown as a warning. */
  low: boolean;
  /** The warning sentence (same words as the engine's contextWarning().message); only when low. */
  warning?: string;
}

function knownPercent(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
}

/** True when the rounded share left is below the threshold; a threshold of 0 (or less) turns it off. */
export function isLowContext(contextLeftPercent: number | undefined, thresholdPercent: number): boolean {
  return knownPercent(contextLeftPercent) && thresholdPercent > 0 && Math.round(contextLeftPercent) < thresholdPercent;
}

/** The row's model/context line; undefined when neither is known. `display` changes the words, never the warning. */
export function contextLine(
  agent: Pick<AgentRow, "model" | "contextLeftPercent" | "mode">,
  thresholdPercent: number,
  display: MeterDisplay = "left",
): ContextLine | undefined {
  const left = knownPercent(agent.contextLeftPercent) ? Math.round(agent.contextLeftPercent) : undefined;
  const parts = [
    agent.model,
    agent.mode !== undefined ? `${agent.mode} mode` : undefined,
    left !== undefined ? contextShareText(left, display) : undefined,
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0) return undefined;
  const text = parts.join(" · ");
  if (left === undefined || !isLowContext(agent.contextLeftPercent, thresholdPercent)) return { text, low: false };
  const model = agent.model !== undefined ? ` (${agent.model})` : "";
  return { text, low: true, warning: `Only ${left}% context left${model}: compact or start a new session soon` };
}
