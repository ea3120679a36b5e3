// `mytty-doctor diff [provider…]`.
import type { Command } from "commander";
import type { TargetId } from "@mytty-bar/installers";
import { runDiff, type CommonOptions, type Io } from "../handlers.js";
import { parseProviders, PROVIDERS_ARG, withJson, withLang, withPointers, localOrHost, withHost } from "./options.js";

export function registerDiffCommand(program: Command, io: Io): void {
  const cmd = program
    .command("diff")
    .description(
      "Unified diff of what `fix` (or `install <provider…>`; before any install, `install`) would write; exit 1 when there is a difference.",
    )
    .argument("[providers...]", PROVIDERS_ARG, parseProviders);
  withPointers(withLang(withJson(withHost(cmd)))).action(async (ids: TargetId[] | undefined, opts: CommonOptions) => {
    process.exitCode = await localOrHost("diff", ids ?? [], opts, io, () => runDiff(ids ?? [], opts, io));
  });
}
