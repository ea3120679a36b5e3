// How each provider's CLI is started with a model and a first task. The task is always ONE argv
// element handed to the CLI at exec time, so nothing has to be typed into a starting TUI.
//
// Sources (the providers' own documentation, read 2026-11):
// - claude-code: https://docs.anthropic.com/en/docs/claude-code/cli-reference
//     `claude "query"` = "Start REPL with initial prompt"; `--model <alias|full name>`.
// - codex: https://developers.openai.com/codex/cli/reference
//     `codex "prompt"` starts the interactive TUI with that prompt; `--model, -m <string>`.
// - cursor: https://cursor.com/docs/cli (overview, "Start with initial prompt": `agent "…"`) and
//     https://cursor.com/docs/cli/reference/parameters (`--model <model>`). The binary is `cursor-agent`
//     (newer installs also link it as `agent`; docs/terminals.md#which-process-is-an-agent).
// - opencode: https://opencode.ai/docs/cli/ (tui flags: `--prompt` "prompt to use", `--model, -m`
//     "provider/model"). Some 1.0.x builds only pre-filled the prompt box (anomalyco/opencode#4700,
//     #3937; fixed in later releases), so an old OpenCode may need one `mytty-team send <id> --enter`.
// - gemini: https://geminicli.com/docs/cli/cli-reference (`-i, --prompt-interactive` "Execute and
//     continue interactively"; `-m, --model`). Plain `-p` would exit after one answer.
// - antigravity (`agy`): no first-party page is reachable from here and third-party adapters
//     disagree on its prompt flag, so spawn does not offer it.
//
// A task starting with "-" would be read as a flag: positional tasks get a POSIX `--` end-of-options
// marker (only then, so the usual argv stays exactly the documented one), and flag-style tasks use
// the `--flag=value` form, which yargs (OpenCode, Gemini CLI) never splits.
import type { ProviderId } from "@mytty-bar/protocol";

export const SPAWN_PROVIDERS = ["claude-code", "codex", "cursor", "opencode", "gemini"] as const;
export type SpawnProvider = (typeof SPAWN_PROVIDERS)[number];

export interface LaunchEntry {
  /** Executable looked up on the pane's PATH. */
  bin: string;
  /**
   * `MYTTY_AGENT` value: must be one of our provider ids (docs/terminals.md#wrappers-and-the-mytty_agent-hint), so
   * Gemini says antigravity.
   */
  hint: ProviderId;
  modelFlag: string;
  /** `positional`: `bin [--model m] <task>`; otherwise the flag that carries the task. */
  task: { kind: "positional" } | { kind: "flag"; flag: string };
}

export const LAUNCH: Readonly<Record<SpawnProvider, LaunchEntry>> = {
  "claude-code": { bin: "claude", hint: "claude-code", modelFlag: "--model", task: { kind: "positional" } },
  codex: { bin: "codex", hint: "codex", modelFlag: "--model", task: { kind: "positional" } },
  cursor: { bin: "cursor-agent", hint: "cursor", modelFlag: "--model", task: { kind: "positional" } },
  opencode: { bin: "opencode", hint: "opencode", modelFlag: "--model", task: { kind: "flag", flag: "--prompt" } },
  gemini: {
    bin: "gemini",
    hint: "antigravity",
    modelFlag: "--model",
    task: { kind: "flag", flag: "--prompt-interactive" },
  },
};

export function isSpawnProvider(value: string): value is SpawnProvider {
  return (SPAWN_PROVIDERS as readonly string[]).includes(value);
}

export interface LaunchPlan {
  /** Words before the task word. */
  head: string[];
  /** Prefix glued to the task inside its one word (`--prompt=` for flag-style CLIs, "" otherwise). */
  taskPrefix: string;
  task: string;
}

export function launchPlan(provider: SpawnProvider, task: string, model?: string): LaunchPlan {
  const entry = LAUNCH[provider];
  const head = [entry.bin, ...(model === undefined ? [] : [entry.modelFlag, model])];
  if (entry.task.kind === "flag") return { head, taskPrefix: `${entry.task.flag}=`, task };
  return { head: task.startsWith("-") ? [...head, "--"] : head, taskPrefix: "", task };
}

/** The exact argv the provider CLI receives. */
export function launchArgv(plan: LaunchPlan): string[] {
  return [...plan.head, `${plan.taskPrefix}${plan.task}`];
}
