// `mytty-doctor uninstall [provider…]`.
import type { Command } from "commander";
import type { TargetId } from "@mytty-bar/installers";
import { runUninstall, type CommonOptions, type Io } from "../handlers.js";
import { parseProviders, PROVIDERS_ARG, withDryRun, withJson, localOrHost, withHost } from "./options.js";

export function registerUninstallCommand(program: Command, io: Io): void {
  const cmd = program
    .command("uninstall")
    .description(
      "Remove our hooks and pointers, restoring the files' original bytes (no providers: everything, helper and guide too).",
    )
    .argument("[providers...]", PROVIDERS_ARG, parseProviders);
  withJson(withDryRun(withHost(cmd))).action(async (ids: TargetId[] | undefined, opts: CommonOptions) => {
    process.exitCode = await localOrHost("uninstall", ids ?? [], opts, io, () => runUninstall(ids ?? [], opts, io));
  });
}
