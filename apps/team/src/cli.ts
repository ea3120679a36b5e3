// mytty-team: list/wait/stats over the engine's control socket, plus the tmux team commands.
import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { registerList } from "./commands/list.js";
import { registerStats } from "./commands/stats.js";
import { registerWait } from "./commands/wait.js";
import { registerTeamCommands } from "./commands/register.js";
import { engineAction } from "./engine/run.js";

const io = {
  out: (t: string) => void process.stdout.write(`${t}\n`),
  err: (t: string) => void process.stderr.write(`${t}\n`),
};

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };
const program = new Command("mytty-team")
  .description("Watch and coordinate coding agents across terminals (Mytty Bar).")
  .version(version, "-V, --version", "print the version")
  .showHelpAfterError()
  .exitOverride();
const run = engineAction(io);
registerList(program, run);
registerWait(program, run);
registerStats(program, run);
registerTeamCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // commander already printed the usage error; help and version exit 0.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    io.err(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
