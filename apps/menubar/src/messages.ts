// Every sentence mytty-bar shows: on the command line (what is wrong, why, and what to run instead),
// in the popup and in the TUI dashboard. The popup bundle imports this module too
// (docs/menubar.md#where-the-wording-lives), so it holds no value imports. Agent states, the tray's
// title and the low-context warning are the engine's words (packages/engine/src/wording.ts), provider
// names protocol's.
import type { MeterDisplay } from "@mytty-bar/engine/view";
import type { AttentionKind } from "@mytty-bar/protocol";
import { shellWord } from "@mytty-bar/protocol/wire";
import type { IntegrationRow } from "./ipc/contract.js";

// ---- The command line ---------------------------------------------------------------------------------

export const HELP_TEXT = `
Mytty Bar watches the coding agents (Claude Code, Codex, Cursor CLI, OpenCode, Gemini/Antigravity)
running in your terminals and tells you when one needs you.

Modes:
  mytty-bar              the menu bar app (Electron): tray icon, popup, notifications that jump to the pane
  mytty-bar --tui        the same state as a terminal dashboard
  mytty-bar --headless   only the engine, in the foreground (for mytty-team and scripts); Ctrl-C stops it

Dashboard keys (--tui):
  ↑/↓ or j/k  move      enter  jump to the agent's tab/pane      a  acknowledge
  c  show and copy the resume command                            q  quit
  y  allow a held request once   n  deny it   t  hand it back to the agent's own prompt in the terminal

Agents on other machines (over your own ssh; docs/remote.md):
  mytty-bar remote add <destination>      watch an ssh host (devbox, user@host) or docker://<container>
  mytty-bar remote list [--json]          the watched hosts and their links
  mytty-bar remote remove <destination>   stop watching; nothing of ours keeps running there

Hooks are installed with mytty-doctor:   mytty-doctor install claude-code   (then: mytty-doctor status)
`;

export interface ElectronProblem {
  kind: "package-missing" | "binary-missing" | "spawn-failed" | "exited" | "no-display";
  detail?: string;
  code?: number | null;
}

const CONTINUE = "Use `mytty-bar --tui` for the terminal dashboard, or `mytty-bar --headless` for the engine alone.";

export function electronProblemText(problem: ElectronProblem): string {
  switch (problem.kind) {
    case "package-missing":
      return `The menu bar app needs the electron package, which is not installed here. Run \`npm install\` in the repository root. ${CONTINUE}`;
    case "binary-missing":
      return [
        "Electron's binary is not installed (it is downloaded on first use, and this machine could not: no network access, or Node older than 22.12).",
        "Run `npx install-electron` on a networked machine with Node 22.12 or newer, then start `mytty-bar` again.",
        CONTINUE,
      ].join("\n");
    case "spawn-failed":
      return `Electron could not start (${problem.detail ?? "unknown error"}). ${CONTINUE}`;
    case "exited":
      return `Electron stopped with exit code ${String(problem.code)}. If it cannot run on this machine: ${CONTINUE}`;
    case "no-display":
      return `The menu bar app needs a display (DISPLAY and WAYLAND_DISPLAY are unset). ${CONTINUE}`;
  }
}

/** The one line `mytty-bar` prints in a terminal before it opens the dashboard instead of the menu bar app. */
export function fallbackText(problem: ElectronProblem): string {
  const why = {
    "package-missing": "the electron package is not installed (`npm install`)",
    "binary-missing": "Electron's binary is not installed (`npx install-electron` needs network and Node 22.12+)",
    "spawn-failed": `Electron could not start (${problem.detail ?? "unknown error"})`,
    exited: `Electron stopped with exit code ${String(problem.code)}`,
    "no-display": "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)",
  }[problem.kind];
  return `The menu bar app cannot start here: ${why}. Opening the terminal dashboard instead (\`--no-fallback\` exits).`;
}

export const TUI_NEEDS_TTY =
  "mytty-bar --tui needs an interactive terminal (stdin and stdout must be a TTY). Use `mytty-bar --headless` in scripts.";

export function engineFailedText(detail: string): string {
  return `The engine could not start: ${detail}`;
}

