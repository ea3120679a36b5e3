// Which providers live on this machine: their config dir exists or their binary is on PATH.
import fs from "node:fs";
import path from "node:path";
import type { ProviderId } from "@mytty-bar/protocol";
import { versionFromInstall } from "./claude-version.js";
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

/**
 * The version of the `claude` on PATH — or, for an app started from the Finder with a bare PATH, in the
 * places Claude Code's installers use — read from where the binary lives; undefined when unknown.
 */
export function installedClaudeVersion(home: string, pathVar: string | undefined): string | undefined {
  const places = [path.join(home, ".local", "bin"), path.join(home, ".claude", "local"), "/opt/homebrew/bin", "/usr/local/bin"];
  const found = findIn([...pathDirs(pathVar), ...places], ["claude"]);
  if (found === undefined) return undefined;
  try {
    return versionFromInstall(fs.realpathSync(found), readSmall);
  } catch {
    return undefined;
  }
}

/** Of `ids` (default: every provider), those present; only the ones asked about are looked for. */
export function presentProviders(paths: Paths, pathVar: string | undefined = process.env.PATH, ids: readonly ProviderId[] = PROVIDER_IDS): ProviderId[] {
  return ids.filter((id) => fs.existsSync(configDir(id, paths)) || onPath(BINARIES[id], pathVar));
}
