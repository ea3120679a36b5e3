// `mytty-team list [--json]`: every agent the engine sees, as a table or as the JSON rows of
// docs/architecture.md#contracts.
import type { Command } from "commander";
import type { AgentRow } from "@mytty-bar/engine";
import { callEngine } from "../engine/call.js";
import { formatTable } from "../engine/table.js";
import type { EngineAction } from "../engine/run.js";

export async function listAgents(): Promise<AgentRow[]> {
  return (await callEngine<{ agents: AgentRow[] }>({ op: "list" })).agents;
}

export function registerList(program: Command, run: EngineAction): void {
  program
    .command("list")
    .description("list every agent Mytty Bar sees, with its state (needs the engine)")
    .option("--json", "print JSON rows (one object per agent)")
    .action((options: { json?: boolean }) =>
      run(async (io) => {
        const rows = await listAgents();
        io.out(options.json ? JSON.stringify(rows, null, 2) : formatTable(rows));
        return 0;
      }),
    );
}
