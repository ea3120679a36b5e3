// The shared engine for JSON hook files (Claude Code and Codex: event → groups → handlers;
// Cursor: event → handlers). Pure: text in, plan out.
import { analyze, deepEqual, groupFor, isObj, problems, type HookJsonSpec, type Json } from "./hook-json-spec.js";
import { appendElement, hasComments, insertProperty, parseJsonc, removeAt, type Problem } from "./jsonc-edit.js";
import type { BackupLookup, FileChange, ItemPlan, ItemStatus } from "./plan.js";
import { detectFormat, runsOurHelper } from "./text.js";

export type { HookEventSpec, HookJsonSpec } from "./hook-json-spec.js";

/** Removes our handlers of `events` (all when undefined), pruning groups that held only ours. */
function removeOwned(
  text: string,
  spec: HookJsonSpec,
  events?: ReadonlySet<string>,
): { text: string; touched: Set<string> } {
  const touched = new Set<string>();
  for (;;) {
    const a = analyze(text, spec);
    if (!a.ok) throw new Error(`internal: our edit made the file unparsable: ${a.problem.message}`);
    // Last one first, so the remaining paths stay valid; re-analyse after each removal.
    const o = a.owned.filter((x) => !events || events.has(x.event)).at(-1);
    if (!o) return { text, touched };
    touched.add(o.event);
    if (spec.layout === "flat") {
      text = removeAt(text, ["hooks", o.event, o.index]);
      continue;
    }
    const group = (a.root.hooks as Record<string, Json[]>)[o.event]![o.group]!;
    const onlyOurs =
      (group.hooks as unknown[]).length === 1 && Object.keys(group).every((k) => k === "hooks" || k === "matcher");
    text = onlyOurs
      ? removeAt(text, ["hooks", o.event, o.group])
      : removeAt(text, ["hooks", o.event, o.group, "hooks", o.index]);
  }
}

function pruneEvents(text: string, spec: HookJsonSpec, events: Iterable<string>): string {
  for (const event of events) {
    const a = analyze(text, spec);
    if (
      a.ok &&
      isObj(a.root.hooks) &&
      Array.isArray(a.root.hooks[event]) &&
      (a.root.hooks[event] as unknown[]).length === 0
    ) {
      text = removeAt(text, ["hooks", event]);
    }
  }
  return text;
}

/** What install writes: our entries made right, nothing else touched. */
export function installText(before: string | null, spec: HookJsonSpec): string | undefined {
  let text = before ?? "{}\n";
  const a = analyze(text, spec);
  if (!a.ok) return undefined;
  const bad = problems(a, spec);
  if (bad.length === 0) return text;
  const fmt = detectFormat(before ?? "");
  const repair = new Set(bad.map((b) => b.event));
  const removed = removeOwned(text, spec, repair);
  text = pruneEvents(
    removed.text,
    spec,
    [...removed.touched].filter((e) => !spec.events.some((s) => s.name === e)),
  );
  for (const [k, v] of Object.entries(spec.rootDefaults ?? {}))
    if (!(k in a.root)) text = insertProperty(text, [], k, v, fmt);
  const after = analyze(text, spec);
  if (!after.ok) return undefined;
  const hooks = after.root.hooks as Record<string, unknown[]> | undefined;
  const wanted = spec.events.filter((e) => repair.has(e.name));
  if (hooks === undefined) {
    // One insertion for the whole `hooks` object renders it like a hand-written block.
    const value = Object.fromEntries(wanted.map((e) => [e.name, [groupFor(spec, e)]]));
    return wanted.length > 0 ? insertProperty(text, [], "hooks", value, fmt) : text;
  }
  for (const ev of wanted) {
    const present = analyze(text, spec);
    const list = present.ok ? (present.root.hooks as Record<string, unknown[]>)[ev.name] : undefined;
    text =
      list === undefined
        ? insertProperty(text, ["hooks"], ev.name, [groupFor(spec, ev)], fmt)
        : appendElement(text, ["hooks", ev.name], groupFor(spec, ev), fmt);
  }
  return text;
}

/**
 * What the newest backup (taken before our last write) says about containers: undefined when there is
 * no backup, null when we created the file, else the parsed backup. Content alone cannot tell a
 * `"Stop": []` the user had from one we created; the backup can.
 */
export type RemovalHint = Json | null | undefined;

const ownedOnly = (list: unknown, spec: HookJsonSpec): boolean =>
  Array.isArray(list) &&
  list.length > 0 &&
  list.every((g) =>
    spec.layout === "flat"
      ? runsOurHelper(g)
      : isObj(g) && Array.isArray(g.hooks) && g.hooks.length > 0 && g.hooks.every(runsOurHelper),
  );

