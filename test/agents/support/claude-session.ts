// One real Claude Code in a world's pane against the Anthropic stand-in, ready for a prompt: what every
// Claude Code scenario (test/agents/claude-code*.test.ts) starts from.
import type { AgentRow } from "@mytty-bar/engine";
import { startAnthropic, type AnthropicStandIn } from "../standins/anthropic.js";
import { prepareClaudeHome } from "./claude-home.js";
import type { AgentPane } from "./real-world.js";
import { AgentWorld, agentExecutable, type WorldOptions } from "./real-world.js";

export const CLAUDE_VERSIONS = ["2.1.332", "2.1.328"] as const;

export interface ClaudeSession {
  world: AgentWorld;
  standin: AnthropicStandIn;
  pane: AgentPane;
  version: string;
  project: string;
  /** Types a prompt and submits it; resolves with the time Enter was sent. */
  prompt(text: string): Promise<number>;
  close(): Promise<void>;
}

export interface ClaudeOptions {
  version?: string;
  /** `--permission-mode <mode>`; undefined starts Claude Code in its own default (auto mode in 2.1.3xx). */
  mode?: string;
  world?: Partial<WorldOptions>;
  /** Extra environment for the Claude Code pane (CLAUDE_CODE_MAX_RETRIES, …). */
  env?: Record<string, string>;
}

/** Claude Code's input box is up once its footer shows the permission mode line. */
const READY = /mode on|\? for shortcuts/;

export async function startClaude(options: ClaudeOptions = {}): Promise<ClaudeSession> {
  const standin = await startAnthropic();
  const world = await AgentWorld.create({ install: ["claude-code"], ...options.world });
  const exe = agentExecutable("claude-code", options.version);
  const home = await prepareClaudeHome(world, standin.url, exe.version);
  const argv = [exe.path, ...(options.mode !== undefined ? ["--permission-mode", options.mode] : [])];
  const pane = await world.pane(argv, { env: { ...home.env, ...options.env }, cwd: home.project });
  await pane.waitScreen(READY, 30_000);
  return {
    world,
    standin,
    pane,
    version: exe.version,
    project: home.project,
    async prompt(text) {
      await pane.type(text);
      // The input box shows `❯` and a no-break space before the text.
      await pane.waitScreen(new RegExp(`❯\\s${text}`), 5_000);
      await pane.keys("Enter");
      return Date.now();
    },
    async close() {
      await world.close();
      await standin.close();
    },
  };
}

/** A row is this pane's Claude Code (not the dashboard's own pane). */
export const isClaude = (row: AgentRow) => row.provider === "claude-code";
