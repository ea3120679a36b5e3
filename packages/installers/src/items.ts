// One plan per item: each provider's hooks, the helper, the guide, and the two pointers.
import path from "node:path";
import type { ProviderId } from "@mytty-bar/protocol";
import { insertBlock, removeBlock, scanBlock } from "./agents-md.js";
import { antigravityFiles } from "./antigravity.js";
import { claudeCodeSpec } from "./claude-code.js";
import { codexSpec } from "./codex.js";
import { cursorSpec } from "./cursor.js";
import type { TargetId } from "./constants.js";
import { geminiSpec } from "./gemini.js";
import { parseJsonc } from "./jsonc-edit.js";
import type { FileView } from "./fsio.js";
import { guideText } from "./guide-text.js";
import { helperScript } from "./helper-script.js";
import { planHookJson } from "./hook-json.js";
import { opencodePluginText } from "./opencode.js";
import { planOwnedFiles } from "./owned-files.js";
import { chooseRemoval, remedyFor, type BackupLookup, type ItemPlan, type Lang } from "./plan.js";
import type { Paths } from "./paths.js";
import type { ClaudeInstall } from "./presence.js";
import { agentsBlock, skillText } from "./pointer-text.js";

export interface PlanContext {
  paths: Paths;
  /** Pointer language to require; undefined accepts an installed pointer in either language. */
  lang?: Lang;
  newestBackup: BackupLookup;
  /** Where the files are read (this machine, or a host's snapshot). */
  files: FileView;
  /** The installed Claude Code (asked only when Claude Code is planned); undefined = cannot be placed. */
  claudeVersion?: () => ClaudeInstall | undefined;
}

/** Providers that get a pointer (a documented global instruction location exists). */
export const POINTER_PROVIDERS = ["claude-code", "codex"] as const satisfies readonly ProviderId[];
export type PointerProvider = (typeof POINTER_PROVIDERS)[number];

/** Targets whose hooks are entries in a config file of the user's (the rest are files we own). */
const MERGED: ReadonlySet<TargetId> = new Set(["claude-code", "codex", "cursor", "gemini"]);

// Added in place: a spread would call hook-json.ts's lazy `install`/`uninstall` getters, and status
// (which never needs them) would compute every provider's removal text, re-parsing its file each time.
const withRemedy = (item: ItemPlan, edit: "repair" | "rewrite"): ItemPlan =>
  Object.defineProperty(item, "remedy", { value: remedyFor(item, edit), enumerable: true, writable: true });

export function planProvider(id: TargetId, ctx: PlanContext): ItemPlan {
  return withRemedy(providerPlan(id, ctx), MERGED.has(id) ? "repair" : "rewrite");
}

function providerPlan(id: TargetId, ctx: PlanContext): ItemPlan {
  const { paths } = ctx;
  switch (id) {
    case "gemini": {
      const read = ctx.files.read(paths.geminiSettings);
      const parsed = read.text !== null ? parseJsonc(read.text) : undefined;
      const spec = geminiSpec(paths, parsed?.ok ? parsed.value : undefined);
      return planHookJson({ ...spec, id }, read.text, ctx.newestBackup, read.problem);
    }
    case "claude-code":
    case "codex":
    case "cursor": {
      const spec =
        id === "claude-code"
          ? claudeCodeSpec(paths, ctx.claudeVersion?.())
          : id === "codex"
            ? codexSpec(paths, ctx.files.read(paths.codexConfig, 1024 * 1024).text)
            : cursorSpec(paths);
      const read = ctx.files.read(spec.path);
      return planHookJson(spec, read.text, ctx.newestBackup, read.problem);
    }
    case "opencode": {
      const read = ctx.files.read(paths.opencodePlugin);
      const base = { id, kind: "provider" as const, provider: id, path: paths.opencodePlugin };
      if (read.problem) return invalid(base, read.problem);
      return planOwnedFiles(base, [
        { path: paths.opencodePlugin, expected: opencodePluginText(paths), current: read.text, mode: 0o600 },
      ]);
    }
    case "antigravity": {
      const base = { id, kind: "provider" as const, provider: id, path: paths.antigravityPluginDir };
      const files = antigravityFiles(paths).map((f) => ({ f, read: ctx.files.read(f.path) }));
      const bad = files.find((x) => x.read.problem);
      if (bad) return invalid({ ...base, path: bad.f.path }, bad.read.problem!);
      return planOwnedFiles(
        base,
        files.map(({ f, read }) => ({ path: f.path, expected: f.text, current: read.text, mode: 0o600 })),
        [paths.antigravityPluginDir],
      );
    }
  }
}

