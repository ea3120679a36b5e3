// A real Codex in a world (./real-world.ts): the Responses stand-in, a project directory, the user's
// config.toml (./codex-home.ts), and the first start a user goes through — Codex lists our hooks as
// "Hooks need review" and the user picks "Trust all and continue" (Codex then records
// `[hooks.state."…"] trusted_hash` in config.toml itself). Codex's default TUI starts a managed
// `codex app-server` daemon (setsid, outside the pane); `close` stops it with Codex's own
// `codex app-server daemon stop` so nothing outlives the world.
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { AgentRow } from "@mytty-bar/engine";
import { AgentWorld, agentExecutable, measured, type AgentPane, type WorldOptions } from "./real-world.js";
import { until } from "../../engine-harness.js";
import { CODEX_KEY_ENV, writeCodexHome, type CodexConfig } from "./codex-home.js";
import { startResponsesStandIn, type ResponsesOptions, type ResponsesStandIn } from "../standins/openai-responses.js";

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CodexWorldOptions {
  standIn?: ResponsesOptions;
  config?: Omit<CodexConfig, "standInUrl" | "trusted">;
  world?: Partial<WorldOptions>;
}

export class CodexWorld {
  private constructor(
    readonly world: AgentWorld,
    readonly standIn: ResponsesStandIn,
    readonly project: string,
  ) {}

  static async create(options: CodexWorldOptions = {}): Promise<CodexWorld> {
    const standIn = await startResponsesStandIn(options.standIn);
    const world = await AgentWorld.create({
      install: ["codex"],
      settings: { answerWaitSeconds: 120 },
      ...options.world,
    }).catch(async (error: unknown) => {
      await standIn.close();
      throw error;
    });
    const project = path.join(world.home, "project");
    await fs.mkdir(project);
    await writeCodexHome(world.home, { standInUrl: standIn.url, trusted: [project], ...options.config });
    return new CodexWorld(world, standIn, project);
  }

  /**
   * Starts Codex `version` (default: the pin) with `args` in a pane in the project, trusts our hooks
   * the way a user does on the first start, and resolves once its composer is ready.
   */
  async start(options: { version?: string; args?: string[] } = {}): Promise<AgentPane> {
    const codex = agentExecutable("codex", options.version);
    const pane = await this.world.pane([codex.path, ...(options.args ?? [])], {
      cwd: this.project,
      env: { [CODEX_KEY_ENV]: "sk-standin" },
    });
    await pane.waitScreen(/Trust all and continue/, 45_000);
    // The dialog takes keys only once drawn in full: choose option 2 until it shows as chosen.
    for (let i = 0; i < 20 && !/› 2\. Trust all and continue/.test(await pane.screen()); i++) {
      await pane.keys("2");
      await sleep(250);
    }
    await pane.keys("Enter");
    await pane.waitScreen(/Ask Codex to do anything/, 30_000);
    return pane;
  }

  /** Types `prompt` and sends it; resolves with the time Codex shows the turn as under way. */
  /**
   * After an answer given at `answeredAt`: Codex sends the command's outcome to the model (the second
   * request since `turnsBefore`), recorded as the scenario's answer→agent moves on, and the run succeeds.
   */
  async movedOn(pane: AgentPane, turnsBefore: number, answeredAt: number, scenario: string): Promise<void> {
    const next = await until(
      async () => (this.standIn.turns().length >= turnsBefore + 2 ? Date.now() : undefined),
      30_000,
      "Codex sending the command's outcome to the model",
    );
    measured("codex", scenario, "answer→agent moves on", answeredAt, next);
    await pane.row((r) => r.state === "succeeded", "succeeded after the answer", 30_000);
  }

  async submit(pane: AgentPane, prompt: string): Promise<number> {
    await pane.type(prompt);
    await pane.waitScreen(new RegExp(`› ${prompt.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), 5_000);
    // A paste-burst guard in Codex's composer treats an Enter right after fast typing as a newline.
    await sleep(400);
    await pane.keys("Enter");
    return pane.waitScreen(/Working \(/, 15_000);
  }

  /** This pane's rows now (the engine may list the launcher and the native binary apart: the bug we guard). */
  async paneRows(pane: AgentPane): Promise<AgentRow[]> {
    return (await this.world.rows()).filter((r) => r.terminal.tmuxPane === pane.id);
  }

  /** The newest rollout file Codex wrote (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-….jsonl`). */
  async rollout(): Promise<{ file: string; lines: Array<Record<string, unknown>> }> {
    const root = path.join(this.world.home, ".codex", "sessions");
    const files = (await fs.readdir(root, { recursive: true }))
      .map(String)
      .filter((f) => /rollout-.*\.jsonl$/.test(f))
      .sort();
    const file = files.at(-1);
    if (file === undefined) throw new Error(`no rollout under ${root}`);
    const text = await fs.readFile(path.join(root, file), "utf8");
    return {
      file: path.join(root, file),
      lines: text
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    };
  }

  async close(): Promise<void> {
    const codex = agentExecutable("codex");
    // The daemon is setsid and outside tmux: killing the panes leaves it running in the temp HOME.
    await run(codex.path, ["app-server", "daemon", "stop"], { env: this.world.env, timeout: 20_000 }).catch(
      () => undefined, // No daemon (a --no-daemon run, or Codex never got that far): nothing to stop.
    );
    await this.killDaemonLeftovers();
    await this.world.close();
    await this.standIn.close();
  }

  /**
   * Whatever `daemon stop` left (its pid-update loop, a daemon still starting): the daemon runs from the
   * copy Codex installs under `$CODEX_HOME/packages`, so a process whose command line names this HOME is ours.
   */
  private async killDaemonLeftovers(): Promise<void> {
    const mark = `${this.world.home}/.codex/`;
    for (const entry of await fs.readdir("/proc")) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid <= 1) continue;
      const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
      if (!cmdline.includes(mark)) continue;
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone between the read and the kill: nothing left to stop.
      }
    }
  }
}
