// mytty-bar: thin command line over the three front doors (menu bar, --tui, --headless).
import { Command } from "commander";
import { EngineUnavailableError } from "./engine-loader.js";
import { engineFailedText, HELP_TEXT } from "./messages.js";

interface Options {
  tui?: boolean;
  headless?: boolean;
}

/** headless.ts belongs to the engine's side; loaded by a computed name so this file builds without it. */
async function headless(): Promise<number> {
  const spec = "./headless.js";
  let mod: { runHeadless?: () => Promise<number | void> };
  try {
    mod = (await import(spec)) as typeof mod;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    console.error("This build has no headless mode yet (apps/menubar/src/headless.ts is missing). Use `mytty-bar --tui`.");
    return 1;
  }
  if (typeof mod.runHeadless !== "function") {
    console.error("This build's headless module has no runHeadless(). Rebuild with `npm run build`.");
    return 1;
  }
  return (await mod.runHeadless()) ?? 0;
}

export async function main(argv: string[] = process.argv): Promise<number> {
  const program = new Command("mytty-bar")
    .description("See every coding agent in every terminal; jump to the one that needs you.")
    .option("--tui", "terminal dashboard instead of the menu bar app")
    .option("--headless", "run only the engine, in the foreground")
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
    console.error("Choose one of --tui and --headless.");
    return 2;
  }
  try {
    if (opts.headless) return await headless();
    if (opts.tui) {
      const { startTui } = await import("./tui/start.js");
      return await startTui();
    }
    const { launchMenubar } = await import("./launch-electron.js");
    return await launchMenubar();
  } catch (error) {
    // Expected failures get one line; anything else still gets no stack trace unless asked for.
    const detail = error instanceof EngineUnavailableError || error instanceof Error ? error.message : String(error);
    console.error(engineFailedText(detail));
    if (process.env.MYTTY_BAR_DEBUG) console.error(error);
    return 1;
  }
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
