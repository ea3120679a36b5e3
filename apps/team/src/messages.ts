// Every line mytty-team's tmux commands print on failure, with its exit code (one place,
// docs/architecture.md#messages).

export const EXIT = {
  ok: 0,
  /** The operation ran and failed: unknown agent, tmux refused, pane gone. */
  failed: 1,
  usage: 2,
  /** docs/architecture.md#contracts: the engine is not running. */
  engineDown: 3,
  // 4 is `wait`'s timeout (apps/team/src/engine/call.ts).
  /** spawn/send/read/focus/close outside tmux (or no tmux binary). */
  tmuxNeeded: 5,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class TeamError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = "TeamError";
  }
}

export const say = {
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
  badLabel: (label: string) =>
    `Label ${JSON.stringify(label)} is not usable: use 1–64 characters (at most 128 bytes) of printable text without tabs or newlines.`,
  badModel: (model: string) =>
    `Model ${JSON.stringify(model)} is not usable: give a plain model name such as \`sonnet\` or \`gpt-5\`.`,
  badLines: (value: string) => `--lines must be a whole number from 1 to 100000, not ${JSON.stringify(value)}.`,
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
} as const;
