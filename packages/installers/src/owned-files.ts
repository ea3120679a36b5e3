// Files we own outright (OpenCode plugin, Antigravity plugin dir, helper, guide, skill): installed
// when every file holds exactly the expected bytes; uninstall deletes them and our now-empty dirs.
import type { FileChange, ItemPlan } from "./plan.js";

export interface OwnedFile {
  path: string;
  expected: string;
  current: string | null;
  mode: number;
  forceMode?: boolean;
  /** Current mode, to flag a helper that lost its execute bit. */
  currentMode?: number;
}

export function planOwnedFiles(
  base: Omit<ItemPlan, "status" | "install" | "uninstall">,
  files: readonly OwnedFile[],
  removeEmptyDirs: string[] = [],
): ItemPlan {
  const wrongMode = (f: OwnedFile) =>
    f.forceMode === true && f.currentMode !== undefined && (f.currentMode & 0o777) !== f.mode;
  const stale = files.filter((f) => f.current !== f.expected || wrongMode(f));
  const present = files.filter((f) => f.current !== null);
  const install: FileChange[] = stale.map((f) => ({
    path: f.path,
    before: f.current,
    // A mode-only repair still rewrites the bytes; apply() treats before === after as "nothing to do" otherwise.
    after: f.expected,
    mode: f.mode,
    ...(f.forceMode ? { forceMode: true } : {}),
    backup: false,
    redo: () => f.expected,
    ...(wrongMode(f) && f.current === f.expected ? { modeOnly: true } : {}),
  }));
  const uninstall: FileChange[] = present.map((f) => ({
    path: f.path,
    before: f.current,
    after: null,
    mode: f.mode,
    backup: false,
    removeEmptyDirs,
    redo: () => null,
  }));
  const status = stale.length === 0 ? "installed" : present.length === 0 ? "not-installed" : "needs-repair";
  const detail =
    status === "needs-repair"
      ? stale
          .map((f) =>
            f.current === null
              ? `${f.path} is missing`
              : f.current !== f.expected
                ? `${f.path} differs from the generated file`
                : `${f.path} is not executable`,
          )
          .join("; ")
      : undefined;
  return { ...base, status, ...(detail ? { detail } : {}), install, uninstall };
}
