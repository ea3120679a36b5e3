// mytty-team: list/wait/stats over the engine's control socket, plus the tmux team commands
// (program.ts). The fast path (fast-main.ts) runs list/wait/stats without loading this.
import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { defaultContext } from "./default-context.js";
import { registerCommands } from "./program.js";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };
const program = new Command("mytty-team")
  .description("Watch and coordinate coding agents across terminals (Mytty Bar).")
  .version(version, "-V, --version", "print the version")
  .showHelpAfterError("(`mytty-team --help` explains every command)")
  .exitOverride();
registerCommands(program, defaultContext);
// A usage error is one line and where to read more, not the whole help.
for (const c of program.commands) c.showHelpAfterError(`(\`mytty-team ${c.name()} --help\` explains it)`);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // commander already printed the usage error; help and version exit 0.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
