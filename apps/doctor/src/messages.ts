// Every sentence the doctor shows lives here (docs/architecture.md#messages): what is wrong, why, and the
// exact command that fixes it.
import { shellWord } from "@mytty-bar/protocol/wire";
import { isInstallTarget, TARGET_LABELS, type ItemPlan, type Problem, type Remedy } from "@mytty-bar/installers";

/** "Claude Code", "Gemini CLI", … for a target id (a provider id is one); anything else as given. */
export const name = (id: string): string => (isInstallTarget(id) ? TARGET_LABELS[id] : id);

export const M = {
  title: (dataDir: string) => `Mytty Bar doctor (data: ${dataDir})`,
  hostTitle: (host: string, dataDir: string) => `Mytty Bar doctor on ${host} (data: ${dataDir})`,
  /** Every `mytty-doctor …` command a host's message names gets the same --host, so it fixes that host. */
  onHost: (text: string, host: string) =>
    text.replace(/`mytty-doctor ([^`]*)`/g, (_, rest: string) => `\`mytty-doctor ${rest} --host ${shellWord(host)}\``),
  hostNoProviders: (host: string, ids: readonly string[]) =>
    `Name the agents to install on ${host}: \`mytty-doctor install <provider…> --host ${shellWord(host)}\`, <provider> being one of ${ids.join(", ")}.`,
  providerLine: (p: ItemPlan) => {
    const n = name(p.kind === "provider" ? p.id : p.provider!);
    switch (p.status) {
      case "installed":
        return `${n} hooks installed${p.switchedOff !== undefined ? ", but switched off" : ""} (${p.path})`;
      case "needs-repair":
        return `${n} hooks need repair (${p.path})`;
      case "not-installed":
        return `${n} hooks not installed`;
      case "invalid":
        return `${n}: ${p.path} cannot be used`;
    }
  },
  /** A provider that is not installed and not on this machine either (no config dir, nothing on PATH): not an issue. */
  absentLine: (id: string) => `${name(id)} not found on this machine (install it, then: mytty-doctor install ${id})`,
  /** The same on a host: its config dir and binary were looked for there (onHost adds the --host). */
  absentOnHost: (id: string, host: string) =>
    `${name(id)} not found on ${host} (install it there, then: \`mytty-doctor install ${id}\`)`,
  helperLine: (p: ItemPlan) =>
    ({
      installed: "Hook helper installed",
      "needs-repair": "Hook helper needs repair",
      "not-installed": "Hook helper not installed",
      invalid: "Hook helper cannot be read",
    })[p.status] + ` (${p.path})`,
  guideLine: (p: ItemPlan) =>
    ({
      installed: "Orchestration guide written",
      "needs-repair": "Orchestration guide is out of date",
      "not-installed": "Orchestration guide not written",
      invalid: "Orchestration guide cannot be read",
    })[p.status] + ` (${p.path})`,
  pointerLine: (p: ItemPlan) => {
    const what = p.provider === "claude-code" ? "Claude Code skill (SKILL.md)" : "Codex AGENTS.md block";
    const st = {
      installed: `written${p.lang ? `, ${p.lang}` : ""}`,
      "needs-repair": "needs repair",
      "not-installed": "not written",
      invalid: "cannot be used",
    }[p.status];
    return `${what} ${st} (${p.path})`;
  },
  /** Claude Code's opt-in statusLine entry (usage meters). */
  statuslineLine: (status: ItemPlan["status"], path: string) =>
    `Claude Code statusLine (usage meters) ${
      {
        installed: "installed",
        "needs-repair": "needs repair",
        "not-installed": "not installed",
        invalid: "cannot be used",
      }[status]
    } (${path})`,
  statuslineInstallFix: "Run `mytty-doctor install claude-code --statusline` to install it.",
  /** `command` is what writes the item once the file is readable again (the item's remedy). */
  invalidFix: (path: string, problem: Problem, command: string) =>
    `${path}:${problem.line}:${problem.column}: ${problem.message}. mytty-doctor never writes a file it cannot read: fix it by hand (or move it away), then run \`${command}\`.`,
  /** The command line of a plan item's remedy (packages/installers/src/plan.ts decides which). */
  command: (r: Remedy) =>
    r.command === "guide" ? "mytty-doctor guide --write" : `mytty-doctor ${r.command}${r.target ? ` ${r.target}` : ""}`,
  /** What finishes an uninstall once the file that stopped it is readable: the same uninstall. */
  uninstallAgain: (ids: readonly string[]) => ["mytty-doctor uninstall", ...ids].join(" "),
  repairFix: "Run `mytty-doctor fix` to repair it (only our own entries change).",
  rewriteFix: "Run `mytty-doctor fix` to rewrite it.",
  installFix: (id: string) => `Run \`mytty-doctor install ${id}\` to install.`,
  /** The helper and guide come with the first install; until then they are a step, not a problem. */
  setupFix: "Run `mytty-doctor install` to install it with your agents' hooks.",
  pointerInstallFix: (id: string) => `Run \`mytty-doctor install ${id}\` to write it.`,
  pointersOff: 'pointers are turned off ("pointers": false in settings.json)',
  helperMissing:
    "Hooks are installed but the helper they run is missing: every hook call fails. Run `mytty-doctor fix`.",
  guideMissing: "The guide the pointers name is missing. Run `mytty-doctor fix`.",
  pointerFix: (p: ItemPlan) =>
    `Run \`mytty-doctor fix\` to rewrite it${p.lang ? ` (language ${p.lang}; --lang en|ja to change)` : ""}.`,
  /** `what` (from the installer) names the switch and how to turn it back; a status afterwards proves it. */
  switchedOff: (what: string) => `${what}, then run \`mytty-doctor status\` to check.`,
  codexTrust:
    "Codex runs new or changed hooks only after you trust them: open Codex and trust the new hooks with /hooks.",
  crashed: (id: string, message: string) =>
    `The ${id} check crashed: ${message}. Please report it; the other checks are unaffected.`,
  dataDirOpen: (dir: string, mode: number) =>
    `${dir} is readable by others (mode ${mode.toString(8)}): it holds hook payloads. Run \`chmod 700 '${dir}'\`.`,
  backups: (dir: string, count: number) =>
    `Backups of files we changed: ${dir} (${count} file${count === 1 ? "" : "s"}; the last 10 per file are kept)`,
  engineRunning: "Mytty Bar engine is running",
  engineDown:
    "Mytty Bar engine is not running (hooks answer their agents but nothing is recorded). Start it with `mytty-bar` or `mytty-bar --headless`.",
  /** Neither SQLite reader here (sqlite-reader.ts): those two rows only lack their model. */
  noSqlite: (node: string) =>
    `OpenCode and Cursor rows show no model: this Node (${node}) has no node:sqlite and better-sqlite3 is not installed. Use Node >= 22.13, or run \`npm install\` again with make, g++ and python3 on PATH.`,
  lastEvent: (id: string, at: string) => `last ${name(id)} event ${at}`,
  noProviders: (ids: readonly string[]) =>
    `No agent was found on this machine (no config dir, nothing on PATH). Name one: \`mytty-doctor install <provider>\`, <provider> being one of ${ids.join(", ")}.`,
  unknownProvider: (id: string, ids: readonly string[], meant?: string) =>
    `unknown provider "${id}" (expected one of: ${ids.join(", ")})${meant ? `. Did you mean ${meant}?` : ""}`,
  unknownCommand: (typed: string, commands: readonly string[], meant?: string) =>
    `error: unknown command '${typed}'.${meant ? ` Did you mean ${meant}?` : ""} Commands: ${commands.join(", ")} (\`mytty-doctor --help\` explains them).`,
  badLang: (v: string) => `unknown language "${v}" (expected en or ja)`,
  skippedInvalid: (path: string) => `Skipped ${path}: it cannot be parsed, so it was left untouched.`,
  written: (path: string, backup?: string) => `wrote ${path}${backup ? ` (backup: ${backup})` : ""}`,
  deleted: (path: string) => `removed ${path}`,
  chmod: (path: string) => `made ${path} executable`,
  nothingToDo: "Nothing to do: everything is already as it should be.",
  /** install/uninstall with an unreadable file among its items: it changes all of them or none. */
  heldBack: (action: string, dryRun: boolean, paths: readonly string[]) =>
    `${dryRun ? "Nothing would be written" : "Nothing was written"}: ${action} changes all of its files or none, and the file below cannot be read. Not ${dryRun ? "to be " : ""}written: ${paths.join(", ")}.`,
  dryRun: "Dry run: nothing was written. This is what would change:",
  summaryOk: "No issues found.",
  /** Nothing needs repair, but lines above still name a step (not installed yet, engine not running). */
  summarySteps: (n: number, setup: boolean) =>
    `Nothing needs repair; ${n} line${n === 1 ? "" : "s"} above ${n === 1 ? "names a step" : "name steps"} still to take${setup ? " (to set everything up at once: `mytty-doctor install`)" : ""}.`,
  summaryIssues: (n: number) => `${n} issue${n === 1 ? "" : "s"} found.`,
};
