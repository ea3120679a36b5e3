// Contract between the engine and its front ends (menu bar, TUI, headless). The engine owns state and
// policy; a front end supplies these ports for platform effects and reads snapshots.
import type { Answer, AnswerResult, AnswerSource } from "@mytty-bar/protocol";
import type { AgentRow, Snapshot } from "./snapshot.js";

/** A notification the policy decided to show (deduped and rate-limited already). */
export interface Notice {
  id: string;
  kind: "approval" | "input" | "failure" | "completion";
  title: string;
  body: string;
  agentId?: string;
  itemId: string;
}

export interface EnginePorts {
  notify?(notice: Notice): void;
  /** A client asked to bring an agent's terminal to the front (control socket `focus`, a notification click). */
  focus?(agent: AgentRow): void;
  /** Hold or release the sleep blocker (policy: any run active and the setting on). */
  sleepBlocker?(hold: boolean): void;
  /** Each line the engine writes to <data>/engine.log, as it is written (`--headless` echoes it to stderr). */
  log?(line: string): void;
}

export interface EngineHandle {
  snapshot(): Snapshot;
  /** Called on every change (coalesced); returns an unsubscribe function. */
  subscribe(listener: (snapshot: Snapshot) => void): () => void;
  acknowledge(itemId: string): boolean;
  /** Resolves the agent by id or label and forwards to ports.focus; false when unknown. */
  requestFocus(agent: string): boolean;
  /**
   * Answers the held request with exactly this id (docs/answering.md). At most once; a late, repeated or
   * unknown answer is refused with a one-line message. Only front ends a person drives call this directly.
   */
  answer(requestId: string, answer: Answer, by: AnswerSource): AnswerResult;
  stop(): Promise<void>;
}
