// A Codex user's own ~/.codex/config.toml for the real-agent suite: the model comes from a custom
// provider pointing at the Responses stand-in (test/agents/standins/openai-responses.ts), the project
// directory is trusted (so no trust dialog), and nothing reaches for the internet — no update check,
// no analytics, no feedback upload. Keys from Codex's config reference (developers.openai.com/codex/config
// and codex-rs/core/src/config/mod.rs `ConfigToml`). `mytty-doctor install codex` writes only hooks.json
// and reads config.toml (packages/installers/src/codex.ts), so this file is ours alone to write.
import { promises as fs } from "node:fs";
import path from "node:path";

export interface CodexConfig {
  /** The stand-in's origin, e.g. http://127.0.0.1:4321. */
  standInUrl: string;
  /** Directories to mark trusted (the panes' cwd). */
  trusted: string[];
  /**
   * `on-request` asks before a command the model wants run outside the sandbox; `never` runs without
   * asking. (Codex 0.171 refuses `untrusted`: "approval_policy = \"untrusted\" is no longer supported".)
   */
  approvalPolicy?: "on-request" | "never";
  model?: string;
  /** Extra top-level TOML lines (feature flags a scenario needs). */
  extra?: string[];
}

/** The env var Codex reads the provider's key from (any value: the stand-in checks none). */
export const CODEX_KEY_ENV = "STANDIN_API_KEY";
export const CODEX_MODEL = "gpt-5.1-codex";

const quote = (s: string) => JSON.stringify(s);

export function codexConfigToml(config: CodexConfig): string {
  return [
    `model = ${quote(config.model ?? CODEX_MODEL)}`,
    `model_provider = "standin"`,
    `approval_policy = ${quote(config.approvalPolicy ?? "never")}`,
    `sandbox_mode = ${quote(config.approvalPolicy === "on-request" ? "workspace-write" : "danger-full-access")}`,
    `check_for_update_on_startup = false`,
    `suppress_unstable_features_warning = true`,
    ...(config.extra ?? []),
    "",
    "[analytics]",
    "enabled = false",
    "",
    "[feedback]",
    "enabled = false",
    "",
    "[model_providers.standin]",
    `name = "Stand-in"`,
    `base_url = ${quote(`${config.standInUrl}/v1`)}`,
    `wire_api = "responses"`,
    `env_key = ${quote(CODEX_KEY_ENV)}`,
    // A scripted error is the scenario: Codex must not retry it away (its default is 4 retries with backoff).
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    ...config.trusted.flatMap((dir) => [`[projects.${quote(dir)}]`, `trust_level = "trusted"`, ""]),
  ].join("\n");
}

/** Writes `$HOME/.codex/config.toml` (beside the hooks.json `mytty-doctor install codex` wrote). */
export async function writeCodexHome(home: string, config: CodexConfig): Promise<string> {
  const dir = path.join(home, ".codex");
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, "config.toml");
  await fs.writeFile(file, codexConfigToml(config));
  return file;
}
