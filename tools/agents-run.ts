// `npm run agents:latest -- --run`: installs an agent's newest version into the cache and runs that
// agent's part of the real-agent suite (test/agents/<target>*.test.ts) against it.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentPin } from "@mytty-bar/protocol";
import { agentsCache, installOf, installOne } from "./agents-install.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface SuiteRun {
  agent: string;
  version: string;
  passed: boolean;
  /** The suite's failing test names, or why it could not run. */
  detail: string;
}

/** The suite's files for an agent: every test/agents/<target>… file of the pin's first target. */
export const suiteFilter = (pin: AgentPin): string => `test/agents/${pin.targets[0]}`;

export async function runSuite(pin: AgentPin, version: string, log: (line: string) => void): Promise<SuiteRun> {
  const base = { agent: pin.agent, version };
  const item = installOf(agentsCache(), pin, version);
  if (!item) return { ...base, passed: false, detail: "not on the npm registry" };
  try {
    await installOne(item, log);
  } catch (error) {
    return { ...base, passed: false, detail: error instanceof Error ? error.message : String(error) };
  }
  log(`running ${suiteFilter(pin)}* against ${pin.agent} ${version}…`);
  const versions = Object.fromEntries(pin.targets.map((t) => [t, version]));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", suiteFilter(pin)],
      {
        cwd: ROOT,
        // Plain text (no colours) so the failing test names can be picked out.
        env: { ...process.env, MYTTY_AGENTS_VERSIONS: JSON.stringify(versions), NO_COLOR: "1", FORCE_COLOR: "0" },
        maxBuffer: 64 << 20,
      },
      (error, stdout) => {
        if (!error) return resolve({ ...base, passed: true, detail: "every scenario passed" });
        const failed = String(stdout)
          .split("\n")
          .filter((l) => /\bFAIL\b/.test(l))
          .map((l) => l.trim());
        resolve({ ...base, passed: false, detail: failed.slice(0, 8).join("; ") || `vitest exited ${error.code}` });
      },
    );
  });
}
