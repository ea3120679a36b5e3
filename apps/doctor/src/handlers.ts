// The command handlers: options in, exit code out; output through `io` so tests and benches can
// drive them. Each one plans, optionally applies, then hands the result to a view.
import {
  guideText,
  INSTALL_TARGETS,
  neighbourReports,
  openSession,
  presentProviders,
  readInstallSettings,
  readSession,
  resolvePaths,
  type ApplyResult,
  type ChangeOutcome,
  type InstallSettings,
  type ItemPlan,
  type Lang,
  type Op,
  type Paths,
  type ReadSession,
  type Session,
  type SessionOptions,
  type TargetId,
} from "@mytty-bar/installers";
import { askEngine, askFirst } from "./engine-ask.js";
import type { EngineStatus } from "./engine-status.js";
import { M } from "./messages.js";
import { neighbourLines } from "./neighbours-view.js";
import { statusExitCode, writeStatusJson } from "./status-json.js";
import { buildReport, renderText, summaryLine, viewLines, type StatusReport } from "./report.js";
import type { Io } from "./io.js";

export type { Io } from "./io.js";

export interface CommonOptions {
  json?: boolean;
  lang?: Lang;
  /** commander's --no-pointers sets this to false. */
  pointers?: boolean;
  dryRun?: boolean;
  /** `install claude-code --statusline`: also route Claude Code's statusLine through Mytty (opt-in). */
  statusline?: boolean;
  /** `--host <destination>`: another machine's files (host.ts; docs/remote.md#installing-on-a-host). */
  host?: string;
  /** `status --verbose`: also the other tools' entries in the files we manage (neighbours-view.ts). */
  verbose?: boolean;
}

/** The session options: settings.json, overridden by --lang and --no-pointers. */
export function options(io: Io, opts: CommonOptions): SessionOptions & { settings: InstallSettings } {
  const paths = resolvePaths({ env: io.env });
  const settings = readInstallSettings(paths);
  const lang = opts.lang ?? settings.lang;
  const pointers = opts.pointers !== false && settings.pointers;
  const claudeStatusLine = opts.statusline === true || settings.claudeStatusLine === true;
  return {
    paths,
    settings: { ...(lang ? { lang } : {}), pointers, ...(claudeStatusLine ? { claudeStatusLine } : {}) },
    pathVar: io.env.PATH,
  };
}

/** What the change commands work on: this machine, or a host (host.ts builds that one). */
export interface Target {
  paths: Paths;
  session: Session;
  report(): Promise<StatusReport>;
}

function setup(io: Io, opts: CommonOptions): Target {
  const o = options(io, opts);
  const session = openSession(o);
  return { paths: o.paths, session, report: () => report(o.paths, session) };
}

async function report(paths: Paths, session: ReadSession): Promise<StatusReport> {
  return buildReport(paths, session, await askEngine(paths));
}

/** What the bundled status (status-main.ts) hands runStatus: the engine already asked, and where the report goes. */
export interface StatusHooks {
  asked?: Promise<EngineStatus>;
  keep?: (report: StatusReport) => void;
}

export async function runStatus(opts: CommonOptions, io: Io, hooks: StatusHooks = {}): Promise<number> {
  // Read only: the bundled status (dist/status.cjs) leaves the write side (apply, diff) out.
  const o = options(io, opts);
  const {
    paths,
    settings: { pointers },
  } = o;
  const asked = hooks.asked ?? (await askFirst(paths)).asked;
  const session = readSession(o);
  const plans = session.plans();
  const rep = buildReport(paths, session, await asked);
  hooks.keep?.(rep);
  const neighbours = opts.verbose ? neighbourReports(paths) : undefined;
  if (opts.json) return writeStatusJson(neighbours ? { ...rep, neighbours } : rep, io);
  // Presence (a few stats) only for the views and only for providers not installed: --json skips it.
  const notInstalled = plans.providers.filter((p) => p.status === "not-installed").map((p) => p.id as TargetId);
  const present = notInstalled.length > 0 ? await presentProviders(paths, io.env.PATH, notInstalled) : [];
  const lines = viewLines(plans, rep, new Set(notInstalled.filter((id) => !present.includes(id))), pointers);
  io.stdout.write(statusText(M.title(paths.dataDir), lines, rep, present.length > 0, io));
  if (neighbours) io.stdout.write(`${neighbourLines(neighbours, io.env.HOME).join("\n")}\n`);
  return statusExitCode(rep);
}

/** The status view's text: the lines, the backups line and the summary. */
export function statusText(
  title: string,
  lines: ReturnType<typeof viewLines>,
  rep: StatusReport,
  installable: boolean,
  io: Io,
): string {
  const footer = [M.backups(rep.backups.dir, rep.backups.count), summaryLine(lines, rep, installable)];
  // On a terminal in colour (NO_COLOR honoured), with plain ANSI codes: status on a terminal has a budget too.
  const color = io.stdout.isTTY === true && !io.env.NO_COLOR;
  return renderText(title, lines, footer, color);
}

/**
 * Why an invalid item is left alone, with the way out. `again`: the command to run once the file is
 * fixed when it is not the item's own remedy (an uninstall is done by uninstall, not install).
 */
function invalidReason(i: ItemPlan, again?: string): string {
  return i.problem && i.remedy
    ? M.invalidFix(i.path, i.problem, again ?? M.command(i.remedy))
    : `${i.path}: ${i.detail ?? "invalid"}`;
}

type Action = Exclude<Op, "guide" | "statusline">;

