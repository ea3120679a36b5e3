// Contract of packages/detect (issue 4). The engine and the doctor's `agents` command code against it.
import type { ProviderId } from "@mytty-bar/protocol";

/** One row of the process table. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Foreground process group of the controlling terminal; -1/0 when none. */
  tpgid: number;
  /** Controlling terminal as `ps` names it without /dev/ ("pts/3", "ttys004"), or null ("?", "??"). */
  tty: string | null;
  /** Start time as a stable string (lstart or /proc starttime) — pid reuse guard. */
  startTime: string;
  /** Resolved executable path where the source can tell (Linux /proc/<pid>/exe), else undefined. */
  executable?: string;
  argv: string[];
  /** Kernel command name; for display only, never for classification. */
  comm?: string;
  /** Effective uid of the owner where the source tells; detection keeps only the scanning user's agents. */
  uid?: number;
}

/** Where the process table comes from: `ps`, /proc, or a recorded fixture. */
export interface ProcessSource {
  list(): Promise<ProcessInfo[]>;
  /** One process's row, read on its own (the hook join's missing parents); absent when the source can only list. */
  process?(pid: number): Promise<ProcessInfo | undefined>;
  /** Exec-time environment (may be undefined when not readable). */
  environ(pid: number): Promise<Record<string, string> | undefined>;
  cwd(pid: number): Promise<string | undefined>;
}

export type DetectionVia = "process" | "descendant" | "hint";

export interface TerminalLocation {
  /** Host terminal app, e.g. "iTerm2", "Terminal", "Ghostty", "WezTerm", "kitty", "VS Code", "Cursor", "tmux". */
  app?: string;
  /** macOS bundle id where known. */
  bundleId?: string;
  /** tmux pane id ("%3") when the tty is a tmux pane. */
  tmuxPane?: string;
  tmuxSocket?: string;
  tmuxSession?: string;
  tmuxWindow?: string;
  /** tty of the tmux client showing this pane's session, if any. */
  tmuxClientTty?: string;
  /** The tmux pane's `@mytty_label` (set by `mytty-team spawn --label`): trimmed, no control characters, ≤ 64 characters. */
  label?: string;
  /** Terminal-specific ids for focus: ITERM_SESSION_ID, TERM_SESSION_ID, WEZTERM_PANE, KITTY_WINDOW_ID… */
  hints?: Record<string, string>;
  remote?: "ssh" | "mosh";
}

export interface DetectedAgent {
  tty: string | null;
  pid: number;
  provider: ProviderId;
  via: DetectionVia;
  executable: string;
  argv: string[];
  startTime: string;
  /** "gemini" vs "antigravity" kind kept for resume commands. */
  variant?: "gemini" | "antigravity";
  terminal: TerminalLocation;
}

/** An agent process of another uid, seen in a tty's foreground and left out. */
export interface LeftOutAgent {
  pid: number;
  uid: number;
  provider: ProviderId;
  tty: string | null;
  executable: string;
}

export interface ScanResult {
  processes: ProcessInfo[];
  agents: DetectedAgent[];
  /** Agents found in the foreground of a tty but owned by another uid: left out, never rows or joins. */
  otherUsers?: number;
  /** Those agents, one each (docs/detection.md#whose-agents-are-shown): what `mytty-doctor agents --all` lists. */
  leftOut?: LeftOutAgent[];
  at: Date;
}
