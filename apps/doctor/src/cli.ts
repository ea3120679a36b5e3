// mytty-doctor: composition root. Registers the commands, maps commander's usage errors to exit 2,
// and turns an unexpected throw into a one-line error with exit 1 (never a stack dump by default).
import { createRequire } from "node:module";
import { registerDiffCommand } from "./commands/diff.js";
import { registerFixCommand } from "./commands/fix.js";
import { registerGuideCommand } from "./commands/guide.js";
import { registerInstallCommand } from "./commands/install.js";
import { registerStatusCommand } from "./commands/status.js";
import { registerUninstallCommand } from "./commands/uninstall.js";
import type { Io } from "./handlers.js";

// require() instead of import: commander's ESM wrapper doubles its load time (startup budget).
const { Command, CommanderError } = createRequire(import.meta.url)("commander") as typeof import("commander");

const io: Io = { stdout: process.stdout, stderr: process.stderr, env: process.env };
const argv = process.argv.slice(2);

const program = new Command("mytty-doctor")
  .description("Installs, repairs, diffs and removes the Mytty Bar hooks of your coding agents.")
  .exitOverride()
  .showSuggestionAfterError();

registerStatusCommand(program, io);
registerInstallCommand(program, io);
registerFixCommand(program, io);
registerDiffCommand(program, io);
registerUninstallCommand(program, io);
registerGuideCommand(program, io);
// The agents command pulls in the process scanner: load it only when it can be asked for,
// so `status --json` stays within its startup budget.
if (argv.length === 0 || argv.some((a) => a === "agents" || a === "help" || a === "-h" || a === "--help")) {
  const { registerAgentsCommand } = await import("./commands/agents.js");
  registerAgentsCommand(program);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    process.stderr.write(`mytty-doctor: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.MYTTY_BAR_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : ""}\n`);
    process.exitCode = 1;
  }
}