// ---- The engine in the foreground (--headless) and the main process --------------------------------

export const headlessRunningText = (pid: number, dataDir: string) =>
  `Mytty Bar engine running (pid ${pid}); data in ${dataDir}. Stop with Ctrl-C or \`kill ${pid}\`.`;
export const headlessStoppedText = (signal: string) => `Stopped (${signal}).`;
const DATA_DIR_ELSEWHERE = "or set MYTTY_BAR_DATA_DIR to another directory";
export const dataDirInTheWayText = (dataDir: string, reason: string) =>
  `The engine cannot use its data directory ${dataDir}: something that is not a directory is in the way (${reason}). Move it aside, ${DATA_DIR_ELSEWHERE}.`;
export const dataDirDeniedText = (dataDir: string, reason: string) =>
  `The engine may not write to its data directory ${dataDir} (${reason}). Fix its permissions (it should be yours, mode 0700), ${DATA_DIR_ELSEWHERE}.`;
export const engineStartFailedText = (dataDir: string, reason: string) =>
  `The engine failed to start in ${dataDir}: ${reason}`;
export const CHOOSE_ONE_MODE = "Choose one of --tui and --headless.";

export const APP_NAME = "Mytty Bar";
export const trayTooltip = (summary: string) => `${APP_NAME} — ${summary || "no agents"}`;
export const notificationsUnavailableLog = (reason: string) =>
  `Notifications unavailable: ${reason}. Falling back to the tray and the popup.`;
export const notificationsUnavailableBanner = (reason: string) =>
  `Notifications cannot be shown (${reason}). ${APP_NAME} opens this popup instead.`;
export const AGENT_NOT_RUNNING = "That agent is no longer running.";
export const guideWriteFailedText = (error: string) => `Could not write the guide: ${error}`;
export const APP_START_FAILED = `${APP_NAME} could not start`;
export const checkCrashedText = (message: string) => `The check crashed: ${message}`;
export const NO_PLAN = "No plan was produced";

/** A jump's outcome, as the popup's banner and the dashboard's status line say it. */
export const FOCUS_TEXT = {
  exact: (host: string) => `Brought the agent's ${host} pane to the front.`,
  window: (host: string) => `Raised the ${host} window; the terminal inside it cannot be selected from outside.`,
  appOnly: (host: string, reason: string) => `Opened ${host} without switching tabs: ${reason}.`,
  nothing: (host: string, reason: string) => `Could not bring ${host} forward: ${reason}.`,
  tabUnknown: "the exact tab is unknown",
  needsMac: (host: string) => `${host} is scripted through AppleScript, which needs macOS`,
  noTmuxClient: (host: string) => `no tmux client is attached to show this pane in ${host}`,
  ttyUnknown: "the tab's tty is unknown",
  weztermPane: "WezTerm did not report its pane id (WEZTERM_PANE)",
  kittyWindow: "kitty did not report its window id (KITTY_WINDOW_ID)",
  kittyRemoteOff: "kitty remote control is off (set allow_remote_control and listen_on in kitty.conf)",
  noWindow: (host: string) => `${host} did not report which window runs the agent`,
  noTabSelection: (host: string) => `${host} offers no way to select a tab from outside`,
  appUnknown: "the terminal app is unknown",
} as const;

// ---- The popup and the dashboard -------------------------------------------------------------------

export const KIND_LABELS: Record<AttentionKind, string> = {
  "approval-request": "Approval",
  "input-request": "Input",
  failure: "Failure",
  completion: "Completed",
};

/** An item's line when the agent sent no words of its own: never the kind's label twice ("Input … — Input"). */
export const KIND_MESSAGES: Record<AttentionKind, string> = {
  "approval-request": "waits for your approval",
  "input-request": "waits for your answer",
  failure: "its turn failed",
  completion: "finished its turn",
};

export const INTEGRATION_STATUS: Record<IntegrationRow["status"], string> = {
  installed: "Installed",
  "needs-repair": "Needs repair",
  "not-installed": "Not installed",
  invalid: "Invalid",
  crashed: "Check crashed",
};

