// What the tmux-side commands need from the outside world, passed in so tests can point every
// effect at temp dirs, a private tmux server and a stand-in engine.
import type { AgentRow } from "@mytty-bar/engine";
import type { Paths } from "@mytty-bar/paths";
import type { TmuxRunner } from "../tmux/runner.js";

/** The slice of the engine's control socket these commands use. */
export interface EngineView {
  /** Agent rows; rejects with EngineDownError when the engine is not running. */
  list(): Promise<AgentRow[]>;
  /**
   * Sets an agent's one-line self-report (control op `note`), addressed by id or by a pid the engine
   * walks up to the agent; rejects with AgentUnknownError when the engine knows no such agent.
   */
  note(target: { agent: string } | { pid: number }, text: string): Promise<void>;
  /** Asks the engine to bring the agent's terminal forward (control op `focus`); false when unknown. */
  focus(agentId: string): Promise<boolean>;
}

export class EngineDownError extends Error {
  constructor(message = "engine not running") {
    super(message);
    this.name = "EngineDownError";
  }
}

export class AgentUnknownError extends Error {
  constructor(message = "unknown agent") {
    super(message);
    this.name = "AgentUnknownError";
  }
}

export interface TeamContext {
  env: NodeJS.ProcessEnv;
  paths: Paths;
  /** Prints one line (a newline is added). */
  stdout(text: string): void;
  stderr(text: string): void;
  /** Prints text exactly as given (the guide must match its file byte for byte). */
  write(text: string): void;
  /** A runner for the caller's tmux server ($TMUX), or for `socket` when an engine row names one. */
  tmux(socket?: string): TmuxRunner;
  engine: EngineView;
  /** Parent pid chain of this process, nearest first (for `status` outside tmux). */
  ancestors(): Promise<number[]>;
  /** This process's pid (the engine can walk up from it when `list` has no match). */
  pid: number;
}

/** Wraps a command body: builds the context, prints a TeamError as one line and sets the exit code. */
export type RunAction = (action: (ctx: TeamContext) => Promise<void>) => Promise<void>;