interface ActionResult {
  action: Action;
  dryRun: boolean;
  changes: ChangeOutcome[];
  skipped: { item: string; path: string; reason: string }[];
  heldBack: { item: string; path: string }[]; // left alone because of a skipped one (all or none)
  status: StatusReport;
}

export async function runChanges(
  action: Action,
  ids: readonly TargetId[],
  opts: CommonOptions,
  io: Io,
  ctx: Target,
): Promise<number> {
  const { session } = ctx;
  const [skippedNow, heldNow] = [session.skipped(action, ids), session.heldBack(action, ids)];
  const result: ApplyResult = opts.dryRun
    ? { changes: session.changes(action, ids), outcomes: [], failed: [], skipped: skippedNow, heldBack: heldNow }
    : await session.apply(action, ids);
  const diffText = opts.dryRun ? await session.diff(action, ids) : "";
  const todo = result.changes;
  const again = action === "uninstall" ? M.uninstallAgain(ids) : undefined;
  const skipped = result.skipped.map((i) => ({ item: i.id, path: i.path, reason: invalidReason(i, again) }));
  const heldBack = result.heldBack.map((i) => ({ item: i.id, path: i.path }));
  const after = await ctx.report();
  const code = result.failed.length > 0 || skipped.length > 0 ? 1 : 0;
  if (opts.json) {
    const out: ActionResult & { diff?: string } = {
      action,
      dryRun: opts.dryRun === true,
      changes: result.outcomes,
      skipped,
      heldBack,
      status: after,
      ...(opts.dryRun ? { diff: diffText } : {}),
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return code;
  }
  const out: string[] = [];
  const held = heldBack.map((h) => h.path);
  if (held.length > 0) out.push(M.heldBack(action, opts.dryRun === true, held));
  else if (opts.dryRun) {
    if (todo.length > 0) out.push(M.dryRun);
    else if (skipped.length === 0) out.push(M.nothingToDo);
    if (diffText) out.push(colorDiff(diffText, io.stdout.isTTY === true).trimEnd());
  } else {
    if (todo.length === 0 && skipped.length === 0) out.push(M.nothingToDo);
    for (const o of result.outcomes) {
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

export async function runInstall(ids: TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  const ctx = setup(io, opts);
  const chosen = ids.length > 0 ? ids : await presentProviders(ctx.paths, io.env.PATH);
  if (chosen.length === 0) {
    io.stderr.write(`${M.noProviders(INSTALL_TARGETS)}\n`);
    return 1;
  }
  return runChanges("install", chosen, opts, io, ctx);
}

export async function runFix(ids: readonly TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  return runChanges("fix", ids, opts, io, setup(io, opts));
}

export async function runUninstall(ids: TargetId[], opts: CommonOptions, io: Io): Promise<number> {
  return runChanges("uninstall", ids, opts, io, setup(io, opts));
}

export async function runDiff(ids: TargetId[], opts: CommonOptions, io: Io, target?: Target): Promise<number> {
  const ctx = target ?? setup(io, opts);
  const [op, chosen] =
    ids.length > 0
      ? (["install", ids] as const)
      : target
        ? (["fix", []] as const)
        : await defaultDiff(ctx.session, ctx.paths, io);
  // Nothing installed and no agent found: an empty diff would look all clear, so say what install says.
  if (op === "install" && chosen.length === 0) {
    io.stderr.write(`${M.noProviders(INSTALL_TARGETS)}\n`);
    return 1;
  }
  const text = await ctx.session.diff(op, chosen);
  // An invalid file has no diff because it is never written (and install then writes nothing at all):
  // say so, and exit 1, rather than look all clear.
  const invalid = ids.length > 0 ? ctx.session.skipped(op, chosen) : ctx.session.skipped("fix");
  for (const i of invalid) io.stderr.write(`${invalidReason(i)}\n`);
  if (opts.json) io.stdout.write(`${JSON.stringify({ diff: text })}\n`);
  else if (text) io.stdout.write(colorDiff(text, io.stdout.isTTY === true));
  return text || invalid.length > 0 ? 1 : 0;
}

/**
 * `diff` alone previews what the next step writes: `fix` once some hooks are in use, and before the
 * first install what `install` (every agent found here) would write, so the first preview is never empty.
 */
async function defaultDiff(session: Session, paths: Paths, io: Io): Promise<readonly [Op, readonly TargetId[]]> {
  const inUse = session.plans().providers.some((p) => p.status === "installed" || p.status === "needs-repair");
  return inUse ? ["fix", []] : ["install", await presentProviders(paths, io.env.PATH)];
}

export async function runGuide(opts: { write?: boolean; dryRun?: boolean }, io: Io): Promise<number> {
  const paths = resolvePaths({ env: io.env });
  if (!opts.write) {
    io.stdout.write(guideText(paths));
    return 0;
  }
  const session = openSession({ paths, settings: { pointers: false }, pathVar: io.env.PATH });
  // An invalid plan has nothing to install: that is not "nothing to do".
  const [invalid] = session.skipped("guide");
  if (invalid) {
    io.stderr.write(`${invalidReason(invalid)}\n`);
    return 1;
  }
  const todo = session.changes("guide");
  if (opts.dryRun)
    io.stdout.write(
      todo.length ? colorDiff(await session.diff("guide"), io.stdout.isTTY === true) : `${M.nothingToDo}\n`,
    );
  else {
    const { failed } = await session.apply("guide");
    if (failed[0]) {
      io.stderr.write(`error: ${failed[0].message}\n`);
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
