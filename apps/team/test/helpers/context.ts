// A TeamContext over real tmux and real files, with the engine replaced by rows held in memory.
import type { AgentRow, CheckedWaitResult, Stats } from "@mytty-bar/engine/client";
import { resolvePaths } from "@mytty-bar/installers";
import { Command } from "commander";
import type { EngineView, TeamContext } from "../../src/context.js";
import { EXIT, TeamError, say } from "../../src/messages.js";
import { registerCommands } from "../../src/program.js";
import { createTmuxRunner } from "../../src/tmux/runner.js";

const engineDown = () => new TeamError(say.engineDown(), EXIT.engineDown, "engine-down");

export class MemoryEngine implements EngineView {
  notes: Array<[string, string]> = [];
  focused: string[] = [];
  constructor(public rows: AgentRow[] | null = null) {}
  async list(): Promise<AgentRow[]> {
    if (this.rows === null) throw engineDown();
    return this.rows;
  }
  /** pid → agent id, standing in for the engine's own parent-chain walk. */
  pidOwners = new Map<number, string>();
  async note(target: { agent: string } | { pid: number }, note: string): Promise<void> {
    if (this.rows === null) throw engineDown();
    const agent = "agent" in target ? target.agent : this.pidOwners.get(target.pid);
    if (agent === undefined) throw new TeamError("unknown agent", EXIT.failed, "unknown-agent");
    this.notes.push([agent, note]);
  }
  /** The tmux commands never call these; list, wait and stats are tested against a real engine. */
  async stats(): Promise<Stats> {
    throw engineDown();
  }
  async wait(): Promise<CheckedWaitResult> {
    throw engineDown();
  }
  async focus(agentId: string): Promise<boolean> {
    this.focused.push(agentId);
    return true;
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function testContext(env: NodeJS.ProcessEnv, engine: EngineView = new MemoryEngine(), ancestors: number[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: TeamContext = {
    env,
    paths: resolvePaths({ env }),
    out: (text) => void out.push(`${text}\n`),
    err: (text) => void err.push(`${text}\n`),
    write: (text) => void out.push(text),
    tmux: (socket) => createTmuxRunner(socket === undefined ? { env } : { env, socket }),
    engine,
    ancestors: async () => ancestors,
    pid: 4242,
  };
  return { ctx, out, err };
}

/** Runs `mytty-team <args>` through commander with the given context; returns exit code and output. */
export async function runTeam(
  args: string[],
  env: NodeJS.ProcessEnv,
  engine?: EngineView,
  ancestors?: number[],
): Promise<CliRun> {
  const { ctx, out, err } = testContext(env, engine, ancestors);
  const program = new Command("mytty-team").exitOverride();
  program.configureOutput({ writeOut: (s) => void out.push(s), writeErr: (s) => void err.push(s) });
  registerCommands(program, () => ctx);
  let code = 0;
  try {
    await program.parseAsync(args, { from: "user" });
    code = typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    code = (error as { exitCode?: number }).exitCode ?? 1;
  } finally {
    process.exitCode = undefined;
  }
  return { code, stdout: out.join(""), stderr: err.join("") };
}
