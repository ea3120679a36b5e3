// The command handlers: options in, exit code out; output through `io` so tests and benches can
// drive them. Each one plans, optionally applies, then hands the result to a view.
import {
  applyChanges,
  effective,
  fixItems,
  guideText,
  INSTALL_TARGETS,
  installChanges,
  installItems,
  planAll,
  planContext,
  rememberClaude,
  presentProviders,
  resolvePaths,
  unifiedDiff,
  uninstallChanges,
  uninstallItems,
  type ChangeOutcome,
  type FileChange,
  planClaudeStatusline,
  type ItemPlan,
  type Lang,
  type Paths,
  type Plans,
  type TargetId,
} from "@mytty-bar/installers";
import fs from "node:fs";
import type { EngineStatus, engineStatus } from "./engine-status.js";
import { M } from "./messages.js";
import { buildReport, renderText, summaryLine, viewLines, type StatusReport } from "./report.js";
import { readDoctorSettings } from "./settings.js";

export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

export interface CommonOptions {
  json?: boolean;
  lang?: Lang;
  /** commander's --no-pointers sets this to false. */
  pointers?: boolean;
  dryRun?: boolean;
  /** `install claude-code --statusline`: also route Claude Code's statusLine through Mytty (opt-in). */
  statusline?: boolean;
}

function setup(io: Io, opts: CommonOptions) {
  const paths = resolvePaths({ env: io.env });
  const settings = readDoctorSettings(paths);
  const lang = opts.lang ?? settings.lang;
  const pointers = opts.pointers !== false && settings.pointers;
  const context = planContext(paths, lang, io.env.PATH);
  const plan = () => planAll(context);
  return {
    paths,
    lang,
    pointers,
    statusline: settings.claudeStatusLine,
    plan,
    claude: () => context.claudeVersion?.(),
  };
}

/**
 * Modules loaded on first use: the engine client (and zod behind it) only when a control socket
 * exists, ink and React only on a terminal (startup budget). dist/status.cjs replaces these with its
 * launcher's import(): code compiled with a V8 code cache cannot call import() itself on Node 20.
 */
export const lazy = {
  engineStatus: (): Promise<{ engineStatus: typeof engineStatus }> => import("./engine-status.js"),
};

async function engine(paths: Paths): Promise<EngineStatus> {
  if (!fs.existsSync(paths.controlSocket)) return { running: false };
  const { engineStatus } = await lazy.engineStatus();
  return engineStatus(paths);
}

async function report(paths: Paths, plans: ReturnType<typeof planAll>, pointers: boolean): Promise<StatusReport> {
  return buildReport(paths, plans, await engine(paths), { pointers });
}

export async function runStatus(opts: CommonOptions, io: Io): Promise<number> {
  const { paths, pointers, plan } = setup(io, opts);
  const plans = plan();
  const rep = await report(paths, plans, pointers);
  const code = rep.issues.length > 0 ? 1 : 0;
  if (opts.json) {
    io.stdout.write(`${JSON.stringify(rep, null, 2)}\n`);
    return code;
  }
  // Presence (a few stats) only for the views and only for providers not installed: --json skips it.
  const notInstalled = plans.providers.filter((p) => p.status === "not-installed").map((p) => p.id as TargetId);
  const present = notInstalled.length > 0 ? await presentProviders(paths, io.env.PATH, notInstalled) : [];
  const lines = viewLines(plans, rep, new Set(notInstalled.filter((id) => !present.includes(id))), pointers);
  const footer = [M.backups(rep.backups.dir, rep.backups.count), summaryLine(lines, rep, present.length > 0)];
  // On a terminal in colour (NO_COLOR honoured), with plain ANSI codes: status on a terminal has a budget too.
  const color = io.stdout.isTTY === true && !io.env.NO_COLOR;
  io.stdout.write(renderText(M.title(paths.dataDir), lines, footer, color));
  return code;
}

/** Why an invalid item is left alone, with the way out. */
function invalidReason(i: ItemPlan): string {
  return i.problem ? M.invalidFix(i.path, i.problem, M.redoCommand(i)) : `${i.path}: ${i.detail ?? "invalid"}`;
}

type Action = "install" | "fix" | "uninstall";

