// `mytty-doctor status` (the default command).
import type { Command } from "commander";
import { runStatus, type CommonOptions, type Io } from "../handlers.js";
import { withJson, withLang, withPointers } from "./options.js";

export function registerStatusCommand(program: Command, io: Io): void {
  const cmd = program.command("status", { isDefault: true }).description("Check hooks, helper, guide, pointers, backups and the engine (default command).");
  withPointers(withLang(withJson(cmd))).action(async (opts: CommonOptions) => {
    process.exitCode = await runStatus(opts, io);
  });
}
