// Where each agent shows it lives on a machine: its config dir, its binaries' names. Facts only (no fs),
// shared by the local look (presence.ts) and the host's (remote-read.ts), so both look for the same things.
import type { TargetId } from "./constants.js";
import type { Paths } from "./paths.js";

export const BINARIES: Record<TargetId, readonly string[]> = {
  "claude-code": ["claude"],
  codex: ["codex"],
  cursor: ["cursor-agent"],
  opencode: ["opencode"],
  antigravity: ["agy", "antigravity", "gemini"],
  gemini: ["gemini"],
};

export function configDir(id: TargetId, paths: Paths): string {
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
    case "gemini":
      return paths.geminiCliDir;
  }
}
