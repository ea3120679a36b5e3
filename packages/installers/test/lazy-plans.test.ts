// Status only reads: planning every target must not compute an uninstall edit (each re-parses the
// user's file several times; it was most of `mytty-doctor status --json`'s time). The backup lookup
// is the seam: only an uninstall edit asks for the newest backup (to restore what the user had).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  applyChanges,
  planAll,
  planContext,
  planProvider,
  resolvePaths,
  type BackupLookup,
  type Paths,
} from "@mytty-bar/installers";

let tmp: string;
let paths: Paths;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-lazy-plans-"));
  paths = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "data") } });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function countingContext() {
  const ctx = planContext(paths, undefined, "");
  const asked: string[] = [];
  const newestBackup: BackupLookup = (file) => {
    asked.push(file);
    return ctx.newestBackup(file);
  };
  return { ctx: { ...ctx, newestBackup }, asked };
}

it("plans installed hook files without computing their uninstall edit until it is read", async () => {
  fs.mkdirSync(path.dirname(paths.claudeSettings), { recursive: true });
  fs.writeFileSync(paths.claudeSettings, '{\n  "model": "opus"\n}\n');
  for (const id of ["claude-code", "codex", "cursor"] as const)
    await applyChanges(planProvider(id, planContext(paths, undefined, "")).install, { paths });

  const { ctx, asked } = countingContext();
  const plans = planAll(ctx);
  const installed = plans.providers.filter((p) => p.status === "installed");
  expect(installed.map((p) => p.id).sort()).toEqual(["claude-code", "codex", "cursor"]);
  // What status reads: status, detail, remedy.
  expect(installed.map((p) => p.remedy?.command)).toEqual(["fix", "fix", "fix"]);
  expect(asked).toEqual([]);

  const claude = installed.find((p) => p.id === "claude-code")!;
  expect(claude.uninstall).toHaveLength(1);
  expect(claude.uninstall[0]!.after).toBe('{\n  "model": "opus"\n}\n');
  expect(asked).toEqual([paths.claudeSettings]);
});