/** What a hook hint says is wrong with a provider's hooks (Needs-you section). */
const HINT_PROBLEM: Partial<Record<IntegrationRow["status"], string>> = {
  "needs-repair": "hooks need repair",
  invalid: "settings file cannot be parsed",
};

/** Words the popup and the dashboard share, and the popup's buttons. */
export const VIEW = {
  appName: "Mytty Bar",
  starting: "Starting…",
  integrations: "Integrations",
  settings: "Settings",
  keys: "↑/↓ move · Enter jump · A acknowledge · C copy",
  quit: "Quit",
  waitingForEngine: "Waiting for the engine…",
  allQuiet: "All quiet",
  noAgentsRunning: "No agents running",
  needsYou: "Needs you",
  agents: "Agents",
  nothingNeedsYou: "Nothing needs you.",
  noAgentsHint: "No agents running. Start claude, codex, cursor-agent, opencode or gemini in any terminal.",
  agentGone: "agent gone",
  noTerminal: "no terminal",
  unknownTerminal: "Unknown terminal",
  acknowledged: "acknowledged",
  resolved: "resolved",
  jump: "Jump",
  acknowledge: "Acknowledge",
  dismiss: "Dismiss",
  fix: "Fix",
  diff: "Diff",
  checkAgain: "Check again",
  copyResume: "Copy resume",
  copied: "Copied",
  checkingHooks: "Checking hooks…",
  noProviders: "No providers known.",
  noChanges: "No changes: the file already matches.",
  loadingSettings: "Loading settings…",
} as const;

export const failedText = (detail: string) => `That did not work: ${detail}`;
export const agoText = (elapsed: string) => `${elapsed} ago`;
export const diffFailedText = (error: string) => `Diff failed: ${error}`;
export const copyResumeLabel = (command: string) => `Copy resume command: ${command}`;
/** What a screen reader says for an agent row: name, state, where, and any warning. */
export const agentRowLabel = (name: string, state: string, app: string, place: string, warnings: string[]) =>
  `${name} ${state} in ${app} ${place}${warnings.map((w) => `, ${w}`).join("")}`;
export const hookHintText = (name: string, status: IntegrationRow["status"]) =>
  `${name} ${HINT_PROBLEM[status] ?? "hooks not installed"} — attention states need them`;

/** The settings form: legends, field labels, choices. */
export const SETTINGS_TEXT = {
  notifyLegend: "Notify me about",
  approval: "Approval requests",
  input: "Input requests",
  failure: "Failures",
  completion: "Completions",
  completionThresholdMinutes: "…after working at least (minutes)",
  generalLegend: "General",
  preventSleep: "Keep the Mac awake while agents run",
  lowContextPercent: "Warn when context left is below (%, 0 = off)",
  meterUsed: "Meters show the share used (not left)",
  lowUsagePercent: "Warn when a usage limit left is below (%, 0 = off)",
  claudeStatusLine: "Claude Code usage limits via its status line (applied by mytty-doctor install)",
  pollIntervalSeconds: "Look for agents every (seconds)",
  pointerLanguage: "Pointer language",
  languages: { en: "English", ja: "日本語" },
  launchAtLogin: "Launch at login",
  shortcut: "Jump shortcut",
  shortcutNone: "none",
} as const;

/** Meters: "62 % left" / "38 % used" for a usage window, "64% context left" / "36% context used". */
export const shareText = (leftPercent: number, display: MeterDisplay) =>
  display === "used" ? `${100 - leftPercent} % used` : `${leftPercent} % left`;
export const contextShareText = (leftPercent: number, display: MeterDisplay) =>
  display === "used" ? `${100 - leftPercent}% context used` : `${leftPercent}% context left`;
export const modeText = (mode: string) => `${mode} mode`;
export const resetsText = (when: string) => `resets ${when}`;
export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const lowUsageText = (leftPercent: number, window: string, reset: string | undefined) =>
  `Only ${leftPercent}% of the ${window} usage limit left${reset !== undefined ? ` (resets ${reset})` : ""}`;

