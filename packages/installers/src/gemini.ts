// Gemini CLI: <GEMINI_CLI_HOME or ~>/.gemini/settings.json, Claude-style groups (docs/providers.md, Gemini CLI).
// Gemini CLI reads the file with strip-json-comments then JSON.parse: comments are fine, a trailing comma is
// not. Its commands run through `bash -c` (hence `exec`, see helperCommand); `timeout` is in milliseconds.
// Events arrive as the protocol provider `antigravity` (the helper's first argument), told apart from agy's
// plugin payloads by their `hook_event_name`.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

export const GEMINI_EVENTS = [
  "SessionStart",
  "BeforeAgent",
  "Notification",
  "AfterTool",
  "AfterAgent",
  "SessionEnd",
] as const;

/** Keys under `hooks` that Gemini CLI reads as settings, not events (older releases kept the switches there). */
export const GEMINI_HOOK_SETTING_KEYS = ["enabled", "disabled", "notifications"] as const;

/** The name Gemini CLI shows in /hooks and matches against `hooksConfig.disabled`. */
export const GEMINI_HOOK_NAME = "mytty-bar";

/** `settings`: the parsed settings.json when it is an object; hooks switched off there make ours dead. */
export function geminiSpec(paths: Paths, settings?: unknown): HookJsonSpec {
  const handler = {
    name: GEMINI_HOOK_NAME,
    type: "command",
    command: helperCommand(paths.helper, "antigravity"),
    timeout: 5000,
  };
  const off = settings !== undefined ? geminiHooksOff(settings) : undefined;
  return {
    provider: "antigravity",
    path: paths.geminiSettings,
    layout: "grouped",
    grammar: { comments: true, host: "Gemini CLI", onError: "loads none of this file's settings" },
    hookSettingKeys: GEMINI_HOOK_SETTING_KEYS,
    events: GEMINI_EVENTS.map((name) => ({ name, handler })),
    ...(off !== undefined ? { switchedOff: `Gemini CLI runs none of these hooks: ${off}` } : {}),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Why Gemini CLI would skip our hooks (`hooksConfig.enabled: false`, our name in `hooksConfig.disabled`), else undefined. */
export function geminiHooksOff(settings: unknown): string | undefined {
  const config = isObj(settings) && isObj(settings.hooksConfig) ? settings.hooksConfig : undefined;
  if (config?.enabled === false) return "`hooksConfig.enabled` is false in settings.json (set it to true or remove it)";
  if (Array.isArray(config?.disabled) && config.disabled.includes(GEMINI_HOOK_NAME)) {
    return `"${GEMINI_HOOK_NAME}" is listed in \`hooksConfig.disabled\` (remove it there)`;
  }
  return undefined;
}
