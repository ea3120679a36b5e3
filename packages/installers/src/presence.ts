// Which providers live on this machine: their config dir exists or their binary is on PATH.
import fs from "node:fs";
import path from "node:path";
import { readRegularFileSync } from "@mytty-bar/paths";
import { versionFromInstall } from "./claude-version.js";
import { TARGET_IDS, type TargetId } from "./constants.js";
import type { Paths } from "./paths.js";
import { BINARIES, configDir } from "./presence-facts.js";

/**
 * The first of `names` that is an executable file in one of `dirs`, as a path. stat with
 * throwIfNoEntry: a thrown ENOENT per PATH dir would be most of this check's cost in `status`.
 */
function findIn(dirs: readonly string[], names: readonly string[]): string | undefined {
  for (const dir of dirs) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const st = fs.statSync(file, { throwIfNoEntry: false });
        if (st !== undefined && st.isFile() && (st.mode & 0o111) !== 0) return file;
      } catch {
        // unreadable dir: keep looking
      }
    }
  }
  return undefined;
}

const pathDirs = (pathVar: string | undefined) => (pathVar ?? "").split(path.delimiter).filter(Boolean);

export function onPath(names: readonly string[], pathVar: string | undefined): boolean {
  return findIn(pathDirs(pathVar), names) !== undefined;
}

/** Small text files only (a package.json): anything odd reads as absent. */
function readSmall(file: string): string | undefined {
  const read = readRegularFileSync(file, { maxBytes: 256 * 1024 });
  return read.kind === "file" ? read.bytes.toString("utf8") : undefined;
}

/**
 * Where Claude Code's installers put `claude`, for an app started from the Finder with a bare PATH:
 * the native installer's first (the recommended install), then the old local one, Homebrew and npm's
 * macOS prefix, then Node version managers' — nvm's newest Node first. Absolute system dirs only on
 * macOS: elsewhere a session's PATH has them.
 */
function claudePlaces(home: string, platform: NodeJS.Platform): string[] {
  const under = (...parts: string[]) => path.join(home, ...parts);
  const nvm = under(".nvm", "versions", "node");
  let nvmBins: string[] = [];
  try {
    const byVersion = (v: string) =>
      v
        .replace(/^v/, "")
        .split(".")
        .map((n) => Number(n) || 0);
    const newestFirst = (a: string, b: string) => {
      const [x, y] = [byVersion(a), byVersion(b)];
      for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
      return 0;
    };
    if (fs.existsSync(nvm))
      nvmBins = fs
        .readdirSync(nvm)
        .sort(newestFirst)
        .slice(0, 32)
        .map((v) => path.join(nvm, v, "bin"));
  } catch {
    // no nvm
  }
  const system = platform === "darwin" ? ["/opt/homebrew/bin", "/usr/local/bin"] : [];
  return [
    under(".local", "bin"),
    under(".claude", "local"),
    ...system,
    under(".volta", "bin"),
    under(".bun", "bin"),
    under(".npm-global", "bin"),
    ...nvmBins,
  ];
}

export interface ClaudeInstall {
  version: string;
  /** The `claude` that has this version (as found, before symlinks). */
  path: string;
}

/**
 * The Claude Code the user runs — the first `claude` on PATH, else the one the doctor last installed
 * for (`remembered`, from a shell whose PATH a Finder-started app does not have), else the first in
 * the places above — with its version read from where the binary lives; undefined when there is none
 * or its version cannot be told.
 */
export function installedClaudeVersion(
  home: string,
  pathVar: string | undefined,
  platform: NodeJS.Platform = process.platform,
  remembered?: string,
): ClaudeInstall | undefined {
  const recalled =
    remembered !== undefined ? findIn([path.dirname(remembered)], [path.basename(remembered)]) : undefined;
  const found = findIn(pathDirs(pathVar), ["claude"]) ?? recalled ?? findIn(claudePlaces(home, platform), ["claude"]);
  if (found === undefined) return undefined;
  try {
    const version = versionFromInstall(fs.realpathSync(found), readSmall);
    return version !== undefined ? { version, path: found } : undefined;
  } catch {
    return undefined; // a dangling link: no version known
  }
}

/** Of `ids` (default: every target), those present; only the ones asked about are looked for. */
export function presentProviders(
  paths: Paths,
  pathVar: string | undefined = process.env.PATH,
  ids: readonly TargetId[] = TARGET_IDS,
): TargetId[] {
  return ids.filter((id) => fs.existsSync(configDir(id, paths)) || onPath(BINARIES[id], pathVar));
}

/** The path `rememberClaude` kept, when the file holds one (anything else reads as nothing). */
export function rememberedClaude(file: string): string | undefined {
  const text = readSmall(file);
  if (text === undefined) return undefined;
  try {
    const value = (JSON.parse(text) as { path?: unknown }).path;
    return typeof value === "string" && path.isAbsolute(value) && value.length <= 4096 && !value.includes("\0")
      ? value
      : undefined;
  } catch {
    return undefined; // not JSON: nothing remembered
  }
}

/** Keeps which `claude` an install or fix was planned for (0600, written whole or not at all). */
export function rememberClaude(file: string, claudePath: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ path: claudePath })}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}
