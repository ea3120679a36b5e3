// test/clean-env.ts must know every variable the code reads: one it misses reaches tests from the
// caller's shell. The code's reads (`env.NAME`, `env["NAME"]`) found in every source file the product runs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { callerVariable, KEPT } from "./clean-env.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// Set by every test that needs them (HOME), or the same for everyone and needed by tmux and node.
// KEPT: the test tooling's own settings (tools/agents-install.ts), which no product code reads.
const PASSED_THROUGH = new Set(["PATH", "HOME", "TERM", ...KEPT]);

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(c|m)?[jt]sx?$/.test(name))
    .map((name) => path.join(dir, name));
}

it("clears every environment variable the product's code reads, but PATH, HOME and TERM", () => {
  const dirs = ["packages", "apps"].flatMap((group) =>
    fs.readdirSync(path.join(ROOT, group)).flatMap((ws) => ["src", "bin"].map((d) => path.join(ROOT, group, ws, d))),
  );
  const read = new Set<string>();
  for (const file of [...dirs.flatMap(sources), ...sources(path.join(ROOT, "tools"))])
    for (const m of fs.readFileSync(file, "utf8").matchAll(/\benv(?:\.|\[")([A-Z_][A-Z0-9_]*)\b/g)) read.add(m[1]!);
  expect(read.has("XDG_DATA_HOME")).toBe(true);
  expect([...read].filter((name) => !PASSED_THROUGH.has(name) && !callerVariable(name)).sort()).toEqual([]);
});
