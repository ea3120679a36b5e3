// The popup's Fix (createIntegrations: what the IPC handler calls), `mytty-doctor fix` and
// `mytty-doctor install claude-code` (the real CLI, a child process) write the same bytes for the same
// settings. Each runs on a fresh HOME at the same path, so even the paths inside the files must match.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openSession, resolvePaths, type Paths } from "@mytty-bar/installers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIntegrations } from "../src/integrations.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const DOCTOR = path.join(ROOT, "apps", "doctor", "bin", "mytty-doctor.js");
/** No agent binary here: the Claude Code version is unknown to every front end alike. */
const PATH_VAR = "/usr/bin:/bin";

let base: string;
let home: string;
let paths: Paths;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-fix-parity-"));
  home = path.join(base, "home");
  env = { PATH: PATH_VAR, HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") };
  paths = resolvePaths({ env, platform: "linux" });
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/**
 * A fresh HOME: Claude Code hooks missing one event (needs repair), the guide deleted, a Japanese
 * SKILL.md the user edited, and settings.json turning pointers off with Japanese as the language.
 */
async function seed(): Promise<void> {
  fs.rmSync(home, { recursive: true, force: true });
  await openSession({ paths, settings: { lang: "ja", pointers: true }, pathVar: PATH_VAR }).apply("install", [
    "claude-code",
  ]);
  const settings = JSON.parse(fs.readFileSync(paths.claudeSettings, "utf8")) as { hooks: Record<string, unknown> };
  delete settings.hooks.Stop;
  fs.writeFileSync(paths.claudeSettings, `${JSON.stringify(settings, null, 2)}\n`);
  fs.rmSync(paths.guide);
  fs.appendFileSync(paths.claudeSkill, "\nメモ: 自分で書き足した行\n");
  fs.rmSync(paths.backupsDir, { recursive: true, force: true });
  fs.writeFileSync(paths.settingsFile, JSON.stringify({ pointers: false, pointerLanguage: "ja" }));
}

/** Every file under HOME by relative path; backups by content (their names carry the time). */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const backups: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (full.startsWith(paths.backupsDir + path.sep)) backups.push(fs.readFileSync(full, "latin1"));
      else
        out[path.relative(home, full)] =
          `${(fs.statSync(full).mode & 0o777).toString(8)} ${fs.readFileSync(full, "latin1")}`;
    }
  };
  walk(home);
  out["<backups>"] = backups.sort().join("\n--\n");
  return out;
}

function doctor(...args: string[]): void {
  const r = spawnSync(process.execPath, [DOCTOR, ...args], { env, encoding: "utf8", timeout: 20_000 });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
}

describe("Fix in the popup, mytty-doctor fix and mytty-doctor install", () => {
  it("write the same bytes with pointers off and Japanese pointers, leaving the edited SKILL.md alone", async () => {
    await seed();
    const skill = fs.readFileSync(paths.claudeSkill);
    await createIntegrations(paths, { pathVar: PATH_VAR }).fix("claude-code");
    const popup = snapshot();
    expect(fs.readFileSync(paths.claudeSkill).equals(skill)).toBe(true);
    expect(fs.existsSync(paths.codexAgentsMd)).toBe(false);
    expect(JSON.parse(fs.readFileSync(paths.claudeSettings, "utf8"))).toHaveProperty("hooks.Stop");
    expect(Object.keys(popup)).toContain(path.relative(home, paths.guide));

    await seed();
    doctor("fix");
    expect(snapshot()).toEqual(popup);

    await seed();
    doctor("install", "claude-code");
    expect(snapshot()).toEqual(popup);
  });
});
