// mytty-doctor: composition root. Registers the commands, maps commander's usage errors to exit 2,
// and turns an unexpected throw into a one-line error with exit 1 (never a stack dump by default).
import { createRequire } from "node:module";
import type * as Commander from "commander";
import { runStatus, type Io } from "./handlers.js";

const io: Io = { stdout: process.stdout, stderr: process.stderr, env: process.env };
const argv = process.argv.slice(2);

// `mytty-doctor [status] [--json]` is what scripts and the menu bar poll: it skips commander
// entirely (startup budget: 1.5 x `node -e 0`). Anything else goes through the full parser.
try {
  if (argv.every((a, i) => (a === "status" && i === 0) || a === "--json")) {
    process.exitCode = await runStatus({ json: argv.includes("--json") }, io);
  } else {
    await runCommander();
  }
} catch (error) {
  crashed(error);
}

function crashed(error: unknown): void {
  process.stderr.write(`mytty-doctor: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.MYTTY_BAR_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : ""}\n`);
  process.exitCode = 1;
}

/** apps/doctor/package.json's version; a copy of dist/ without it (tests do that) still runs. */
function packageVersion(): string {
  try {
    return (createRequire(import.meta.url)("../package.json") as { version: string }).version;
  } catch {
    // a copy of dist/ without package.json (tests make one) still answers --version
    return "unknown";
  }
}

async function runCommander(): Promise<void> {
  // require() instead of import: commander's ESM wrapper doubles its load time.
  const { Command, CommanderError } = createRequire(import.meta.url)("commander") as typeof Commander;
  const program = new Command("mytty-doctor")
    .description("Installs, repairs, diffs and removes the Mytty Bar hooks of your coding agents.")
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    .showSuggestionAfterError();
  const { registerCommands } = await import("./commands/index.js");
  registerCommands(program, io);
  // The agents command pulls in the process scanner: load it only when it can be asked for (or a
  // first word names no other command, so the unknown-command message can list it).
  const first = argv[0];
  const known = (name: string) => name === "help" || program.commands.some((c) => c.name() === name);
  const unknownFirst = () => first !== undefined && !first.startsWith("-") && !known(first);
  if (
    unknownFirst() ||
    argv.length === 0 ||
    argv.some((a) => a === "agents" || a === "help" || a === "-h" || a === "--help")
  ) {
    const { registerAgentsCommand } = await import("./commands/agents.js");
    registerAgentsCommand(program);
  }
  try {
    // Otherwise a mistyped command reaches the default command as "too many arguments for 'status'".
    if (unknownFirst()) {
      const { M } = await import("./messages.js");
      const { closest } = await import("./suggest.js");
      const names = program.commands.map((c) => c.name());
      program.error(M.unknownCommand(first!, names, closest(first!, names)));
    }
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
    else throw error;
  }
}