function invalid(
  base: Omit<ItemPlan, "status" | "install" | "uninstall">,
  problem: NonNullable<ItemPlan["problem"]>,
): ItemPlan {
  return { ...base, status: "invalid", problem, detail: problem.message, install: [], uninstall: [] };
}

export function planHelper(ctx: PlanContext): ItemPlan {
  return withRemedy(helperPlan(ctx), "rewrite");
}

function helperPlan(ctx: PlanContext): ItemPlan {
  const { helper, binDir } = ctx.paths;
  const read = ctx.files.read(helper);
  const base = { id: "helper", kind: "helper" as const, path: helper };
  if (read.problem) return invalid(base, read.problem);
  return planOwnedFiles(
    base,
    [
      {
        path: helper,
        expected: helperScript(ctx.paths),
        current: read.text,
        mode: 0o755,
        forceMode: true,
        ...(read.mode !== undefined ? { currentMode: read.mode } : {}),
      },
    ],
    [binDir],
  );
}

export function planGuide(ctx: PlanContext): ItemPlan {
  return withRemedy(guidePlan(ctx), "rewrite");
}

function guidePlan(ctx: PlanContext): ItemPlan {
  const { guide } = ctx.paths;
  const read = ctx.files.read(guide);
  const base = { id: "guide", kind: "guide" as const, path: guide };
  if (read.problem) return invalid(base, read.problem);
  return planOwnedFiles(base, [{ path: guide, expected: guideText(ctx.paths), current: read.text, mode: 0o644 }]);
}

const LANGS: readonly Lang[] = ["en", "ja"];

export function planPointer(provider: PointerProvider, ctx: PlanContext): ItemPlan {
  return withRemedy(provider === "claude-code" ? planSkill(ctx) : planAgentsMd(ctx), "rewrite");
}

function planSkill(ctx: PlanContext): ItemPlan {
  const file = ctx.paths.claudeSkill;
  const read = ctx.files.read(file);
  const base = { id: "pointer:claude-code", kind: "pointer" as const, provider: "claude-code" as const, path: file };
  if (read.problem) return invalid(base, read.problem);
  const found = LANGS.find((l) => read.text === skillText(ctx.paths, l));
  const lang = ctx.lang ?? found ?? "en";
  const plan = planOwnedFiles(
    { ...base, lang },
    [{ path: file, expected: skillText(ctx.paths, lang), current: read.text, mode: 0o600 }],
    [path.dirname(file)],
  );
  return plan;
}

function planAgentsMd(ctx: PlanContext): ItemPlan {
  const file = ctx.paths.codexAgentsMd;
  const read = ctx.files.read(file);
  const base = { id: "pointer:codex", kind: "pointer" as const, provider: "codex" as const, path: file };
  if (read.problem) return invalid(base, read.problem);
  const text = read.text;
  const scan = text === null ? ({ kind: "none" } as const) : scanBlock(text);
  if (scan.kind === "broken") return invalid(base, scan.problem);
  const current = scan.kind === "block" ? scan.text.replaceAll("\r\n", "\n") : undefined;
  const found = LANGS.find((l) => current === agentsBlock(ctx.paths, l));
  const lang = ctx.lang ?? found ?? "en";
  let prior: { value: string | null | undefined } | undefined;
  const removal = (cur: string | null) => {
    if (cur === null) return null;
    const removed = removeBlock(cur);
    if (removed !== "" || scanBlock(cur).kind !== "block") return removed;
    // An emptied file: the backup tells whether it was empty or absent before our install.
    prior ??= { value: ctx.newestBackup(file) };
    return chooseRemoval(["", null], prior.value);
  };
  const install = (cur: string | null) => {
    const s = cur === null ? ({ kind: "none" } as const) : scanBlock(cur);
    return s.kind === "broken" ? undefined : insertBlock(cur, agentsBlock(ctx.paths, lang));
  };
  const after = install(text)!;
  const change = (after: string | null, redo: (cur: string | null) => string | null | undefined) => ({
    path: file,
    before: text,
    after,
    mode: 0o644,
    backup: true,
    redo,
  });
  const uninstall = scan.kind === "block" ? [change(removal(text), removal)] : [];
  if (scan.kind === "none")
    return { ...base, lang, status: "not-installed", install: [change(after, install)], uninstall };
  if (after === text) return { ...base, lang, status: "installed", install: [], uninstall };
  return {
    ...base,
    lang,
    status: "needs-repair",
    detail: `the managed block in ${file} differs from the generated text`,
    install: [change(after, install)],
    uninstall,
  };
}
