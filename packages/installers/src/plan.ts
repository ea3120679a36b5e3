// Plans: what a check found and what each command would write. status, diff, install, fix and
// uninstall are all views of one ItemPlan, so they cannot disagree (docs/architecture.md#installer-plans).
import type { ProviderId } from "@mytty-bar/protocol";
import type { Problem } from "./jsonc-edit.js";

export type ItemStatus = "installed" | "needs-repair" | "not-installed" | "invalid";
export type ItemKind = "provider" | "helper" | "guide" | "pointer";
export type Lang = "en" | "ja";

export interface FileChange {
  /** The path as the user knows it (a symlink is written through to its target). */
  path: string;
  /** Content the plan was computed from; null when the file does not exist. */
  before: string | null;
  /** Content to write; null deletes the file. */
  after: string | null;
  /** Mode of a new file (an existing file keeps its own unless forceMode). */
  mode: number;
  forceMode?: boolean;
  /** Only the mode is wrong (a helper that lost its execute bit): chmod, no rewrite. */
  modeOnly?: boolean;
  /** Keep a backup of `before` in <data>/backups (user files only). */
  backup: boolean;
  /** Directories we own, removed when left empty after a delete (innermost first). */
  removeEmptyDirs?: string[];
  /**
   * Recomputes `after` from content that changed under us (compare-and-swap retry);
   * returns undefined when the new content can no longer be edited (became invalid).
   */
  redo: (current: string | null) => string | null | undefined;
}

export interface ItemPlan {
  /** "claude-code", "codex", …, "helper", "guide", "pointer:claude-code", "pointer:codex". */
  id: string;
  kind: ItemKind;
  provider?: ProviderId;
  path: string;
  status: ItemStatus;
  /** What is wrong or notable, in plain words (needs-repair reasons, the invalid spot). */
  detail?: string;
  problem?: Problem;
  /** The provider runs no hooks at all (a switch of its own, which we only read): what to change. An issue even when installed. */
  switchedOff?: string;
  /** Language of an installed pointer. */
  lang?: Lang;
  /** What install/fix would write (empty when installed or invalid: an invalid file is never written). */
  install: FileChange[];
  /** What uninstall would write (empty when nothing of ours is there or the file is invalid). */
  uninstall: FileChange[];
  /** The command that fixes this item's problem (front ends word it; set by the planners in items.ts). */
  remedy?: Remedy;
}

/**
 * The doctor command that fixes an item: `target` names what `install` writes. `edit` says what the
 * fix does to the file: "repair" changes only our entries in the user's file, "rewrite" replaces a
 * file we own. An invalid file is fixed by hand first, then by the command that writes it whatever
 * state the hand repair leaves it in (`fix` only repairs what is there, so that is `install`).
 */
export interface Remedy {
  command: "install" | "fix" | "guide";
  target?: string;
  edit: "repair" | "rewrite";
}

export function remedyFor(item: Omit<ItemPlan, "remedy">, edit: Remedy["edit"]): Remedy {
  // A provider item's id is its install target (`gemini` writes events as provider `antigravity`).
  const target = item.kind === "provider" ? item.id : item.provider;
  if (item.status === "not-installed" && target !== undefined) return { command: "install", target, edit };
  if (item.status !== "invalid") return { command: "fix", edit };
  if (target !== undefined) return { command: "install", target, edit };
  return { command: item.kind === "guide" ? "guide" : "fix", edit };
}

/** Content of the newest backup of a file: undefined when there is none, null for a "was absent" record. */
export type BackupLookup = (path: string) => string | null | undefined;

/** Changes that would actually alter something. */
export function effective(changes: readonly FileChange[]): FileChange[] {
  return changes.filter((c) => c.before !== c.after || c.modeOnly === true);
}

/**
 * Uninstall removes containers we may have created (an event array, `hooks`, the whole file).
 * Content alone cannot tell `"Stop": []` that was there before from one we created, so the candidates
 * go from least to most pruned and the newest backup (taken before our install) breaks the tie.
 */
export function chooseRemoval(
  candidates: readonly (string | null)[],
  backup: string | null | undefined,
): string | null {
  const match = candidates.find((c) => c === backup);
  if (backup !== undefined && match !== undefined) return match;
  const last = candidates.at(-1) ?? null;
  if (last === null && backup !== undefined && candidates.length > 1) return candidates.at(-2) ?? null;
  return last;
}
