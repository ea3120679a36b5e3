import { z } from "zod";

/** What a hook event means for its run (docs/architecture.md#runs-and-attention). */
export const EVENT_KINDS = [
  "idle",
  "started",
  "running",
  "input-requested",
  "approval-requested",
  "succeeded",
  "failed",
  "disconnected",
] as const;
export const EventKindSchema = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKindSchema>;

/** Where a run is (docs/architecture.md#runs-and-attention). */
export const RUN_STATES = [
  "unknown",
  "idle",
  "running",
  "waiting-input",
  "waiting-approval",
  "succeeded",
  "failed",
  "disconnected",
] as const;
export const RunStateSchema = z.enum(RUN_STATES);
export type RunState = z.infer<typeof RunStateSchema>;

export const TERMINAL_STATES: readonly RunState[] = ["succeeded", "failed", "disconnected"];
export const WAITING_STATES: readonly RunState[] = ["waiting-input", "waiting-approval"];

export function isTerminal(state: RunState): boolean {
  return TERMINAL_STATES.includes(state);
}
export function isWaiting(state: RunState): boolean {
  return WAITING_STATES.includes(state);
}