interface ActionResult {
  action: Action;
  dryRun: boolean;
  changes: ChangeOutcome[];
  skipped: { item: string; path: string; reason: string }[];
  status: StatusReport;
}

async function runChanges(
  action: Action,
  items: ItemPlan[],
  changes: FileChange[],
  opts: CommonOptions,
  io: Io,
  ctx: ReturnType<typeof setup>,
): Promise<number> {
  const skipped = items
    .filter((i) => i.status === "invalid")
    .map((i) => ({ item: i.id, path: i.path, reason: invalidReason(i) }));
  const todo = effective(changes);
  let outcomes: ChangeOutcome[] = [];
  let diffText = "";
  if (opts.dryRun) diffText = await unifiedDiff(todo);
  else {
    outcomes = await applyChanges(todo, { paths: ctx.paths });
    rememberClaudeFor(action, items, ctx);
  }
  const after = await report(ctx.paths, ctx.plan(), ctx.pointers);
  const failed = outcomes.some((o) => o.result === "conflict" || o.result === "invalid" || o.result === "error");
  const code = failed || skipped.length > 0 ? 1 : 0;
  if (opts.json) {
    const result: ActionResult & { diff?: string } = {
      action,
      dryRun: opts.dryRun === true,
      changes: outcomes,
      skipped,
      status: after,
      ...(opts.dryRun ? { diff: diffText } : {}),
    };
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return code;
  }
  const out: string[] = [];
  if (opts.dryRun) {
    out.push(todo.length ? M.dryRun : M.nothingToDo);
    if (diffText) out.push(colorDiff(diffText, io.stdout.isTTY === true).trimEnd());
  } else {
    if (todo.length === 0 && skipped.length === 0) out.push(M.nothingToDo);
    for (const o of outcomes) {
      if (o.result === "written") out.push(M.written(o.path, o.backup));
      else if (o.result === "deleted") out.push(M.deleted(o.path));
      else if (o.result === "chmod") out.push(M.chmod(o.path));
      else if ("message" in o) out.push(`error: ${o.message}`);
    }
  }
  for (const s of skipped) out.push(s.reason);
  // A file we just wrote on purpose without some entries (events an older Claude Code does not know) says so.
  if (action !== "uninstall" && !opts.dryRun) {
    for (const p of after.providers)
      if (p.status === "installed" && p.detail !== undefined && todo.some((c) => c.path === p.configPath))
        out.push(`note: ${p.detail}`);
  }
  const codexWritten = action !== "uninstall" && todo.some((c) => c.path === ctx.paths.codexHooks);
  if (codexWritten) out.push(M.codexTrust);
  io.stdout.write(`${out.join("\n")}\n`);
  return code;
}

/**
 * After writing Claude Code's hooks for a version we could tell, keep which `claude` that was: the menu
 * bar app, started from the Finder with a bare PATH, then judges the same file by the same binary
 * instead of asking for events an older one would choke on.
 */
function rememberClaudeFor(action: Action, items: readonly ItemPlan[], ctx: ReturnType<typeof setup>): void {
  const claude = action !== "uninstall" && items.some((i) => i.id === "claude-code") ? ctx.claude() : undefined;
  if (claude === undefined) return;
  try {
    rememberClaude(ctx.paths.claudeSeen, claude.path);
  } catch {
    // Only a hint for other front ends; the hooks are written either way.
  }
}

export async function runInstall(ids: TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  const ctx = setup(io, opts);
  const chosen = ids.length > 0 ? ids : await presentProviders(ctx.paths, io.env.PATH);
  if (chosen.length === 0) {
    io.stderr.write(`${M.noProviders(INSTALL_TARGETS)}\n`);
    return 1;
  }
  const items = installItems(ctx.plan(), chosen, { pointers: ctx.pointers });
  if ((opts.statusline === true || ctx.statusline) && chosen.includes("claude-code"))
    items.push(planClaudeStatusline(ctx.paths));
  return runChanges("install", items, installChanges(items), opts, io, ctx);
}

