// Where Mytty Bar's files are, and engine.pid's lease. The one module that reads the home directory
// (lint enforces it): everything else takes a Paths, so tests point HOME (or MYTTY_BAR_DATA_DIR,
// CODEX_HOME, XDG_*) at a temp dir and nothing leaks.
import os from "node:os";
import path from "node:path";

/**
 * While it runs, the engine keeps <data>/engine.pid's mtime this far ahead of the clock, renewing it
 * every ENGINE_LEASE_RENEW_SECONDS: the helper's cheap proof (`test -nt`) that the pid is our engine's.
 */
export const ENGINE_LEASE_SECONDS = 120;
export const ENGINE_LEASE_RENEW_SECONDS = 10;

export interface Paths {
  home: string;
  /** <data>: macOS ~/Library/Application Support/mytty-bar; Linux ${XDG_DATA_HOME:-~/.local/share}/mytty-bar. */
  dataDir: string;
  binDir: string;
  helper: string;
  spoolDir: string;
  spoolTmp: string;
  spoolNew: string;
  enginePid: string;
  /** Answers to held requests, one file per request, and `wait` (the hold in seconds); docs/answering.md. */
  answersDir: string;
  answerWait: string;
  /** Claude Code's statusLine input, one <claude pid>.json each (opt-in, docs/usage-meters.md). */
  statuslineDir: string;
  controlSocket: string;
  /** The engine's part of `mytty-doctor status`, kept by the running engine (packages/engine/src/published-status.ts). */
  engineStatus: string;
  /** `mytty-doctor status --json`'s last report, kept while every file it read is unchanged (apps/doctor/src/status-cache.ts). */
  statusCache: string;
  eventLog: string;
  /** What the engine survived (failed scans, throwing ports), bounded; see packages/engine/src/log.ts. */
  engineLog: string;
  acksFile: string;
  settingsFile: string;
  /** The `claude` the doctor last installed for (a Finder-started app cannot see the shell's PATH). */
  claudeSeen: string;
  backupsDir: string;
  guide: string;
  claudeDir: string;
  claudeSettings: string;
  claudeSkill: string;
  codexHome: string;
  codexHooks: string;
  codexAgentsMd: string;
  codexConfig: string;
  cursorDir: string;
  cursorHooks: string;
  opencodeDir: string;
  opencodePlugin: string;
  /** Antigravity's root (agy keeps its plugins under config/plugins): always ~/.gemini. */
  geminiDir: string;
  antigravityPluginDir: string;
  /** Gemini CLI's user dir: $GEMINI_CLI_HOME/.gemini when set, else ~/.gemini (docs/providers.md, Gemini CLI). */
  geminiCliDir: string;
  geminiSettings: string;
}

export interface PathsInput {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

export function resolvePaths({ env = process.env, platform = process.platform }: PathsInput = {}): Paths {
  // HOME first so a test's HOME wins even where os.homedir() would consult the password database.
  // Every path is absolute: hook commands embed them and run from whatever directory the agent is in.
  const home = path.resolve(nonEmpty(env.HOME) ?? nonEmpty(os.homedir()) ?? accountHome());
  const given = (value: string | undefined) => {
    const v = nonEmpty(value);
    return v === undefined ? undefined : path.resolve(v);
  };
  const dataDir =
    given(env.MYTTY_BAR_DATA_DIR) ??
    (platform === "darwin"
      ? path.join(home, "Library", "Application Support", "mytty-bar")
      : path.join(xdg(env.XDG_DATA_HOME) ?? path.join(home, ".local", "share"), "mytty-bar"));
  const binDir = path.join(dataDir, "bin");
  const spoolDir = path.join(dataDir, "spool");
  const claudeDir = given(env.CLAUDE_CONFIG_DIR) ?? path.join(home, ".claude");
  const codexHome = given(env.CODEX_HOME) ?? path.join(home, ".codex");
  const cursorDir = path.join(home, ".cursor");
  const opencodeDir = path.join(xdg(env.XDG_CONFIG_HOME) ?? path.join(home, ".config"), "opencode");
  const geminiDir = path.join(home, ".gemini");
  const geminiCliDir = path.join(given(env.GEMINI_CLI_HOME) ?? home, ".gemini");
  return {
    home,
    dataDir,
    binDir,
    helper: path.join(binDir, "mytty-bar-hook"),
    spoolDir,
    spoolTmp: path.join(spoolDir, "tmp"),
    spoolNew: path.join(spoolDir, "new"),
    enginePid: path.join(dataDir, "engine.pid"),
    answersDir: path.join(dataDir, "answers"),
    answerWait: path.join(dataDir, "answers", "wait"),
    statuslineDir: path.join(dataDir, "statusline"),
    controlSocket: path.join(dataDir, "control.sock"),
    engineStatus: path.join(dataDir, "engine-status.json"),
    statusCache: path.join(dataDir, "status-cache.json"),
    eventLog: path.join(dataDir, "events.jsonl"),
    engineLog: path.join(dataDir, "engine.log"),
    acksFile: path.join(dataDir, "acks.jsonl"),
    settingsFile: path.join(dataDir, "settings.json"),
    claudeSeen: path.join(dataDir, "claude-seen.json"),
    backupsDir: path.join(dataDir, "backups"),
    guide: path.join(dataDir, "mytty-team.md"),
    claudeDir,
    claudeSettings: path.join(claudeDir, "settings.json"),
    claudeSkill: path.join(claudeDir, "skills", "mytty-bar-team", "SKILL.md"),
    codexHome,
    codexHooks: path.join(codexHome, "hooks.json"),
    codexAgentsMd: path.join(codexHome, "AGENTS.md"),
    codexConfig: path.join(codexHome, "config.toml"),
    cursorDir,
    cursorHooks: path.join(cursorDir, "hooks.json"),
    opencodeDir,
    opencodePlugin: path.join(opencodeDir, "plugins", "mytty-bar.js"),
    geminiDir,
    antigravityPluginDir: path.join(geminiDir, "config", "plugins", "mytty-bar"),
    geminiCliDir,
    geminiSettings: path.join(geminiCliDir, "settings.json"),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value : undefined;
}

/** The XDG base directory spec: a relative value is invalid and ignored. */
function xdg(value: string | undefined): string | undefined {
  const v = nonEmpty(value);
  return v !== undefined && path.isAbsolute(v) ? v : undefined;
}

/** os.homedir() echoes an empty HOME back; the account database still knows the real one. */
function accountHome(): string {
  let dir = "";
  try {
    dir = os.userInfo().homedir;
  } catch {
    // No account entry (a container's arbitrary uid): only HOME can say.
  }
  if (dir === "") throw new Error("Cannot tell your home directory: set HOME and try again.");
  return dir;
}
export * from "./regular-file.js";
