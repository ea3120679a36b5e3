// `mytty-doctor install [provider…]`.
import type { Command } from "commander";
import type { TargetId } from "@mytty-bar/installers";
import { runInstall, type CommonOptions, type Io } from "../handlers.js";
import { localOrHost, parseProviders, PROVIDERS_ARG, withWriteOptions } from "./options.js";

export function registerInstallCommand(program: Command, io: Io): void {
  const cmd = program
    .command("install")
    .description("Install hooks (default: every agent found on this machine), the helper, the guide and the pointers.")
    .argument("[providers...]", PROVIDERS_ARG, parseProviders);
  cmd.option(
    "--statusline",
    "Claude Code: also pass its statusLine JSON (usage limits) to Mytty; your own status line stays as it is",
  );
  withWriteOptions(cmd).action(async (ids: TargetId[] | undefined, opts: CommonOptions) => {
    process.exitCode = await localOrHost("install", ids ?? [], opts, io, () => runInstall(ids ?? [], opts, io));
  });
}
