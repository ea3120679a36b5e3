// Which providers live on this machine: their config dir exists or their binary is on PATH.
import fs from "node:fs";
import path from "node:path";
import type { ProviderId } from "@mytty-bar/protocol";
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

export function onPath(names: readonly string[], pathVar: string | undefined): boolean {
  for (const dir of (pathVar ?? "").split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      try {
        fs.accessSync(path.join(dir, name), fs.constants.X_OK);
        return true;
      } catch {
        // keep looking
      }
    }
  }
  return false;
}

/** Of `ids` (default: every provider), those present; only the ones asked about are looked for. */
export function presentProviders(paths: Paths, pathVar: string | undefined = process.env.PATH, ids: readonly ProviderId[] = PROVIDER_IDS): ProviderId[] {
  return ids.filter((id) => fs.existsSync(configDir(id, paths)) || onPath(BINARIES[id], pathVar));
}
