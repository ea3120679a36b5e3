// Writes: compare-and-swap against a concurrent edit (simulated through the beforeCommit hook),
// backups, and a crashing check that does not hide the others.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  applyChanges,
  listBackups,
  planAll,
  planContext,
  planProvider,
  resolvePaths,
  type Paths,
} from "@mytty-bar/installers";

let tmp: string;
let paths: Paths;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-apply-test-"));
  paths = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "data") } });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function writeSettings(text: string) {
  fs.mkdirSync(path.dirname(paths.claudeSettings), { recursive: true });
  fs.writeFileSync(paths.claudeSettings, text);
}

it("keeps a concurrent edit made between plan and rename, and installs on top of it", async () => {
  writeSettings('{\n  "model": "opus"\n}\n');
  const plan = planProvider("claude-code", planContext(paths));
  let edits = 0;
  const out = await applyChanges(plan.install, {
    paths,
    hooks: {
      beforeCommit: () => {
        if (edits++ === 0) writeSettings('{\n  "model": "opus",\n  "theme": "dark"\n}\n');
      },
    },
  });
  expect(out).toEqual([{ path: paths.claudeSettings, result: "written", backup: expect.any(String) }]);
  const text = fs.readFileSync(paths.claudeSettings, "utf8");
  expect(text.startsWith('{\n  "model": "opus",\n  "theme": "dark",\n  "hooks": {')).toBe(true);
  expect(planProvider("claude-code", planContext(paths)).status).toBe("installed");
  // The backup holds what was there just before our write: the concurrent edit.
  const backups = listBackups(paths, paths.claudeSettings);
  expect(fs.readFileSync(backups.at(-1)!.path, "utf8")).toContain('"theme": "dark"');
});

it("reports a file that keeps changing instead of overwriting it", async () => {
  writeSettings("{}\n");
  const plan = planProvider("claude-code", planContext(paths));
  let n = 0;
  const out = await applyChanges(plan.install, {
    paths,
    hooks: { beforeCommit: () => writeSettings(`{"n": ${n++}}\n`) },
  });
  expect(out).toEqual([
    { path: paths.claudeSettings, result: "conflict", message: expect.stringContaining("kept changing") },
  ]);
  expect(fs.readFileSync(paths.claudeSettings, "utf8")).toBe(`{"n": ${n - 1}}\n`);
});

it("never writes a file that became unparsable while we wrote it", async () => {
  writeSettings("{}\n");
  const plan = planProvider("claude-code", planContext(paths));
  const out = await applyChanges(plan.install, { paths, hooks: { beforeCommit: () => writeSettings("{ oops\n") } });
  expect(out[0]).toMatchObject({ result: "invalid" });
  expect(fs.readFileSync(paths.claudeSettings, "utf8")).toBe("{ oops\n");
});

it("shows a crashed check as crashed without hiding the others", () => {
  const broken = new Proxy(paths, {
    get: (target, key) => {
      if (key === "codexHooks") throw new Error("boom");
      return target[key as keyof Paths];
    },
  });
  const plans = planAll(planContext(broken));
  expect(plans.crashed).toEqual([{ id: "codex", message: "boom" }]);
  expect(plans.providers.map((p) => p.id)).toEqual(["claude-code", "opencode", "antigravity", "cursor", "gemini"]);
});
