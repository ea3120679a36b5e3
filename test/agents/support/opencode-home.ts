// OpenCode set up the way a user with a local OpenAI-compatible server would: a global
// ~/.config/opencode/opencode.json naming a custom provider ("@ai-sdk/openai-compatible", bundled in
// OpenCode 1.18.33, so nothing is installed for it) whose baseURL is the stand-in, that provider's model
// as the default and small model (titles), no auto-update, no sharing, and the permissions a scenario asks.
// Offline, OpenCode would also try models.dev every hour; OPENCODE_DISABLE_MODELS_FETCH=1 is the switch
// its own flags offer for that (a user without internet sets it), and its bundled catalogue is used.
import { promises as fs } from "node:fs";
import path from "node:path";

export const OPENCODE_PROVIDER = "standin";
export const OPENCODE_MODEL = "standin-chat";
/** The model's name as OpenCode shows it in its prompt footer. */
export const OPENCODE_MODEL_NAME = "Stand-in Chat";

export interface OpenCodeHomeOptions {
  /** The stand-in's origin, http://127.0.0.1:<port>. */
  url: string;
  /** OpenCode's `permission` block, e.g. `{ bash: "ask" }`. */
  permission?: Record<string, unknown>;
}

export function openCodeConfig(options: OpenCodeHomeOptions): Record<string, unknown> {
  return {
    $schema: "https://opencode.ai/config.json",
    autoupdate: false,
    share: "disabled",
    model: `${OPENCODE_PROVIDER}/${OPENCODE_MODEL}`,
    small_model: `${OPENCODE_PROVIDER}/${OPENCODE_MODEL}`,
    provider: {
      [OPENCODE_PROVIDER]: {
        npm: "@ai-sdk/openai-compatible",
        name: "Stand-in",
        options: { baseURL: `${options.url}/v1`, apiKey: "sk-standin-local" },
        models: { [OPENCODE_MODEL]: { name: OPENCODE_MODEL_NAME, limit: { context: 128000, output: 8192 } } },
      },
    },
    ...(options.permission ? { permission: options.permission } : {}),
  };
}

/** Writes the user's global config; `install opencode` (run by the world) wrote our plugin beside it. */
export async function writeOpenCodeHome(home: string, options: OpenCodeHomeOptions): Promise<string> {
  const dir = path.join(home, ".config", "opencode");
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, "opencode.json");
  await fs.writeFile(file, `${JSON.stringify(openCodeConfig(options), null, 2)}\n`);
  return file;
}

/** The environment an offline user runs OpenCode with (no models.dev refresh). */
export const OPENCODE_ENV: Record<string, string> = { OPENCODE_DISABLE_MODELS_FETCH: "1" };

/** OpenCode's prompt box is on screen and takes input. */
export const OPENCODE_READY = /Ask anything/;
