// Shared shapes of the focus module: pure planners produce Commands, one CommandRunner executes them.
// Both the Electron main process and the TUI use this module, so nothing here imports Electron.

/** One external command: an argv array (never a shell string), optional stdin and extra env. */
export interface Command {
  argv: readonly string[];
  env?: Readonly<Record<string, string>>;
  /** When set, the command counts as successful only if its trimmed stdout equals this (AppleScript "true"). */
  expectStdout?: string;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The one effect of this module: run a command and report its outcome (never throws for a non-zero exit). */
export interface CommandRunner {
  run(command: Command): Promise<CommandResult>;
}

export type FocusStatus = "exact" | "window" | "app-only" | "nothing";

export interface FocusOutcome {
  status: FocusStatus;
  host: string;
  /** One line for the user: what happened and, when not exact, why. */
  detail: string;
}
