// Model and context-left text for an agent row, and whether it is a low-context warning: the rule and
// its sentence are the engine's contextWarning(), through its light entry (the popup bundle loads it too).
import { contextWarning, type AgentRow, type MeterDisplay } from "@mytty-bar/engine/view";
import { contextShareText, modeText } from "../messages.js";

export interface ContextLine {
  /** "opus · 18% context left", "opus", "64% context left". */
  text: string;
  /** Below the threshold: shown as a warning. */
  low: boolean;
  /** The warning sentence (the engine's contextWarning().message); only when low. */
  warning?: string;
}

function knownPercent(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
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
    agent.mode !== undefined ? modeText(agent.mode) : undefined,
    left !== undefined ? contextShareText(left, display) : undefined,
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0) return undefined;
  const text = parts.join(" · ");
  const warning = contextWarning(agent, thresholdPercent);
  return warning ? { text, low: true, warning: warning.message } : { text, low: false };
}
