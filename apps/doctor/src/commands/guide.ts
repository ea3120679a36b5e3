// `mytty-doctor guide [--write]`.
import type { Command } from "commander";
import { runGuide, type Io } from "../handlers.js";
import { withDryRun } from "./options.js";

export function registerGuideCommand(program: Command, io: Io): void {
  const cmd = program
    .command("guide")
    .description("Print the orchestration guide (what `mytty-team guide` prints); --write stores it in the data dir.")
    .option("--write", "write <data>/mytty-team.md");
  withDryRun(cmd).action(async (opts: { write?: boolean; dryRun?: boolean }) => {
    process.exitCode = await runGuide(opts, io);
  });
}
