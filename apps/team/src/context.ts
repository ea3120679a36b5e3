// What mytty-team's commands need from the outside world, passed in so tests can point every effect
// at temp dirs, a private tmux server and a stand-in engine. Types only: the fast path loads nothing here.
import type { AgentRow, Nearness, Stats, WaitCondition, CheckedWaitResult } from "@mytty-bar/engine/client";
import type { Paths } from "@mytty-bar/paths";
import type { TmuxRunner } from "./tmux/runner.js";

/** The engine's control socket as the commands use it; every failure is a TeamError (messages.ts). */
export interface EngineView {
  /** Agent rows, as the engine sent them. */
  list(): Promise<AgentRow[]>;
  stats(): Promise<Stats>;
  /** Control op `wait`; without `timeoutSeconds` it waits as long as the engine does. */
  wait(
    agent: string,
    until: WaitCondition,
    timeoutSeconds: number | undefined,
    near: Nearness,
  ): Promise<CheckedWaitResult>;
  /**
   * Sets an agent's one-line self-report (control op `note`), addressed by id or by a pid the engine
   * walks up to the agent; an unknown agent is a TeamError with reason "unknown-agent".
   */
  note(target: { agent: string } | { pid: number }, text: string): Promise<void>;
  /** Asks the engine to bring the agent's terminal forward (control op `focus`); false when unknown. */
  focus(agentId: string): Promise<boolean>;
}

/** Where a command prints: one line each (a newline is added). */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** What list, wait and stats need: the fast path builds only this. */
export interface EngineContext extends Io {
  env: NodeJS.ProcessEnv;
  engine: EngineView;
}

export interface TeamContext extends EngineContext {
  paths: Paths;
  /** Prints text exactly as given (the guide must match its file byte for byte). */
  write(text: string): void;
  /** A runner for the caller's tmux server ($TMUX), or for `socket` when an engine row names one. */
  tmux(socket?: string): TmuxRunner;
  /** Parent pid chain of this process, nearest first (for `status` outside tmux). */
  ancestors(): Promise<number[]>;
  /** This process's pid (the engine can walk up from it when `list` has no match). */
  pid: number;
}

/** A command's body: prints through its context; a number is the exit code (none leaves it as is). */
export type Body<C> = (ctx: C) => Promise<number | void>;

/** Runs a body: builds the context, prints a TeamError as one line and sets the exit code (run.ts). */
export type RunAction<C = TeamContext> = (body: Body<C>) => Promise<void>;
