// From plans to the status report (the `status --json` contract, docs/architecture.md#contracts) and to view lines.
// No printing here: the text view (renderText) and --json render what this returns.
import fs from "node:fs";
import {
  countBackups,
  type ItemPlan,
  type ItemStatus,
  type Paths,
  type Plans,
  type Problem,
  type ReadSession,
} from "@mytty-bar/installers";
import type { EngineStatus } from "./engine-status.js";
import { M } from "./messages.js";
import { sqliteReaderName } from "./sqlite-reader.js";

export interface StatusReport {
  providers: { id: string; configPath: string; status: ItemStatus; detail?: string; problem?: Problem }[];
  helper: { path: string; status: ItemStatus; detail?: string };
  guide: { path: string; status: ItemStatus; detail?: string };
  pointers: { provider: string; path: string; status: ItemStatus; lang?: string; detail?: string }[];
  /** Claude Code's statusLine entry, only when opted in (`claudeStatusLine`) or installed (docs/usage-meters.md). */
  statusLine?: { provider: "claude-code"; path: string; status: ItemStatus; detail?: string };
  backups: { dir: string; count: number };
  dataDir: { path: string; exists: boolean; mode?: string };
  engine: EngineStatus;
  crashed: { id: string; message: string }[];
  /** Only when this install can read no SQLite: OpenCode's and Cursor's rows then show no model (never an issue). */
  sqlite?: "missing";
  /** Every problem, each with the command that fixes it; non-empty = exit 1. */
  issues: { item: string; message: string }[];
}

