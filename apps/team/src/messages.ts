// Every sentence mytty-team prints, and the exit code that goes with a failure: one place
// (docs/architecture.md#messages), loaded by the fast path too, so it imports nothing heavy.
import { ENGINE_NOT_RUNNING_MESSAGE } from "@mytty-bar/engine/client";

export const EXIT = {
  ok: 0,
  /** The operation ran and failed: unknown agent, tmux refused, pane gone, `wait`'s agent gone. */
  failed: 1,
  usage: 2,
  /** docs/architecture.md#contracts: the engine is not running (or stopped / stuck before answering). */
  engineDown: 3,
  /** `wait --timeout-seconds` ran out. */
  timeout: 4,
  /** spawn/send/read/focus/close outside tmux (or no tmux binary). */
  tmuxNeeded: 5,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * The one error a command throws on purpose: its message is printed as one line and its exit code
 * ends the process. `reason` lets a caller tell the cases it handles (engine down, unknown agent).
 */
export class TeamError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly reason?: "engine-down" | "unknown-agent",
  ) {
    super(message);
    this.name = "TeamError";
  }
}

/** The engine is not running (no socket, or nobody listening): callers may fall back to tmux alone. */
export const isEngineDown = (error: unknown): boolean => error instanceof TeamError && error.reason === "engine-down";

export const TIMEOUT_HINT = "give a number of seconds from 0.1 to 604800";

/** A row's state as the rest of a sentence about the agent ("codex-4 has succeeded", "… is waiting for input"). */
const STATE_WORDS: Readonly<Record<string, string>> = {
  unknown: "is in an unknown state",
  "waiting-input": "is waiting for input",
  "waiting-approval": "is waiting for approval",
  succeeded: "has succeeded",
  failed: "has failed",
};
export const stateWords = (state: string): string => STATE_WORDS[state] ?? `is ${state}`;

export const say = {
  engineDown: () => ENGINE_NOT_RUNNING_MESSAGE,
  engineStopped: () => "The Mytty Bar engine stopped before answering.",
  engineStuck: () => "The Mytty Bar engine did not answer in time; is it stuck? `mytty-doctor status` shows more.",
  untilMissing: () => "error: required option '--until <condition>' not specified (running, attention or completed)",
  waitReached: (id: string, state: string, attention: boolean) =>
    `${id} ${stateWords(state)}${attention ? " (needs you)" : ""}.`,
  waitGone: (agent: string, until: string) =>
    `Agent ${agent} is gone (its row left the list) before reaching "${until}".`,
  waitTimedOut: (seconds: number, agent: string, state: string, until: string) =>
    `Timed out after ${seconds} s: ${agent} ${stateWords(state)}, not "${until}".`,
  noAgents: () => "No agents. Start one in a terminal (hooks installed? `mytty-doctor status`).",
  statsCounts: (s: {
    accepted: number;
    duplicates: number;
    rejected: number;
    ignored?: number;
    spoolBacklog: number;
  }) =>
    `accepted ${s.accepted} · duplicates ${s.duplicates} · rejected ${s.rejected}${s.ignored !== undefined ? ` · ignored ${s.ignored}` : ""} · waiting in spool ${s.spoolBacklog}`,
  noHookEvents: () => "no hook events yet (are hooks installed? `mytty-doctor status`)",
  lastEvent: (provider: string, at: string) => `last ${provider} event: ${at}`,
  tmuxNeeded: (command: string) =>
    `mytty-team ${command} needs tmux: run it inside a tmux pane (TMUX/TMUX_PANE are not set here); list, wait and stats work anywhere.`,
  tmuxMissing: (detail: string) =>
    `tmux could not be run (${detail}): install tmux (brew install tmux / apt install tmux) or set MYTTY_TMUX_BIN to its path.`,
  tmuxFailed: (what: string, stderr: string) => `tmux could not ${what}: ${stderr.trim() || "no reason given"}.`,
  agentNotFound: (agent: string) =>
    `No agent "${agent}" in Mytty Bar or in this tmux server: run \`mytty-team list\` for ids and labels.`,
  agentAmbiguous: (agent: string, ids: string[]) =>
    `"${agent}" matches ${ids.length} agents (${ids.join(", ")}): address one by its id.`,
  agentNotInTmux: (agent: string) =>
    `Agent ${agent} does not run in a tmux pane, so mytty-team cannot type into or read it; use the menu bar to focus it.`,
  agentOnHost: (agent: string, host: string) =>
    `Agent ${agent} runs on ${host}: its tmux pane is that host's, and mytty-team acts on this machine's panes only; use the menu bar's Jump (docs/remote.md).`,
  selfClose: (id: string) => `${id} is the pane you are running in; mytty-team close will not end its caller.`,
  badLabel: (label: string) =>
    `Label ${JSON.stringify(label)} is not usable: use 1–64 characters (at most 128 bytes) of printable text without tabs or newlines.`,
  badModel: (model: string) =>
    `Model ${JSON.stringify(model)} is not usable: give a plain model name such as \`sonnet\` or \`gpt-5\`.`,
  badLines: (value: string) => `--lines must be a whole number from 1 to 100000, not ${JSON.stringify(value)}.`,
  badProvider: (provider: string, known: readonly string[]) =>
    `Unknown provider "${provider}": use one of ${known.join(", ")}.`,
  badCwd: (dir: string) => `--cwd ${dir} is not a directory: pass an existing project directory.`,
  cliMissing: (bin: string, provider: string) =>
    `${bin} is not on PATH, so the ${provider} agent cannot start: install it, or put its directory on PATH.`,
  labelTaken: (label: string, holder: string) =>
    `Label ${JSON.stringify(label)} is already used by ${holder}: pick another label, or end that agent first (\`mytty-team close ${holder}\`).`,
  taskMissing: () => "spawn needs the task: pass --task <text> or --task-file <path> (exactly one).",
  taskEmpty: () => "The task is empty: write what the new agent should do.",
  taskFileUnreadable: (file: string, reason: string) => `Cannot read the task file ${file}: ${reason}.`,
  taskFileTooLarge: (file: string, size: number, max: number) =>
    `The task file ${file} is ${Math.ceil(size / 1024)} KiB; a task is passed as one argument and may be at most ${max / 1024} KiB — put the details in a file in the repository and point the task at it.`,
  callerUnknown: () =>
    "mytty-team status runs from inside an agent Mytty Bar sees, and none was found for this pane or process: check `mytty-team list` (are the hooks installed? `mytty-doctor status`).",
  noteEmpty: () =>
    'The status note is empty: say in one line what you are doing, e.g. `mytty-team status "tests green, writing docs"`.',
  spawned: (id: string, label: string | undefined, provider: string, pane: string) =>
    `Spawned ${id}${label === undefined ? "" : ` "${label}"`} (${provider}) in tmux pane ${pane}; next: mytty-team wait ${id} --until completed`,
  sent: (characters: number, id: string, pane: string, enter: boolean) =>
    `Sent ${characters} character${characters === 1 ? "" : "s"} to ${id} (${pane})${enter ? " and pressed Enter" : ""}.`,
  focused: (id: string, pane: string) => `Focused ${id} (${pane}).`,
  closed: (id: string, pane: string) => `Closed ${id} (${pane}).`,
  status: (id: string | undefined, note: string) => (id === undefined ? `Status: ${note}` : `Status of ${id}: ${note}`),
} as const;
