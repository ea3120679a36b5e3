// Pure builders for every tmux invocation mytty-team makes: data in, argv out (no socket, no spawn).
// The runner adds `-S <socket>`; tests assert these arrays exactly.

export type SplitDirection = "left" | "right" | "up" | "down";

/** Fields read back from a pane; one tab-separated line per pane (labels cannot hold tabs, see labels.ts). */
export const PANE_FIELDS = [
  "pane_id",
  "pane_pid",
  "session_id",
  "window_id",
  "pane_width",
  "pane_height",
  "pane_dead",
  "@mytty_label",
  "@mytty_agent",
] as const;
export const PANE_FORMAT = PANE_FIELDS.map((field) => `#{${field}}`).join("\t");

export interface NewPaneSpec {
  /** Pane to split (or, for a new window, a pane of the window to insert after). */
  target: string;
  cwd: string;
  /** Exported into the new pane's environment (tmux `-e`), e.g. MYTTY_AGENT. */
  env: Readonly<Record<string, string>>;
  /** POSIX sh script run as `/bin/sh -c <script>`, whatever the user's default-shell is. */
  script: string;
}

const DIRECTION_FLAGS: Record<SplitDirection, string[]> = {
  right: ["-h"],
  left: ["-h", "-b"],
  down: ["-v"],
  up: ["-v", "-b"],
};

function paneTail(spec: NewPaneSpec): string[] {
  const env = Object.entries(spec.env).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  // More than one word after `--`: tmux execs it directly, so only /bin/sh ever parses the script.
  return ["-c", spec.cwd, ...env, "--", "/bin/sh", "-c", spec.script];
}

/** `-d` keeps the caller's pane active: the orchestrating agent keeps its keyboard focus. */
export function splitWindowArgs(spec: NewPaneSpec, direction: SplitDirection): string[] {
  return [
    "split-window",
    "-d",
    "-P",
    "-F",
    PANE_FORMAT,
    "-t",
    spec.target,
    ...DIRECTION_FLAGS[direction],
    ...paneTail(spec),
  ];
}

/** Fallback when the window has no room left: a background window right after `window` (an @id: tmux takes no pane here). */
export function newWindowArgs(spec: NewPaneSpec, window: string): string[] {
  return ["new-window", "-d", "-a", "-P", "-F", PANE_FORMAT, "-t", window, ...paneTail(spec)];
}

export function listPanesArgs(scope: { all: true } | { window: string }): string[] {
  return "all" in scope
    ? ["list-panes", "-a", "-F", PANE_FORMAT]
    : ["list-panes", "-t", scope.window, "-F", PANE_FORMAT];
}

export function paneInfoArgs(pane: string): string[] {
  return ["display-message", "-p", "-t", pane, PANE_FORMAT];
}

export function setPaneOptionArgs(pane: string, option: `@${string}`, value: string): string[] {
  return ["set-option", "-p", "-t", pane, option, value];
}

/** `-l`: the text is typed literally, so words like `Enter` or `C-c` inside it stay text. */
export function sendLiteralArgs(pane: string, text: string): string[] {
  return ["send-keys", "-t", pane, "-l", "--", text];
}

export function sendEnterArgs(pane: string): string[] {
  return ["send-keys", "-t", pane, "Enter"];
}

/** Last `lines` lines of history plus the screen, wrapped lines joined (`-J`). */
export function capturePaneArgs(pane: string, lines: number): string[] {
  return ["capture-pane", "-p", "-J", "-t", pane, "-S", `-${lines}`];
}

export function killPaneArgs(pane: string): string[] {
  return ["kill-pane", "-t", pane];
}

export function selectWindowArgs(pane: string): string[] {
  return ["select-window", "-t", pane];
}

export function selectPaneArgs(pane: string): string[] {
  return ["select-pane", "-t", pane];
}

/** Moves the current client (the caller's terminal) to the pane's session, window and pane. */
export function switchClientArgs(pane: string): string[] {
  return ["switch-client", "-t", pane];
}
