// A TeamContext over real tmux and real files, with the engine replaced by rows held in memory.
import type { AgentRow } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/installers";
import { Command } from "commander";
import { AgentUnknownError, EngineDownError, type EngineView, type TeamContext } from "../../src/commands/context.js";
import { registerTeamCommands } from "../../src/commands/register.js";
import { createTmuxRunner } from "../../src/tmux/runner.js";

export class MemoryEngine implements EngineView {
  notes: Array<[string, string]> = [];
  focused: string[] = [];
  constructor(public rows: AgentRow[] | null = null) {}
  async list(): Promise<AgentRow[]> {
    if (this.rows === null) throw new EngineDownError();
    return this.rows;
  }
  /** pid → agent id, standing in for the engine's own parent-chain walk. */
  pidOwners = new Map<number, string>();
  async note(target: { agent: string } | { pid: number }, note: string): Promise<void> {
    if (this.rows === null) throw new EngineDownError();
    const agent = "agent" in target ? target.agent : this.pidOwners.get(target.pid);
    if (agent === undefined) throw new AgentUnknownError();
    this.notes.push([agent, note]);
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
    stdout: (text) => void out.push(`${text}\n`),
    stderr: (text) => void err.push(`${text}\n`),
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
  registerTeamCommands(program, () => ctx);
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
