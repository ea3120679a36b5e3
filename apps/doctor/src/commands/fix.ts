// `mytty-doctor fix`.
import type { Command } from "commander";
import { runFix, type CommonOptions, type Io } from "../handlers.js";
import { withDryRun, withJson, withLang, withPointers } from "./options.js";

export function registerFixCommand(program: Command, io: Io): void {
  const cmd = program.command("fix").description("Repair whatever status reports as needing repair; never touches a file it cannot parse.");
  withPointers(withLang(withJson(withDryRun(cmd)))).action(async (opts: CommonOptions) => {
    process.exitCode = await runFix(opts, io);
  });
}
