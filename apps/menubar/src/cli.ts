// mytty-bar: thin command line over the three front doors (menu bar, --tui, --headless).
import { createRequire } from "node:module";
import { Command } from "commander";
import { CHOOSE_ONE_MODE, engineFailedText, fallbackText, HELP_TEXT, type ElectronProblem } from "./messages.js";

interface Options {
  tui?: boolean;
  headless?: boolean;
  /** commander's --no-fallback sets this to false. */
  fallback?: boolean;
}

export async function main(argv: string[] = process.argv): Promise<number> {
  // `mytty-bar remote …` has its own verbs; the front doors below take none.
  if (argv[2] === "remote") {
    const { remoteMain } = await import("./remote-cli.js");
    return remoteMain(argv.slice(3));
  }
  const { version } = createRequire(import.meta.url)("../package.json") as { version: string };
  const program = new Command("mytty-bar")
    .description("See every coding agent in every terminal; jump to the one that needs you.")
    .version(version, "-V, --version", "print the version")
    .option("--tui", "terminal dashboard instead of the menu bar app")
    .option("--headless", "run only the engine, in the foreground")
    .option("--no-fallback", "where Electron cannot start, exit 1 instead of opening the terminal dashboard")
    .addHelpText("after", HELP_TEXT)
    .showHelpAfterError()
    .exitOverride();
  try {
    program.parse(argv);
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode;
    return code === 0 ? 0 : 2;
  }
  const opts = program.opts<Options>();
  if (opts.tui && opts.headless) {
    console.error(CHOOSE_ONE_MODE);
    return 2;
  }
  try {
    if (opts.headless) {
      // Before the engine's modules load: their loading is what first grows the young generation.
      const { keepYoungGenerationSmall } = await import("./headless-memory.js");
      keepYoungGenerationSmall();
      const { runHeadless } = await import("./headless.js");
      return await runHeadless();
    }
    if (opts.tui) {
      const { startTui } = await import("./tui/start.js");
      return await startTui();
    }
    const { launchMenubar, nodeElectronProbe } = await import("./launch-electron.js");
    // In a terminal, `npm start` still runs the product: one line why, then the dashboard.
    const terminal = process.stdin.isTTY === true && process.stdout.isTTY === true && opts.fallback !== false;
    return await launchMenubar(nodeElectronProbe(), undefined, terminal ? startDashboardInstead : undefined);
  } catch (error) {
    // Expected failures get one line; anything else still gets no stack trace unless asked for.
    const detail = error instanceof Error ? error.message : String(error);
    console.error(engineFailedText(detail));
    if (process.env.MYTTY_BAR_DEBUG) console.error(error);
    return 1;
  }
}

async function startDashboardInstead(problem: ElectronProblem): Promise<number> {
  console.error(fallbackText(problem));
  const { startTui } = await import("./tui/start.js");
  return await startTui();
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(String(error));
    process.exitCode = 1;
  },
);
