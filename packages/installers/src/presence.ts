// Which providers live on this machine: their config dir exists or their binary is on PATH.
import fs from "node:fs";
import path from "node:path";
import type { ProviderId } from "@mytty-bar/protocol";
import { atLeast, versionFromInstall } from "./claude-version.js";
import { PROVIDER_IDS } from "./constants.js";
import type { Paths } from "./paths.js";

const BINARIES: Record<ProviderId, readonly string[]> = {
  "claude-code": ["claude"],
  codex: ["codex"],
  cursor: ["cursor-agent"],
  opencode: ["opencode"],
  antigravity: ["agy", "antigravity", "gemini"],
};

function configDir(id: ProviderId, paths: Paths): string {
  switch (id) {
    case "claude-code":
      return paths.claudeDir;
    case "codex":
      return paths.codexHome;
    case "cursor":
      return paths.cursorDir;
    case "opencode":
      return paths.opencodeDir;
    case "antigravity":
      return paths.geminiDir;
  }
}

/** The first of `names` that is executable in one of `dirs`, as a path. */
function findIn(dirs: readonly string[], names: readonly string[]): string | undefined {
  for (const dir of dirs) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // keep looking
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
  try {
    const st = fs.statSync(file);
    return st.isFile() && st.size <= 256 * 1024 ? fs.readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

/** Where Claude Code's installers and Node version managers put `claude`, beyond PATH (a Finder-started
 * app gets a bare PATH). Absolute system dirs only on macOS: elsewhere a session's PATH has them. */
function claudePlaces(home: string, platform: NodeJS.Platform): string[] {
  const under = (...parts: string[]) => path.join(home, ...parts);
  const nvm = under(".nvm", "versions", "node");
  let nvmBins: string[] = [];
  try {
    nvmBins = fs.readdirSync(nvm).map((v) => path.join(nvm, v, "bin"));
  } catch {
    // no nvm
  }
  const system = platform === "darwin" ? ["/opt/homebrew/bin", "/usr/local/bin"] : [];
  return [under(".local", "bin"), under(".claude", "local"), under(".volta", "bin"), under(".bun", "bin"), under(".npm-global", "bin"), ...nvmBins, ...system];
}

export interface ClaudeInstall {
  version: string;
  /** The `claude` that has this version (as found, before symlinks). */
  path: string;
}

/**
 * The oldest Claude Code found — on PATH and in the places above — by where each binary lives; undefined
 * when none can be placed. The oldest, because any of them may read settings.json, and one event it
 * does not know makes it skip the whole file.
 */
export function installedClaudeVersion(home: string, pathVar: string | undefined, platform: NodeJS.Platform = process.platform): ClaudeInstall | undefined {
  let oldest: ClaudeInstall | undefined;
  const seen = new Set<string>();
  for (const dir of [...pathDirs(pathVar), ...claudePlaces(home, platform)]) {
    const found = findIn([dir], ["claude"]);
    if (found === undefined) continue;
    let real: string;
    try {
      real = fs.realpathSync(found);
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    const version = versionFromInstall(real, readSmall);
    if (version !== undefined && (oldest === undefined || !atLeast(version, oldest.version))) oldest = { version, path: found };
  }
  return oldest;
}

/** Of `ids` (default: every provider), those present; only the ones asked about are looked for. */
export function presentProviders(paths: Paths, pathVar: string | undefined = process.env.PATH, ids: readonly ProviderId[] = PROVIDER_IDS): ProviderId[] {
  return ids.filter((id) => fs.existsSync(configDir(id, paths)) || onPath(BINARIES[id], pathVar));
}
