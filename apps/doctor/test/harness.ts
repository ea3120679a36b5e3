// Test harness: a temp HOME (with the data dir inside, its path holding a space like macOS's)
// and the real CLI as a child process. Needs `npx tsc -b tsconfig.build.json` first.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestContext } from "vitest";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const BIN = path.join(ROOT, "apps", "doctor", "bin", "mytty-doctor.js");
export const FIXTURES = path.join(ROOT, "fixtures", "configs");

if (!fs.existsSync(path.join(ROOT, "apps", "doctor", "dist", "cli.js"))) {
  throw new Error("apps/doctor is not built: run `npx tsc -b tsconfig.build.json` first");
}

export interface Home {
  home: string;
  data: string;
  env: NodeJS.ProcessEnv;
  claude: string;
  codex: string;
  agentsMd: string;
  cursor: string;
  gemini: string;
  skill: string;
  helper: string;
  guide: string;
  backups: string;
  run(...args: string[]): { code: number; stdout: string; stderr: string };
  json<T = StatusJson>(...args: string[]): { code: number; value: T };
  put(file: string, fixture: string): Buffer;
  cleanup(): void;
}

export interface StatusJson {
  providers: {
    id: string;
    configPath: string;
    status: string;
    detail?: string;
    problem?: { line: number; column: number; message: string };
  }[];
  helper: { path: string; status: string };
  guide: { path: string; status: string };
  pointers: { provider: string; path: string; status: string; lang?: string }[];
  backups: { dir: string; count: number };
  issues: { item: string; message: string }[];
  crashed: unknown[];
  engine: { running: boolean };
}

export function makeHome(extraEnv: NodeJS.ProcessEnv = {}): Home {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-doctor-test-"));
  const data = path.join(home, "Application Support", "mytty-bar");
  // A PATH without any agent binary, so `install` with no arguments sees only what the test creates.
  const env: NodeJS.ProcessEnv = { PATH: "/usr/bin:/bin", HOME: home, MYTTY_BAR_DATA_DIR: data, ...extraEnv };
  const codexHome = extraEnv.CODEX_HOME ?? path.join(home, ".codex");
  const h: Home = {
    home,
    data,
    env,
    claude: path.join(home, ".claude", "settings.json"),
    codex: path.join(codexHome, "hooks.json"),
    agentsMd: path.join(codexHome, "AGENTS.md"),
    cursor: path.join(home, ".cursor", "hooks.json"),
    gemini: path.join(extraEnv.GEMINI_CLI_HOME ?? home, ".gemini", "settings.json"),
    skill: path.join(home, ".claude", "skills", "mytty-bar-team", "SKILL.md"),
    helper: path.join(data, "bin", "mytty-bar-hook"),
    guide: path.join(data, "mytty-team.md"),
    backups: path.join(data, "backups"),
    run(...args) {
      const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: "utf8", timeout: 20_000 });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
    json<T>(...args: string[]) {
      const r = h.run(...args, "--json");
      try {
        return { code: r.code, value: JSON.parse(r.stdout) as T };
      } catch {
        throw new Error(`not JSON (exit ${r.code}): ${r.stdout}\n${r.stderr}`);
      }
    },
    put(file, fixture) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const bytes = fs.readFileSync(path.join(FIXTURES, fixture));
      fs.writeFileSync(file, bytes);
      return bytes;
    },
    cleanup() {
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
  return h;
}

/** A temp HOME removed when the test finishes. */
export function testHome(t: TestContext, env: NodeJS.ProcessEnv = {}): Home {
  const h = makeHome(env);
  t.onTestFinished(() => h.cleanup());
  return h;
}

/** Comments are fine for Gemini CLI and Cursor but make Claude Code and Codex ignore the whole file. */
const STRICT_JSON_DIRS = ["claude-code", "codex"];

export function fixtures(dir: string, valid: boolean): string[] {
  const invalid = /^(malformed|shape|schema-key|not-utf8|unterminated)/;
  const bad = (f: string) => invalid.test(f) || (STRICT_JSON_DIRS.includes(dir) && f.includes("comments"));
  return fs
    .readdirSync(path.join(FIXTURES, dir))
    .filter((f) => bad(f) !== valid && !f.startsWith("repair-"))
    .map((f) => `${dir}/${f}`);
}

export function backupsOf(h: Home): string[] {
  try {
    return fs.readdirSync(h.backups).sort();
  } catch {
    return [];
  }
}

export const mode = (file: string) => fs.statSync(file).mode & 0o777;
