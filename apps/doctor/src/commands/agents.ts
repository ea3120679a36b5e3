// `mytty-doctor agents`: parse options, hand over to the handler. Nothing else lives here.
import type { Command } from "commander";
import { AGENTS_HELP, parseInterval, parseSource, runAgents } from "./agents/handler.js";

export function registerAgentsCommand(program: Command): void {
  program
    .command("agents")
    .description("List the coding agents running in your terminals right now (no engine needed).")
    .option("--json", "print a JSON array instead of a table")
    .option("-w, --watch", "keep refreshing until Ctrl-C")
    .option("-i, --interval <seconds>", "refresh interval for --watch", parseInterval, 2)
    .option("--source <kind>", "process table source: proc (Linux), ps, ps-list", parseSource)
    .option("--all", "also say which agent processes were left out and why (other users', here and on watched hosts)")
    .addHelpText("after", AGENTS_HELP)
    .action(
      async (options: {
        json?: boolean;
        watch?: boolean;
        interval: number;
        source?: "proc" | "ps" | "ps-list";
        all?: boolean;
      }) => {
        process.exitCode = await runAgents(options, { stdout: process.stdout, stderr: process.stderr });
      },
    );
}
