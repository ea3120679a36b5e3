// The engine's English for people: agent states, the tray's title and its most-urgent line, notification
// titles and the low-context warning. The policies build their sentences from here, and the front ends
// (the popup through @mytty-bar/engine/view, the TUI) show the same words from the same place.
import type { AttentionKind } from "@mytty-bar/protocol";
import type { Notice } from "./ports.js";
import type { AgentRow } from "./snapshot.js";

/** An agent's state as a row shows it. */
export const STATE_LABELS: Record<AgentRow["state"], string> = {
  unknown: "Unknown",
  idle: "Idle",
  running: "Running",
  "waiting-input": "Needs input",
  "waiting-approval": "Needs approval",
  succeeded: "Done",
  failed: "Failed",
  disconnected: "Disconnected",
};

/** The tray's most-urgent line for an item without a message of its own. */
export const ATTENTION_FALLBACK: Record<AttentionKind, string> = {
  "approval-request": STATE_LABELS["waiting-approval"],
  "input-request": STATE_LABELS["waiting-input"],
  failure: STATE_LABELS.failed,
  completion: "Finished",
};

/** "2 running · 1 needs you", "3 idle", or "" with no agents. */
export function trayTitle(running: number, needsYou: number, agents: number, waiting = 0): string {
  const parts: string[] = [];
  if (running > 0) parts.push(`${running} running`);
  if (needsYou > 0) parts.push(`${needsYou} ${needsYou === 1 ? "needs" : "need"} you`);
  // An acknowledged approval or question still holds its agent: waiting, not idle.
  if (waiting > 0) parts.push(`${waiting} waiting`);
  return parts.length > 0 ? parts.join(" · ") : agents > 0 ? `${agents} idle` : "";
}

/** A notification's title after the agent's name: "Claude Code needs approval". */
export const NOTICE_VERBS: Record<Notice["kind"], string> = {
  approval: "needs approval",
  input: "needs input",
  failure: "failed",
  completion: "finished",
};

/** The low-context warning, with the share left as shown (rounded) and the model when known. */
export function lowContextText(leftPercent: number, model: string | undefined): string {
  return `Only ${leftPercent}% context left${model !== undefined ? ` (${model})` : ""}: compact or start a new session soon`;
}