/** The dashboard's status line and header. */
export const TUI_TEXT = {
  allQuiet: "all quiet",
  noAgentsRunning: "no agents running",
  nothingToAcknowledge: "Nothing to acknowledge here.",
  selectAnAgent: "Select an agent to copy its resume command.",
  agentGone: "That agent is gone: nothing to jump to.",
} as const;
/** The keys that answer a held request of this kind (an approval takes all three, a question only t). */
export const answerKeysText = (kind: "approval" | "question") =>
  kind === "approval" ? "y allow once · n deny · t answer in terminal" : "t answer in terminal";
/** The dashboard's key line: the answer keys appear while the selected row holds a request. */
export const tuiKeysLine = (held?: { kind: "approval" | "question" }) =>
  [
    "↑/↓ j/k move",
    "enter jump",
    ...(held ? [answerKeysText(held.kind)] : []),
    "a acknowledge",
    "c copy resume",
    "q quit",
  ].join(" · ");
export const acknowledgedText = (n: number) => `Acknowledged ${n} item${n === 1 ? "" : "s"}.`;
export const noResumeText = (agent: string) => `No resume command known for ${agent}.`;
export const resumeStatusText = (command: string, sent: boolean) =>
  `Resume: ${command}${sent ? "  (sent to the clipboard via OSC 52)" : ""}`;
export const jumpingText = (agent: string) => `Jumping to ${agent}…`;
export const jumpFailedText = (error: string) => `Jump failed: ${error}`;

/** `mytty-bar remote …` (docs/remote.md#watching-a-host). */
export const remoteText = {
  added: (host: string) =>
    `Watching ${host}. Install the hooks there with \`mytty-doctor install <provider> --host ${shellWord(host)}\`; a running Mytty Bar connects within one poll (\`mytty-bar remote list\` shows the link).`,
  alreadyWatched: (host: string) => `${host} is already watched (\`mytty-bar remote list\`).`,
  tooMany: (max: number) =>
    `At most ${max} hosts can be watched (one ssh session each): remove one with \`mytty-bar remote remove <destination>\`.`,
  notWatched: (host: string) => `${host} is not watched: \`mytty-bar remote list\` shows the watched hosts.`,
  removed: (host: string) => `No longer watching ${host}; nothing of Mytty Bar's runs there now.`,
  /** After stopFailed: the host is out of settings, but what runs there was not seen to end. */
  removedUnreached: (host: string) => `No longer watching ${host} (removed from settings).`,
  removedIdle: (host: string, lingerMinutes: number) =>
    `No longer watching ${host} (removed from settings). Mytty Bar is not running, so there is no session there to stop; a keeper left by a cut link exits by itself within ${lingerMinutes} minutes.`,
  stopFailed: (host: string, stderr: string, lingerMinutes: number) =>
    `Could not reach ${host} to end a streamer left from a cut link (${stderr.trim().split("\n").at(-1) ?? ""}); it exits by itself within ${lingerMinutes} minutes.`,
  none: "No hosts are watched. Add one with `mytty-bar remote add <destination>` (an ssh destination or docker://<container>).",
  line: (h: { host: string; state: string; since?: string; problem?: string; helperMissing?: boolean }) => {
    const state =
      h.state === "engine-not-running"
        ? "not watched now: Mytty Bar is not running (start it with `mytty-bar`)"
        : `${h.state}${h.since ? ` since ${h.since}` : ""}`;
    const hooks = h.helperMissing
      ? ` — no hooks there: \`mytty-doctor install <provider> --host ${shellWord(h.host)}\``
      : "";
    return `${h.host}  ${state}${h.problem ? ` — ${h.problem}` : ""}${hooks}`;
  },
};

/** Jump on an agent of a watched host: fail closed (docs/remote.md#jump-to-a-remote-agent). */
export function remoteFocusText(host: string, reason: string): string {
  return `This agent runs on ${host} and the local tab running \`ssh ${shellWord(host)}\` is not known exactly: ${reason}. Nothing was switched; open that tab yourself.`;
}

/** The popup's settings list of watched hosts (read-only there: `mytty-bar remote add|remove` edits it). */
export const watchedHostsText = (hosts: readonly string[]) =>
  hosts.length > 0
    ? `Watched hosts: ${hosts.join(", ")} (change with \`mytty-bar remote add|remove\`)`
    : "No watched hosts (add one with `mytty-bar remote add <destination>`)";
