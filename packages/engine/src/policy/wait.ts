// `mytty-team wait <agent> --until …`: when an agent row counts as having reached a condition.
import type { AgentRow } from "../snapshot.js";

export const WAIT_CONDITIONS = ["running", "attention", "completed"] as const;
export type WaitCondition = (typeof WAIT_CONDITIONS)[number];

/**
 * How long a `wait` for a name no row has yet keeps looking before it answers "unknown agent": an
 * agent `mytty-team spawn` just started may be listed a poll later, or get its label a poll after its
 * row (the same bound spawn waits for the engine to see it).
 */
export const UNKNOWN_AGENT_GRACE_MS = 10_000;

/**
 * completed = the agent's latest run ended (succeeded, failed, disconnected); for an agent seen only
 * by polling, idle after it was seen working (the settle rule already applied).
 */
export function waitReached(row: AgentRow, until: WaitCondition, settledAfterWork = false): boolean {
  switch (until) {
    case "running":
      return row.state === "running";
    case "attention":
      return row.attention || row.state === "waiting-approval" || row.state === "waiting-input";
    case "completed":
      return (
        row.state === "succeeded" ||
        row.state === "failed" ||
        row.state === "disconnected" ||
        (row.state === "idle" && settledAfterWork)
      );
  }
}