/** Text after uninstall: our handlers gone, and the containers our install created gone with them. */
export function removalText(before: string, spec: HookJsonSpec, hint: RemovalHint): string | null | undefined {
  const a = analyze(before, spec);
  if (!a.ok) return undefined;
  if (a.owned.length === 0) return before;
  const { text: c0, touched } = removeOwned(before, spec);
  const hintHooks = isObj(hint) && isObj(hint.hooks) ? hint.hooks : undefined;
  // Keep an emptied event array only when the backup shows the user had it without us.
  const keepEvent = (e: string) =>
    hintHooks !== undefined && Array.isArray(hintHooks[e]) && !ownedOnly(hintHooks[e], spec);
  let text = pruneEvents(
    c0,
    spec,
    [...touched].filter((e) => !keepEvent(e)),
  );
  const a1 = analyze(text, spec);
  const keepHooks = hintHooks !== undefined && !Object.values(hintHooks).some((l) => ownedOnly(l, spec));
  if (a1.ok && isObj(a1.root.hooks) && Object.keys(a1.root.hooks).length === 0 && !keepHooks)
    text = removeAt(text, ["hooks"]);
  for (const [k, v] of Object.entries(spec.rootDefaults ?? {})) {
    // Remove a default we added: only when the backup proves it was not there (or we created the file).
    const added = hint === null || (isObj(hint) && !(k in hint));
    const a2 = analyze(text, spec);
    if (added && a2.ok && deepEqual(a2.root[k], v)) text = removeAt(text, [k]);
  }
  if (hint === null && /^\s*\{\s*\}\s*$/.test(text) && !hasComments(text)) return null;
  return text;
}

export function parseHint(backup: string | null | undefined): RemovalHint {
  if (backup === undefined || backup === null) return backup;
  const p = parseJsonc(backup);
  return p.ok && isObj(p.value) ? p.value : undefined;
}

export function planHookJson(
  spec: HookJsonSpec,
  before: string | null,
  newestBackup: BackupLookup,
  unreadable?: Problem,
): ItemPlan {
  const base = {
    id: spec.id ?? spec.provider,
    kind: "provider" as const,
    provider: spec.provider,
    path: spec.path,
    ...(spec.switchedOff !== undefined ? { switchedOff: spec.switchedOff } : {}),
  };
  const notes = [spec.note, spec.switchedOff].filter((n) => n !== undefined);
  const change = (b: string | null, after: string | null, redo: FileChange["redo"]): FileChange => ({
    path: spec.path,
    before: b,
    after,
    mode: 0o600,
    backup: true,
    redo,
  });
  if (unreadable)
    return { ...base, status: "invalid", problem: unreadable, detail: unreadable.message, install: [], uninstall: [] };
  const redoInstall = (cur: string | null) => installText(cur, spec);
  // The backup is read once (a retry runs after uninstall took its own backup), and only for uninstall.
  let hintMemo: { value: RemovalHint } | undefined;
  const hint = (): RemovalHint => (hintMemo ??= { value: parseHint(newestBackup(spec.path)) }).value;
  const redoRemove = (cur: string | null) => (cur === null ? null : removalText(cur, spec, hint()));
  // Edits are computed on first use (`lazily`): status never reads them, and each re-parses the file.
  const install = () => [change(before, installText(before, spec)!, redoInstall)];
  if (before === null)
    return lazily({ ...base, status: "not-installed" as const, uninstall: [] as FileChange[] }, "install", install);
  const a = analyze(before, spec);
  if (!a.ok)
    return { ...base, status: "invalid", problem: a.problem, detail: a.problem.message, install: [], uninstall: [] };
  const bad = problems(a, spec);
  const uninstall = () => {
    const removed = a.owned.length > 0 ? removalText(before, spec, hint()) : undefined;
    return removed !== undefined ? [change(before, removed, redoRemove)] : [];
  };
  if (bad.length === 0) {
    const plan = { ...base, status: "installed" as const, install: [] as FileChange[] };
    return lazily(notes.length > 0 ? { ...plan, detail: notes.join("; ") } : plan, "uninstall", uninstall);
  }
  const status: ItemStatus = a.owned.length > 0 ? "needs-repair" : "not-installed";
  const reasons = status === "needs-repair" ? bad.map((b) => `${b.event}: ${b.reason}`) : [];
  const detail = [...reasons, ...notes].join("; ") || undefined;
  return lazily(lazily({ ...base, status, ...(detail ? { detail } : {}) }, "uninstall", uninstall), "install", install);
}

/** Defines `key` as an enumerable getter that computes its value once, on first read. */
function lazily<T extends object, K extends string>(
  plan: T,
  key: K,
  compute: () => FileChange[],
): T & Record<K, FileChange[]> {
  let memo: FileChange[] | undefined;
  return Object.defineProperty(plan, key, { enumerable: true, get: () => (memo ??= compute()) }) as T &
    Record<K, FileChange[]>;
}