export async function runFix(ids: readonly TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  const ctx = setup(io, opts);
  const all = ctx.plan();
  // Named providers narrow fix to their hooks and pointers (plus the helper and guide they use).
  const named = (p: ItemPlan) =>
    ids.length === 0 || (ids as readonly string[]).includes(p.kind === "provider" ? p.id : (p.provider ?? ""));
  const plans = { ...all, providers: all.providers.filter(named), pointers: all.pointers.filter(named) };
  const items = fixItems(plans, { pointers: ctx.pointers });
  const invalid = [...plans.providers, plans.helper, plans.guide, ...plans.pointers].filter(
    (p) => p.status === "invalid",
  );
  return runChanges("fix", [...items, ...invalid], installChanges(items), opts, io, ctx);
}

export async function runUninstall(ids: TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  const ctx = setup(io, opts);
  const items = uninstallItems(ctx.plan(), ids.length > 0 ? ids : INSTALL_TARGETS);
  // Our statusLine entry goes with Claude Code's hooks: its original bytes come back.
  const statusline = planClaudeStatusline(ctx.paths);
  if ((ids.length === 0 || ids.includes("claude-code")) && statusline.uninstall.length > 0) items.push(statusline);
  return runChanges("uninstall", items, uninstallChanges(items), opts, io, ctx);
}

export async function runDiff(ids: TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  const ctx = setup(io, opts);
  const plans = ctx.plan();
  const items =
    ids.length > 0 ? installItems(plans, ids, { pointers: ctx.pointers }) : await defaultDiffItems(plans, ctx, io);
  const text = await unifiedDiff(installChanges(items));
  // An invalid file has no diff because it is never written: say so rather than look all clear.
  const selected = ids.length > 0 ? items : [...plans.providers, plans.helper, plans.guide, ...plans.pointers];
  for (const i of selected) if (i.status === "invalid") io.stderr.write(`${invalidReason(i)}\n`);
  if (opts.json) io.stdout.write(`${JSON.stringify({ diff: text })}\n`);
  else if (text) io.stdout.write(colorDiff(text, io.stdout.isTTY === true));
  return text ? 1 : 0;
}

/**
 * `diff` alone previews what the next step writes: `fix` once some hooks are in use, and before the
 * first install what `install` (every agent found here) would write, so the first preview is never empty.
 */
async function defaultDiffItems(plans: Plans, ctx: ReturnType<typeof setup>, io: Io): Promise<ItemPlan[]> {
  const inUse = plans.providers.some((p) => p.status === "installed" || p.status === "needs-repair");
  if (inUse) return fixItems(plans, { pointers: ctx.pointers });
  return installItems(plans, await presentProviders(ctx.paths, io.env.PATH), { pointers: ctx.pointers });
}

export async function runGuide(opts: { write?: boolean; dryRun?: boolean }, io: Io): Promise<number> {
  const paths = resolvePaths({ env: io.env });
  const text = guideText(paths);
  if (!opts.write) {
    io.stdout.write(text);
    return 0;
  }
  const plans = planAll(planContext(paths, undefined, io.env.PATH));
  // An invalid plan has nothing to install: that is not "nothing to do".
  if (plans.guide.status === "invalid") {
    io.stderr.write(`${invalidReason(plans.guide)}\n`);
    return 1;
  }
  const todo = effective(plans.guide.install);
  if (opts.dryRun)
    io.stdout.write(todo.length ? colorDiff(await unifiedDiff(todo), io.stdout.isTTY === true) : `${M.nothingToDo}\n`);
  else {
    const outcomes = await applyChanges(todo, { paths });
    const bad = outcomes.find((o) => o.result === "error" || o.result === "conflict" || o.result === "invalid");
    if (bad && "message" in bad) {
      io.stderr.write(`error: ${bad.message}\n`);
      return 1;
    }
    io.stdout.write(`${todo.length ? M.written(paths.guide) : M.nothingToDo}\n`);
  }
  return 0;
}

function colorDiff(text: string, tty: boolean): string {
  if (!tty) return text;
  const paint = (code: string, l: string) => `\u001b[${code}m${l}\u001b[0m`;
  return text
    .split("\n")
    .map((l) =>
      l.startsWith("+++") || l.startsWith("---")
        ? paint("1", l)
        : l.startsWith("+")
          ? paint("32", l)
          : l.startsWith("-")
            ? paint("31", l)
            : l.startsWith("@@")
              ? paint("36", l)
              : l,
    )
    .join("\n");
}
