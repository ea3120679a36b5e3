// One installer session every front end shares (the doctor's commands, its status report, the popup's
// Fix): which items an operation touches, what it would write, and what applying it did. Front ends
// word the results; they never choose items or judge outcomes themselves (docs/architecture.md#installer-plans).
import { TARGET_IDS, type TargetId } from "./constants.js";
import type { ChangeOutcome } from "./apply.js";
import {
  fixItems,
  installChanges,
  installItems,
  planAll,
  planContext,
  uninstallChanges,
  uninstallItems,
  type HostFiles,
  type Plans,
} from "./operations.js";
import { effective, type FileChange, type ItemPlan, type Lang } from "./plan.js";
import type { Paths } from "./paths.js";
import { rememberClaude } from "./presence.js";
import { planClaudeStatusline, STATUSLINE_BASENAME } from "./claude-statusline.js";
import { readText } from "./fsio.js";

/**
 * `guide` rewrites the orchestration guide alone (`mytty-doctor guide --write`, the menu bar at launch).
 * `statusline` brings Claude Code's statusLine entry alone in line with `claudeStatusLine` (the popup's
 * switch): installs it when the setting is on, removes it (original bytes back) when off; hooks untouched.
 */
export type Op = "install" | "fix" | "uninstall" | "guide" | "statusline";

/** The settings.json fields the installers follow (readInstallSettings), after any command-line overrides. */
export interface InstallSettings {
  /** Pointer language to write; undefined keeps an installed pointer in either language. */
  lang?: Lang;
  /** Write the SKILL.md / AGENTS.md pointers. */
  pointers: boolean;
  /** Installing Claude Code also routes its statusLine through Mytty (opt-in, docs/usage-meters.md). */
  claudeStatusLine?: boolean;
}

export interface SessionOptions {
  paths: Paths;
  settings: InstallSettings;
  /** Where `claude` is looked for (its version decides which events are written). */
  pathVar?: string | undefined;
  /** Another machine's files (`--host`, remote-session.ts): plans read its snapshot, apply writes there. */
  host?: HostIO;
}

/** The two effects a host replaces: reading (a snapshot, HostFiles) and writing (a remote apply). */
export interface HostIO extends HostFiles {
  apply(changes: readonly FileChange[]): Promise<ChangeOutcome[]>;
  /** Fetches a fresh snapshot after a write, before the plans are computed again. */
  reload(): Promise<void>;
}

export type FailedOutcome = Extract<ChangeOutcome, { message: string }>;

export interface ApplyResult {
  /** The changes that alter something (what was, or on a dry run would be, written). */
  changes: FileChange[];
  outcomes: ChangeOutcome[];
  /** Outcomes that did not land: a conflict, a file that became invalid, an error. */
  failed: FailedOutcome[];
  /** Selected items left alone because their file cannot be read. */
  skipped: ItemPlan[];
  /**
   * Selected items that could be written but were not, because install/uninstall writes all of its
   * items or none and `skipped` holds one (docs/doctor.md#promises).
   */
  heldBack: ItemPlan[];
}

/** What reading needs (status): kept apart so a read-only bundle leaves the write side out. */
export interface ReadSession {
  /** The plans, computed once and again after each apply (or refresh). */
  plans(): ReturnType<typeof planAll>;
  refresh(): void;
  /** The items `op` writes for `ids` (empty = every target for uninstall and fix). */
  items(op: Op, ids?: readonly TargetId[]): ItemPlan[];
  /** Selected items whose file cannot be read: never written, each with its remedy. */
  skipped(op: Op, ids?: readonly TargetId[]): ItemPlan[];
  /** Selected items not written because `skipped` is not empty (install and uninstall: all or none). */
  heldBack(op: Op, ids?: readonly TargetId[]): ItemPlan[];
  changes(op: Op, ids?: readonly TargetId[]): FileChange[];
  /**
   * Claude Code's statusLine entry (docs/usage-meters.md#claude-code-the-statusline-pass-through-opt-in) when
   * the user opted in (`claudeStatusLine`) or our entry is in settings.json; undefined otherwise.
   */
  statusline(): ItemPlan | undefined;
}

export interface Session extends ReadSession {
  diff(op: Op, ids?: readonly TargetId[]): Promise<string>;
  apply(op: Op, ids?: readonly TargetId[]): Promise<ApplyResult>;
}

const isFailed = (o: ChangeOutcome): o is FailedOutcome =>
  o.result === "conflict" || o.result === "invalid" || o.result === "error";

/** Fix narrowed to named targets: their hooks and pointers (plus the helper and guide they use). */
function narrow(plans: Plans, ids: readonly TargetId[]): Plans {
  if (ids.length === 0) return plans;
  const named = (p: ItemPlan) => (ids as readonly string[]).includes(p.kind === "provider" ? p.id : (p.provider ?? ""));
  return { ...plans, providers: plans.providers.filter(named), pointers: plans.pointers.filter(named) };
}

interface Selection {
  items: ItemPlan[];
  skipped: ItemPlan[];
  heldBack: ItemPlan[];
}

/**
 * install and uninstall write all of their items or none: a named agent whose file cannot be read
 * leaves the helper, the guide and the pointers as they were, so a failed command changed nothing and
 * running it again once the file is fixed does all of it. fix repairs what it can and leaves the
 * unreadable file (docs/doctor.md#promises).
 */
function allOrNone(op: Op, chosen: readonly ItemPlan[]): Selection {
  const skipped = chosen.filter((i) => i.status === "invalid");
  const items = chosen.filter((i) => i.status !== "invalid");
  if (skipped.length === 0) return { items, skipped, heldBack: [] };
  const writes = (i: ItemPlan) => (op === "uninstall" ? i.uninstall : i.install).length > 0;
  return { items: [], skipped, heldBack: items.filter(writes) };
}

