// Gemini CLI set up the way a user with an API key would have it (the configuration and trusted-folders
// pages @google/gemini-cli 0.61.0 ships in its bundle): `security.auth.selectedType`
// "gemini-api-key" with GEMINI_API_KEY, the endpoint moved by GOOGLE_GEMINI_BASE_URL (allowed over http
// for 127.0.0.1), the project folder trusted in ~/.gemini/trustedFolders.json, and no update check,
// telemetry, usage statistics or IDE nudge. Written before `mytty-doctor install gemini`, which merges
// its hooks into the same settings.json.
import { promises as fs } from "node:fs";
import path from "node:path";

export const GEMINI_API_KEY = "standin-key";

/** The folder the scenarios run Gemini CLI in (under the world's HOME). */
export const projectDir = (home: string): string => path.join(home, "project");

export const geminiSettings = {
  security: { auth: { selectedType: "gemini-api-key" }, folderTrust: { enabled: true } },
  general: {
    enableAutoUpdate: false,
    enableAutoUpdateNotification: false,
    // One try per request: Gemini CLI retries a 5xx up to 10 times, 5 s to 30 s apart (core utils/retry).
    maxAttempts: 1,
  },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false, hasSeenNudge: true },
  ui: { hideTips: true },
};

export async function writeGeminiHome(home: string): Promise<void> {
  const dir = path.join(home, ".gemini");
  await fs.mkdir(dir, { recursive: true });
  await fs.mkdir(projectDir(home), { recursive: true });
  await fs.mkdir(path.join(home, "tmp"), { recursive: true });
  await fs.writeFile(path.join(dir, "settings.json"), `${JSON.stringify(geminiSettings, null, 2)}\n`);
  await fs.writeFile(
    path.join(dir, "trustedFolders.json"),
    `${JSON.stringify({ [projectDir(home)]: "TRUST_FOLDER" }, null, 2)}\n`,
  );
}

/**
 * What a user exports to point Gemini CLI at the stand-in, and a TMPDIR inside the world's HOME: Gemini CLI
 * writes a `gemini-client-error-….json` report to the temp directory for every failed request.
 */
export function geminiEnv(standInUrl: string, home: string): Record<string, string> {
  return { GEMINI_API_KEY, GOOGLE_GEMINI_BASE_URL: standInUrl, TMPDIR: path.join(home, "tmp") };
}

/** The input box's placeholder: shown while the box is empty (after a prompt is taken, too). */
export const EMPTY_INPUT = /Type your message or @path/;

interface TypingPane {
  screen(): Promise<string>;
  type(text: string): Promise<void>;
  keys(...keys: string[]): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Types a prompt and presses Enter until Gemini CLI takes it; resolves with the time the prompt left the
 * input box. Keys sent while its startup hooks run are dropped, so each step is checked on screen.
 */
export async function submitPrompt(pane: TypingPane, prompt: string, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const screen = await pane.screen();
    if (EMPTY_INPUT.test(screen) && !/Executing Hooks/.test(screen)) {
      await pane.type(prompt);
      await sleep(200);
    }
    if (!EMPTY_INPUT.test(await pane.screen())) {
      await pane.keys("Enter");
      for (let i = 0; i < 20; i += 1) {
        await sleep(100);
        if (EMPTY_INPUT.test(await pane.screen())) return Date.now();
      }
    }
    await sleep(250);
  }
  throw new Error(`Gemini CLI never took the prompt "${prompt}":\n${await pane.screen()}`);
}

/**
 * Picks a dialog option by its label: presses Down until the line with the selection marker (●) names it,
 * then Enter until the dialog is gone. A key sent while a dialog first renders can be dropped, so each step
 * is checked on screen. Resolves with the time of the Enter that closed it.
 */
export async function choose(pane: TypingPane, label: string, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const selected = async () => (await pane.screen()).split("\n").find((line) => line.includes("●"));
  while (Date.now() < deadline) {
    if (!(await selected())?.includes(label)) {
      await pane.keys("Down");
      await sleep(300);
      continue;
    }
    await pane.keys("Enter");
    const pressed = Date.now();
    for (let i = 0; i < 10; i += 1) {
      await sleep(200);
      if (!(await selected())?.includes(label)) return pressed;
    }
  }
  throw new Error(`Gemini CLI's dialog never took "${label}":\n${await pane.screen()}`);
}
