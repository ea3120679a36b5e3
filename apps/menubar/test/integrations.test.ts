// The popup's integrations section over the real installers, on a temp HOME.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { guideText, resolvePaths, type Paths } from "@mytty-bar/installers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIntegrations } from "../src/integrations.js";

let home: string;
let paths: Paths;

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "mytty-integrations-"));
  paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("integrations", () => {
  it("lists every provider's status from the installers' plans", () => {
    const rows = createIntegrations(paths).rows();
    expect(rows.map((r) => [r.id, r.name, r.status, r.configPath])).toEqual([
      ["codex", "Codex", "not-installed", paths.codexHooks],
      ["claude-code", "Claude Code", "not-installed", paths.claudeSettings],
      ["opencode", "OpenCode", "not-installed", paths.opencodePlugin],
      ["antigravity", "Antigravity", "not-installed", expect.stringContaining(paths.antigravityPluginDir)],
      ["cursor", "Cursor", "not-installed", paths.cursorHooks],
    ]);
  });

  it("previews the diff Fix would write, fixes it, and then has nothing left to show", async () => {
    const integrations = createIntegrations(paths);
    const diff = await integrations.diff("claude-code");
    expect(diff).toContain(`+++ ${paths.claudeSettings}`);
    expect(diff).toContain(paths.helper);
    const rows = await integrations.fix("claude-code");
    expect(rows.find((r) => r.id === "claude-code")?.status).toBe("installed");
    expect(rows.find((r) => r.id === "codex")?.status).toBe("not-installed");
    expect(await integrations.diff("claude-code")).toBe("");
    expect(JSON.parse(await readFile(paths.claudeSettings, "utf8"))).toHaveProperty("hooks");
  });

  it("reports a settings file it cannot parse as invalid; Fix says so and writes nothing at all", async () => {
    await mkdir(path.dirname(paths.claudeSettings), { recursive: true });
    await writeFile(paths.claudeSettings, '{ "hooks": { oops\n');
    const integrations = createIntegrations(paths);
    const row = integrations.rows().find((r) => r.id === "claude-code");
    expect(row?.status).toBe("invalid");
    expect(await integrations.diff("claude-code")).toBe("");
    await expect(integrations.fix("claude-code")).rejects.toThrow(
      new RegExp(`^${paths.claudeSettings}: .*; nothing was written$`),
    );
    expect(await readFile(paths.claudeSettings, "utf8")).toBe('{ "hooks": { oops\n');
    // Not the helper, the guide or the pointer either: a failed Fix changed nothing.
    await expect(readFile(paths.helper)).rejects.toThrow(/ENOENT/);
    await expect(readFile(paths.guide)).rejects.toThrow(/ENOENT/);
    await expect(readFile(paths.claudeSkill)).rejects.toThrow(/ENOENT/);
  });

  it("rewrites the orchestration guide at launch, over a stale copy", async () => {
    await mkdir(path.dirname(paths.guide), { recursive: true });
    await writeFile(paths.guide, "stale guide\n");
    await createIntegrations(paths).writeGuide();
    expect(await readFile(paths.guide, "utf8")).toBe(guideText(paths));
  });
});