function select(
  plans: Plans,
  op: Op,
  ids: readonly TargetId[],
  options: SessionOptions,
  statusline: () => ItemPlan,
): Selection {
  const { settings } = options;
  const opts = { pointers: settings.pointers };
  if (op === "guide") return allOrNone(op, [plans.guide]);
  if (op === "statusline") return allOrNone(op, [statusline()]);
  if (op === "fix") {
    const scope = narrow(plans, ids);
    const skipped = [...scope.providers, scope.helper, scope.guide, ...scope.pointers].filter(
      (p) => p.status === "invalid",
    );
    const items = fixItems(scope, opts);
    // Our statusLine entry whose script drifted is repaired like the hooks; a missing one is install's
    // to write (the user may have taken it out by hand).
    const claude = ids.length === 0 || ids.includes("claude-code");
    if (claude && statusline().status === "needs-repair") items.push(statusline());
    return { items, skipped, heldBack: [] };
  }
  const chosen =
    op === "install" ? installItems(plans, ids, opts) : uninstallItems(plans, ids.length > 0 ? ids : TARGET_IDS);
  // Our statusLine entry comes with Claude Code's hooks only when asked for, and always goes with them
  // on uninstall, so the user's original statusLine bytes come back.
  const withClaude = ids.length === 0 ? op === "uninstall" : ids.includes("claude-code");
  if (withClaude && (op === "uninstall" || settings.claudeStatusLine === true)) {
    const item = statusline();
    // Uninstall takes our statusLine out first, so the hooks' removal sees the file as our install found it.
    if (op === "install") chosen.push(item);
    else if (item.uninstall.length > 0) chosen.unshift(item);
  }
  return allOrNone(op, chosen);
}

/** The plans and the selection of items, without the write side (apply.ts, diff.ts). */
export function readSession(options: SessionOptions): ReadSession & { claude(): string | undefined } {
  return readParts(options).read;
}

/** The read side, and what apply needs beside it: one selection, and the changes those items make. */
interface ReadParts {
  read: ReadSession & { claude(): string | undefined };
  selection(op: Op, ids: readonly TargetId[]): Selection;
  changesOf(op: Op, items: readonly ItemPlan[]): FileChange[];
}

function readParts(options: SessionOptions): ReadParts {
  const { paths, settings } = options;
  const context = planContext(paths, settings.lang, options.pathVar, options.host);
  let cached: ReturnType<typeof planAll> | undefined;
  let cachedStatusline: ItemPlan | undefined;
  const plans = () => (cached ??= planAll(context));
  const statusline = () => (cachedStatusline ??= planClaudeStatusline(paths, options.host?.files));
  const selection = (op: Op, ids: readonly TargetId[] = []) => select(plans(), op, ids, options, statusline);
  const removes = (op: Op) => op === "uninstall" || (op === "statusline" && settings.claudeStatusLine !== true);
  const changesOf = (op: Op, items: readonly ItemPlan[]) =>
    effective(removes(op) ? uninstallChanges(items) : installChanges(items));
  const read: ReadParts["read"] = {
    plans,
    refresh: () => {
      cached = undefined;
      cachedStatusline = undefined;
    },
    items: (op, ids) => selection(op, ids).items,
    skipped: (op, ids) => selection(op, ids).skipped,
    heldBack: (op, ids) => selection(op, ids).heldBack,
    statusline: () => {
      // Not opted in: plan it (three reads and a parse) only when settings.json names our script at all.
      if (
        settings.claudeStatusLine !== true &&
        options.host === undefined &&
        !(readText(paths.claudeSettings).text ?? "").includes(STATUSLINE_BASENAME)
      )
        return undefined;
      const item = statusline();
      const ours = item.status === "installed" || item.status === "needs-repair";
      return settings.claudeStatusLine === true || ours ? item : undefined;
    },
    changes: (op, ids) => changesOf(op, selection(op, ids).items),
    claude: () => context.claudeVersion?.()?.path,
  };
  return { read, selection, changesOf };
}

export function openSession(options: SessionOptions): Session {
  const { read, selection, changesOf } = readParts(options);
  return {
    ...read,
    diff: async (op, ids = []) => (await import("./diff.js")).unifiedDiff(read.changes(op, ids)),
    async apply(op, ids = []) {
      // One selection: the items written, the ones skipped and held back, and the changes all agree.
      const { items, skipped, heldBack } = selection(op, ids);
      const todo = changesOf(op, items);
      const host = options.host;
      const outcomes = host
        ? await host.apply(todo)
        : await (await import("./apply.js")).applyChanges(todo, { paths: options.paths });
      if (host) {
        if (todo.length > 0) await host.reload();
      } else if (op !== "uninstall" && op !== "statusline" && items.some((i) => i.id === "claude-code"))
        rememberWriter(options.paths, read.claude());
      read.refresh();
      return { changes: todo, outcomes, failed: outcomes.filter(isFailed), skipped, heldBack };
    },
  };
}

/**
 * After writing Claude Code's hooks for a version we could tell, keep which `claude` that was: the menu
 * bar app, started from the Finder with a bare PATH, then judges the same file by the same binary
 * instead of asking for events an older one would choke on.
 */
function rememberWriter(paths: Paths, claude: string | undefined): void {
  if (claude === undefined) return;
  try {
    rememberClaude(paths.claudeSeen, claude);
  } catch {
    // Only a hint for other front ends; the hooks are written either way.
  }
}
