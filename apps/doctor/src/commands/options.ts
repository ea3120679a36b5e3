// Argument parsers shared by the commands; a bad value is a commander usage error (exit 2).
import { createRequire } from "node:module";
import type * as Commander from "commander";
import type { Command } from "commander";
import { INSTALL_TARGETS, isInstallTarget, type Lang, type TargetId } from "@mytty-bar/installers";
import { M } from "../messages.js";
import { closest } from "../suggest.js";
import type { CommonOptions, Io } from "../handlers.js";
import type { HostCommand } from "../host.js";

const { InvalidArgumentError } = createRequire(import.meta.url)("commander") as typeof Commander;

/** A provider id, or `gemini` (Gemini CLI's settings.json; its events are the provider `antigravity`). */
export function parseProviders(value: string, previous: TargetId[] = []): TargetId[] {
  if (!isInstallTarget(value))
    throw new InvalidArgumentError(M.unknownProvider(value, INSTALL_TARGETS, closest(value, INSTALL_TARGETS)));
  return previous.includes(value) ? previous : [...previous, value];
}

export function parseLang(value: string): Lang {
  if (value !== "en" && value !== "ja") throw new InvalidArgumentError(M.badLang(value));
  return value;
}

export const withJson = (c: Command) => c.option("--json", "print machine-readable JSON");
export const withLang = (c: Command) => c.option("--lang <lang>", "pointer prose language: en or ja", parseLang);
export const withDryRun = (c: Command) =>
  c.option("--dry-run", "show the unified diff of what would change; write nothing");
export const withPointers = (c: Command) =>
  c.option("--no-pointers", "do not write the Claude Code SKILL.md / Codex AGENTS.md pointers");
export const withHost = (c: Command) =>
  c.option(
    "--host <destination>",
    "do it on another machine over your ssh (devbox, user@host) or in a container (docker://<name>, podman://<name>)",
  );
/** install and fix write files: every writing option (--host, --dry-run, --json, --lang, --no-pointers). */
export const withWriteOptions = (c: Command) => withPointers(withLang(withJson(withDryRun(withHost(c)))));

/** `--host` goes to host.ts (loaded only then); otherwise the local handler runs. */
export async function localOrHost(
  command: HostCommand,
  ids: readonly TargetId[],
  opts: CommonOptions,
  io: Io,
  local: () => Promise<number>,
): Promise<number> {
  if (opts.host === undefined) return local();
  return (await import("../host.js")).runOnHost(command, ids, opts, io);
}

export const PROVIDERS_ARG = `providers (${INSTALL_TARGETS.join(", ")})`;
