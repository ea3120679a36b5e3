// Codex: $CODEX_HOME/hooks.json (docs/providers.md#codex). Codex refuses a file with other root keys,
// runs commands through `$SHELL -lc` (hence `exec`, see helperCommand), and skips changed hooks until
// the user trusts them with /hooks.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";
import { HELD_HOOK_TIMEOUT_SECONDS } from "./constants.js";

/**
 * Beyond Mytty's five: PreToolUse for `request_user_input` only (its wait fires no hook of its own,
 * openai/codex#40164), Interrupt (Esc → idle) and SessionEnd (→ disconnected). A Codex too old to know one
 * ignores it silently (docs/providers.md#codex), so unlike Claude Code no version check is needed. No
 * StopFailure: Codex 0.169/0.171 do not dispatch it; an API error comes from the rollout file instead.
 */
export const CODEX_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PermissionRequest",
  "PostToolUse",
  "Stop",
  "PreToolUse",
  "Interrupt",
  "SessionEnd",
] as const;

/** Codex matches a regex against the tool name: only the question tool's PreToolUse is a wait. */
export const CODEX_MATCHERS: Readonly<Record<string, string>> = { PreToolUse: "^request_user_input$" };

/**
 * The hook events Codex dispatches (0.169/0.171: its hook config and generated schemas, docs/providers.md,
 * Codex). StopFailure is not one of them although older schemas name it.
 * An entry of ours under any other name never runs, and status says so.
 */
export const CODEX_DISPATCHED_EVENTS: readonly string[] = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "SubagentStart",
  "SubagentStop",
  "Stop",
  "Interrupt",
  "PreModelRequest",
  "PostModelRequest",
];

/** Codex clamps these to 3 s and warns about a larger value on every start; what we write is what it runs. */
export const CODEX_TIMEOUT_CAPS: Readonly<Record<string, number>> = { SessionEnd: 3, Interrupt: 3 };

/** `configToml`: $CODEX_HOME/config.toml when readable; hooks switched off there make every hook of ours dead. */
export function codexSpec(paths: Paths, configToml?: string | null): HookJsonSpec {
  const command = helperCommand(paths.helper, "codex");
  // PermissionRequest is held (docs/answering.md): its event rides in argv and its timeout outlasts the longest hold.
  const handler = (event: string) =>
    event === "PermissionRequest"
      ? { type: "command", command: `${command} PermissionRequest`, timeout: HELD_HOOK_TIMEOUT_SECONDS }
      : { type: "command", command, timeout: CODEX_TIMEOUT_CAPS[event] ?? 5 };
  const off = configToml ? codexHooksSwitchedOff(configToml) : undefined;
  return {
    provider: "codex",
    path: paths.codexHooks,
    layout: "grouped",
    // serde_json: strict JSON; a file that fails it contributes no hooks at all (docs/providers.md, Codex).
    grammar: { comments: false, host: "Codex", onError: "loads none of its hooks" },
    allowedRootKeys: ["description", "hooks"],
    events: CODEX_EVENTS.map((name) =>
      CODEX_MATCHERS[name] !== undefined
        ? { name, matcher: CODEX_MATCHERS[name], handler: handler(name) }
        : { name, handler: handler(name) },
    ),
    undispatched: (event) =>
      CODEX_DISPATCHED_EVENTS.includes(event)
        ? undefined
        : `Codex does not fire ${event} (not one of its hook events), so this entry never runs`,
    ...(off !== undefined
      ? {
          switchedOff: `Codex has hooks switched off (\`${off}\` in ${paths.codexHome}/config.toml), so it runs none of them: set it to true or remove the line`,
        }
      : {}),
  };
}

/**
 * The line of config.toml that turns Codex hooks off (`[features] hooks = false`, its older name
 * `codex_hooks`, or the dotted `features.hooks = false` at the top), else undefined. A line scan, not a
 * TOML parser: we only read this file, and a miss merely leaves out a note.
 */
export function codexHooksSwitchedOff(configToml: string): string | undefined {
  let table = "";
  for (const raw of configToml.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    const header = /^\[\s*([A-Za-z0-9_.-]+)\s*\]$/.exec(line);
    if (header) {
      table = header[1]!;
      continue;
    }
    const key = /^((?:features\.)?(?:codex_)?hooks)\s*=\s*false$/.exec(line);
    if (
      key &&
      (table === "features" ? !key[1]!.startsWith("features.") : table === "" && key[1]!.startsWith("features."))
    )
      return line;
  }
  return undefined;
}
