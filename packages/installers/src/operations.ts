// The commands as views of the plans: which FileChanges install, fix and uninstall consist of.
import type { ProviderId } from "@mytty-bar/protocol";
import { TARGET_IDS, type TargetId } from "./constants.js";
import { newestBackupLookup } from "./backups.js";
import {
  planGuide,
  planHelper,
  planPointer,
  planProvider,
  POINTER_PROVIDERS,
  type PlanContext,
  type PointerProvider,
} from "./items.js";
import { localFiles, type FileView } from "./fsio.js";
import type { BackupLookup, FileChange, ItemPlan, Lang } from "./plan.js";
import type { Paths } from "./paths.js";
import { installedClaudeVersion, rememberedClaude, type ClaudeInstall } from "./presence.js";

export interface Plans {
  providers: ItemPlan[];
  helper: ItemPlan;
  guide: ItemPlan;
  pointers: ItemPlan[];
}

/** A host's files instead of this machine's (session.ts): its snapshot and its backups. */
export interface HostFiles {
  files: FileView;
  newestBackup: BackupLookup;
}

/** `pathVar` is where the `claude` binary is looked for (its version decides which events are written). */
export function planContext(
  paths: Paths,
  lang?: Lang,
  pathVar: string | undefined = process.env.PATH,
  host?: HostFiles,
): PlanContext {
  // A host's `claude` cannot be placed from here: its version is unknown, as for a claude outside PATH.
  if (host) return { paths, ...(lang ? { lang } : {}), newestBackup: host.newestBackup, files: host.files };
  let version: { value: ClaudeInstall | undefined } | undefined;
  const claudeVersion = () =>
    (version ??= {
      value: installedClaudeVersion(paths.home, pathVar, process.platform, rememberedClaude(paths.claudeSeen)),
    }).value;
  return {
    paths,
    ...(lang ? { lang } : {}),
    newestBackup: newestBackupLookup(paths),
    files: localFiles,
    claudeVersion,
  };
}

/** Plans every item; a check that throws becomes a "crashed" entry instead of hiding the others. */
export function planAll(
  ctx: PlanContext,
  providers: readonly TargetId[] = TARGET_IDS,
): Plans & { crashed: { id: string; message: string }[] } {
  const crashed: { id: string; message: string }[] = [];
  const guard = <T>(id: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      crashed.push({ id, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
  const list = <T>(xs: (T | undefined)[]) => xs.filter((x): x is T => x !== undefined);
  const placeholder = (id: string, kind: ItemPlan["kind"], path: string): ItemPlan => ({
    id,
    kind,
    path,
    status: "invalid",
    detail: "the check crashed",
    install: [],
    uninstall: [],
  });
  return {
    providers: list(providers.map((id) => guard(id, () => planProvider(id, ctx)))),
    helper: guard("helper", () => planHelper(ctx)) ?? placeholder("helper", "helper", ctx.paths.helper),
    guide: guard("guide", () => planGuide(ctx)) ?? placeholder("guide", "guide", ctx.paths.guide),
    pointers: list(POINTER_PROVIDERS.map((p) => guard(`pointer:${p}`, () => planPointer(p, ctx)))),
    crashed,
  };
}

const hasPointer = (id: ProviderId): id is PointerProvider => (POINTER_PROVIDERS as readonly string[]).includes(id);

export interface SelectOptions {
  /** Write the SKILL.md / AGENTS.md pointers (default true). */
  pointers?: boolean;
}

/** A provider item is named by its target id ("gemini" holds the protocol provider "antigravity"). */
const named = (p: ItemPlan, ids: readonly TargetId[]) =>
  p.kind === "provider" && (ids as readonly string[]).includes(p.id);

/** The items `install <targets>` touches: their hooks, the helper, the guide and their pointers. */
export function installItems(plans: Plans, ids: readonly TargetId[], opts: SelectOptions = {}): ItemPlan[] {
  const items: ItemPlan[] = plans.providers.filter((p) => named(p, ids));
  if (items.length > 0) items.push(plans.helper, plans.guide);
  if (opts.pointers !== false)
    items.push(...plans.pointers.filter((p) => p.provider && hasPointer(p.provider) && ids.includes(p.provider)));
  return items;
}

/** The items `fix` repairs: everything that needs repair, plus the helper and guide installed hooks depend on. */
export function fixItems(plans: Plans, opts: SelectOptions = {}): ItemPlan[] {
  const inUse = plans.providers.filter((p) => p.status === "installed" || p.status === "needs-repair");
  const items: ItemPlan[] = plans.providers.filter((p) => p.status === "needs-repair");
  if (inUse.length > 0 || plans.helper.status === "needs-repair") items.push(plans.helper);
  if (inUse.length > 0 || plans.guide.status === "needs-repair") items.push(plans.guide);
  // A missing pointer is not repaired: the user may have deleted it (it says it is safe to); install writes it.
  if (opts.pointers !== false) items.push(...plans.pointers.filter((p) => p.status === "needs-repair"));
  return items.filter((i) => i.status !== "installed" && i.status !== "invalid");
}

/** The items `uninstall [providers]` removes; with every provider, the helper and guide go too. */
export function uninstallItems(plans: Plans, ids: readonly TargetId[]): ItemPlan[] {
  const items = plans.providers.filter((p) => named(p, ids));
  items.push(...plans.pointers.filter((p) => p.provider && ids.includes(p.provider)));
  if (TARGET_IDS.every((id) => ids.includes(id))) items.push(plans.helper, plans.guide);
  return items;
}

export function installChanges(items: readonly ItemPlan[]): FileChange[] {
  return mergeSameFile(items.flatMap((i) => i.install));
}

export function uninstallChanges(items: readonly ItemPlan[]): FileChange[] {
  return mergeSameFile(items.flatMap((i) => i.uninstall));
}

/**
 * Two items editing one file (Claude Code's hooks and its statusLine entry in settings.json) become one
 * change: one backup of the file as it was, one write, one line in the output and one diff.
 */
export function mergeSameFile(changes: readonly FileChange[]): FileChange[] {
  const out: FileChange[] = [];
  for (const change of changes) {
    const i = out.findIndex((c) => c.path === change.path && !c.modeOnly && !change.modeOnly);
    const first = out[i];
    const after = first ? change.redo(first.after) : undefined;
    if (!first || after === undefined) {
      out.push(change);
      continue;
    }
    out[i] = {
      ...first,
      after,
      backup: first.backup || change.backup,
      redo: (cur) => {
        const mid = first.redo(cur);
        return mid === undefined ? undefined : change.redo(mid);
      },
    };
  }
  return out;
}
