// Claude Code's first-run steps satisfied the way a user's own config does after they went through them
// once: ~/.claude.json says onboarding is done, the project folder is trusted and the API key was approved;
// the environment points the API at the stand-in and turns off what needs the internet (documented
// variables a user behind a proxy would set). No patched binary, no flag the user would not pass.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { AgentWorld } from "./real-world.js";

/** A key of the documented `sk-ant-` shape; Claude Code remembers approval by its last 20 characters. */
export const STANDIN_API_KEY = "sk-ant-api03-standin-0123456789abcdefghijklmnopqrstuvwxyz-AAAAAAAA";

export interface ClaudeHome {
  /** The project folder Claude Code runs in (trusted). */
  project: string;
  /** The environment a pane running Claude Code needs on top of the world's. */
  env: Record<string, string>;
}

export async function prepareClaudeHome(world: AgentWorld, standinUrl: string, version: string): Promise<ClaudeHome> {
  const project = path.join(world.home, "project");
  const tmp = path.join(world.home, "tmp");
  await fs.mkdir(project, { recursive: true });
  await fs.mkdir(tmp, { recursive: true });
  const config = {
    numStartups: 3,
    hasCompletedOnboarding: true,
    lastOnboardingVersion: version,
    lastReleaseNotesSeen: version,
    theme: "dark",
    autoUpdates: false,
    customApiKeyResponses: { approved: [STANDIN_API_KEY.slice(-20)], rejected: [] },
    projects: {
      [project]: {
        allowedTools: [],
        hasTrustDialogAccepted: true,
        hasCompletedProjectOnboarding: true,
        projectOnboardingSeenCount: 1,
      },
    },
  };
  await fs.writeFile(path.join(world.home, ".claude.json"), `${JSON.stringify(config, null, 2)}\n`);
  return {
    project,
    env: {
      // Its sockets (cc-socks/) go inside the world's HOME, removed with it.
      TMPDIR: tmp,
      ANTHROPIC_BASE_URL: standinUrl,
      ANTHROPIC_API_KEY: STANDIN_API_KEY,
      // Offline like a locked-down install: no update checks, telemetry, error reports or surveys.
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: "1",
    },
  };
}
