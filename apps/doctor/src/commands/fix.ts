// `mytty-doctor fix [provider…]`.
import type { Command } from "commander";
import type { TargetId } from "@mytty-bar/installers";
import { runFix, type CommonOptions, type Io } from "../handlers.js";
import { localOrHost, parseProviders, PROVIDERS_ARG, withWriteOptions } from "./options.js";

export function registerFixCommand(program: Command, io: Io): void {
  const cmd = program
    .command("fix")
    .description(
      "Repair whatever status reports as needing repair (only the named providers, when given); never touches a file it cannot parse.",
    )
    .argument("[providers...]", PROVIDERS_ARG, parseProviders);
  withWriteOptions(cmd).action(async (ids: TargetId[] | undefined, opts: CommonOptions) => {
    process.exitCode = await localOrHost("fix", ids ?? [], opts, io, () => runFix(ids ?? [], opts, io));
  });
}
