// `mytty-doctor status` (the default command).
import type { Command } from "commander";
import { runStatus, type CommonOptions, type Io } from "../handlers.js";
import { localOrHost, withHost, withJson, withLang } from "./options.js";

export function registerStatusCommand(program: Command, io: Io): void {
  const cmd = program
    .command("status", { isDefault: true })
    .description("Check hooks, helper, guide, pointers, backups and the engine (default command).");
  // No --no-pointers: status only reads (the "pointers" setting still decides what it expects).
  cmd.option("--verbose", "also list the other tools' hook entries in these files, and where two of them alert twice");
  withHost(withLang(withJson(cmd))).action(async (opts: CommonOptions) => {
    process.exitCode = await localOrHost("status", [], opts, io, () => runStatus(opts, io));
  });
}
