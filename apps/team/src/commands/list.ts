// `mytty-team list [--json]`: every agent the engine sees, as a table or as the JSON rows of
// docs/architecture.md#contracts.
import type { Command } from "commander";
import type { AgentRow } from "@mytty-bar/engine/client";
import { callEngine } from "../engine/call.js";
import { formatTable } from "../engine/table.js";
import type { CommandIo, EngineAction } from "../engine/run.js";

export async function listAgents(): Promise<AgentRow[]> {
  return (await callEngine<{ agents: AgentRow[] }>({ op: "list" })).agents;
}

/** The whole command (also the fast path's: this module loads no commander). */
export async function runList(io: CommandIo, json: boolean): Promise<number> {
  const rows = await listAgents();
  io.out(json ? JSON.stringify(rows, null, 2) : formatTable(rows));
  return 0;
}

export function registerList(program: Command, run: EngineAction): void {
  program
    .command("list")
    .description("list every agent Mytty Bar sees, with its state (needs the engine)")
    .option("--json", "print JSON rows (one object per agent)")
    .action((options: { json?: boolean }) => run((io) => runList(io, options.json === true)));
}