const opt = <K extends string, V>(key: K, value: V | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** What a host's snapshot says about its data dir and backups (instead of looking on this machine). */
export interface HostFacts {
  backups: number;
  dataDirMode: number | null;
}

export function buildReport(paths: Paths, session: ReadSession, engine: EngineStatus, host?: HostFacts): StatusReport {
  const plans = session.plans();
  const issues: StatusReport["issues"] = [];
  const issue = (item: string, message: string) => issues.push({ item, message });
  const statusline = session.statusline();
  for (const p of session.skipped("fix"))
    if (p.problem && p.remedy) issue(p.id, M.invalidFix(p.path, p.problem, M.command(p.remedy)));
  for (const p of session.items("fix")) {
    if (p.kind === "helper" && p.status === "not-installed") issue(p.id, M.helperMissing);
    else if (p.kind === "guide" && p.status === "not-installed") issue(p.id, M.guideMissing);
    else if (p.kind === "pointer") issue(p.id, `${p.detail ?? M.pointerLine(p)}. ${M.pointerFix(p)}`);
    else if (p.id === statusline?.id) issue(p.id, `${p.detail ?? p.status}. ${M.rewriteFix}`);
    else issue(p.id, `${p.detail ?? p.status}. ${p.remedy?.edit === "repair" ? M.repairFix : M.rewriteFix}`);
  }
  // Our entries are right but the agent runs none of them: that needs the user (a file we only read).
  for (const p of plans.providers)
    if (p.status === "installed" && p.switchedOff !== undefined) issue(p.id, M.switchedOff(p.switchedOff));
  for (const c of plans.crashed) issue(c.id, M.crashed(c.id, c.message));
  let dataDir: StatusReport["dataDir"] = { path: paths.dataDir, exists: false };
  try {
    if (host?.dataDirMode === null) throw new Error("not created yet");
    const mode = (host ? host.dataDirMode! : fs.statSync(paths.dataDir).mode) & 0o777;
    dataDir = { path: paths.dataDir, exists: true, mode: mode.toString(8).padStart(3, "0") };
    if (mode & 0o077) issue("data-dir", M.dataDirOpen(paths.dataDir, mode));
  } catch {
    // Not created yet: the first install creates it 0700.
  }
  return {
    providers: plans.providers.map((p) => ({
      id: p.id,
      configPath: p.path,
      status: p.status,
      ...opt("detail", p.detail),
      ...opt("problem", p.problem),
    })),
    helper: { path: plans.helper.path, status: plans.helper.status, ...opt("detail", plans.helper.detail) },
    guide: { path: plans.guide.path, status: plans.guide.status, ...opt("detail", plans.guide.detail) },
    pointers: plans.pointers.map((p) => ({
      provider: p.provider!,
      path: p.path,
      status: p.status,
      ...opt("lang", p.lang),
      ...opt("detail", p.detail),
    })),
    ...(statusline
      ? {
          statusLine: {
            provider: "claude-code" as const,
            path: statusline.path,
            status: statusline.status,
            ...opt("detail", statusline.detail),
          },
        }
      : {}),
    backups: { dir: paths.backupsDir, count: host ? host.backups : countBackups(paths) },
    dataDir,
    engine,
    crashed: plans.crashed,
    // A host's report is about its files; the stores are read by the engine here.
    ...(host === undefined && sqliteReaderName() === "none" ? { sqlite: "missing" as const } : {}),
    issues,
  };
}

/** `absent`: a provider not on this machine, shown neutral (dimmed on a terminal), never an issue. */
export type Mark = "ok" | "partial" | "missing" | "crashed" | "absent";
export interface ViewLine {
  mark: Mark;
  text: string;
  /** Indented sub-lines: details, then the remedy. */
  notes: string[];
}

const markOf = (s: ItemStatus): Mark => (s === "installed" ? "ok" : s === "needs-repair" ? "partial" : "missing");

function notesFor(p: ItemPlan, report: StatusReport): string[] {
  const own = report.issues.filter((i) => i.item === p.id).map((i) => i.message);
  // Not installed yet is a step to take, never a line without its command.
  if (p.status === "not-installed" && own.length === 0 && p.kind !== "provider")
    return [p.kind === "pointer" ? M.pointerInstallFix(p.provider!) : M.setupFix];
  // A provider's detail beside a fine status is a note (Claude Code events left out for an older version).
  const detail = p.switchedOff !== undefined ? withoutSwitch(p.detail, p.switchedOff) : p.detail;
  const note =
    p.kind === "provider" && detail !== undefined && p.status !== "needs-repair" && p.status !== "invalid"
      ? [detail]
      : [];
  if (p.kind === "provider" && p.status === "not-installed" && own.length === 0) return [M.installFix(p.id), ...note];
  if (p.kind === "provider" && p.status === "installed")
    return [...own, ...note, ...(p.provider === "codex" ? [M.codexTrust] : [])];
  return own;
}

/** The detail without the switched-off sentence, which the item's issue already says. */
function withoutSwitch(detail: string | undefined, switchedOff: string): string | undefined {
  const rest = (detail ?? "")
    .split("; ")
    .filter((d) => d !== switchedOff)
    .join("; ");
  return rest === "" ? undefined : rest;
}

/** An installed provider that runs none of its hooks (its own switch) needs the user: [!], not [✓]. */
const markOfItem = (p: ItemPlan): Mark =>
  p.status === "installed" && p.switchedOff !== undefined ? "partial" : markOf(p.status);

/** Not installed, and `absent` (not on this machine: no config dir, no binary on PATH) says so. */
const isAbsent = (p: ItemPlan, absent: ReadonlySet<string>) =>
  p.status === "not-installed" &&
  (p.kind === "provider" ? absent.has(p.id) : p.provider !== undefined && absent.has(p.provider));

/**
 * Flutter-doctor style lines for the text view (this machine and a host alike). `absent` names the providers not found
 * on this machine: their not-installed hooks show as one neutral line and their pointer not at all.
 */
export function viewLines(
  plans: Plans & { crashed: { id: string; message: string }[] },
  report: StatusReport,
  absent: ReadonlySet<string> = new Set(),
  pointers = true,
  /** A host's view has no engine line: the engine runs here (docs/remote.md). */
  engineLine = true,
  /** The host the view is of (its absent agents are not on that host); undefined for this machine. */
  host?: string,
): ViewLine[] {
  const lines: ViewLine[] = [];
  for (const p of plans.providers) {
    if (isAbsent(p, absent))
      lines.push({ mark: "absent", text: host ? M.absentOnHost(p.id, host) : M.absentLine(p.id), notes: [] });
    else lines.push({ mark: markOfItem(p), text: M.providerLine(p), notes: notesFor(p, report) });
  }
  for (const c of plans.crashed) lines.push({ mark: "crashed", text: M.crashed(c.id, c.message), notes: [] });
  // No agent on this machine at all: the helper and guide they would use are not a step either.
  const none = plans.providers.every((p) => isAbsent(p, absent));
  const shared = (p: ItemPlan, text: string): ViewLine =>
    none && p.status === "not-installed"
      ? { mark: "absent", text, notes: [] }
      : { mark: markOf(p.status), text, notes: notesFor(p, report) };
  lines.push(shared(plans.helper, M.helperLine(plans.helper)), shared(plans.guide, M.guideLine(plans.guide)));
  for (const p of plans.pointers) {
    if (isAbsent(p, absent)) continue;
    // Pointers turned off: whatever is there is the user's, neither an issue nor a step.
    if (!pointers && p.status !== "installed" && p.status !== "invalid")
      lines.push({ mark: "absent", text: `${M.pointerLine(p)}: ${M.pointersOff}`, notes: [] });
    else lines.push({ mark: markOf(p.status), text: M.pointerLine(p), notes: notesFor(p, report) });
  }
  const sl = report.statusLine;
  if (sl) {
    const notes = report.issues.filter((i) => i.item === "statusline:claude-code").map((i) => i.message);
    if (sl.status === "not-installed") notes.push(M.statuslineInstallFix);
    else if (sl.status === "invalid" && sl.detail !== undefined) notes.push(sl.detail);
    lines.push({ mark: markOf(sl.status), text: M.statuslineLine(sl.status, sl.path), notes });
  }
  const engineNotes = Object.entries(report.engine.lastEventAt ?? {}).map(([id, at]) =>
    M.lastEvent(id as never, String(at)),
  );
  if (report.engine.running && report.engine.detail !== undefined) engineNotes.unshift(report.engine.detail);
  if (engineLine)
    lines.push({
      mark: report.engine.running ? "ok" : "partial",
      text: report.engine.running ? M.engineRunning : M.engineDown,
      notes: engineNotes,
    });
  if (engineLine)
    for (const problem of report.engine.hostProblems ?? []) lines.push({ mark: "partial", text: problem, notes: [] });
  if (report.sqlite === "missing") lines.push({ mark: "absent", text: M.noSqlite(process.version), notes: [] });
  const dd = report.issues.find((i) => i.item === "data-dir");
  if (dd) lines.push({ mark: "partial", text: dd.message, notes: [] });
  return lines;
}

/**
 * The line under the checks. It never says "no issues" beneath a [✗] or [!] line: when nothing needs
 * repair (exit 0) but lines still name a step, it says so. `installable`: agents found here are not
 * installed yet, so a bare `mytty-doctor install` sets them up.
 */
export function summaryLine(lines: readonly ViewLine[], report: StatusReport, installable: boolean): string {
  if (report.issues.length > 0) return M.summaryIssues(report.issues.length);
  const steps = lines.filter((l) => l.mark === "missing" || l.mark === "partial" || l.mark === "crashed").length;
  return steps === 0 ? M.summaryOk : M.summarySteps(steps, installable);
}

export const MARKS: Record<Mark, string> = { ok: "[✓]", partial: "[!]", missing: "[✗]", crashed: "[☠]", absent: "[-]" };

const COLORS: Record<Mark, string | undefined> = {
  ok: "32",
  partial: "33",
  missing: "31",
  crashed: "35",
  absent: undefined,
};

/**
 * The status view as text; `color` paints it for a terminal with plain ANSI codes (bold title, marks
 * in colour, a provider not on this machine dimmed): no ink or React to load for a one-shot print.
 */
export function renderText(title: string, lines: readonly ViewLine[], footer: string[], color = false): string {
  const paint = (code: string | undefined, text: string) =>
    color && code !== undefined ? `\u001b[${code}m${text}\u001b[0m` : text;
  const out = [paint("1", title), ""];
  for (const l of lines) {
    const line = `${paint(COLORS[l.mark], MARKS[l.mark])} ${l.text}`;
    out.push(l.mark === "absent" ? paint("2", line) : line);
    for (const n of l.notes) out.push(paint(l.mark === "ok" || l.mark === "absent" ? "2" : undefined, `    • ${n}`));
  }
  out.push("", ...footer);
  return `${out.join("\n")}\n`;
}
