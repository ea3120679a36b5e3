// `npm run agents:latest`: compares each agent's pinned version (packages/protocol agent-versions.ts)
// with the newest one on the npm registry; with --run it also runs each agent's real-agent scenarios
// against its newest version (tools/agents-run.ts) and prints which pass.
import { execFile } from "node:child_process";
import { pathToFileURL } from "node:url";
import { AGENT_PINS, type AgentPin } from "@mytty-bar/protocol";
import { runSuite, type SuiteRun } from "./agents-run.js";

export type Lookup = (pkg: string) => Promise<{ ok: true; version: string } | { ok: false; error: string }>;

export interface Row {
  agent: string;
  npm: string | null;
  pinned: string | null;
  newest: string | null;
  differs: boolean | null;
  error: string | null;
}

export const ONLY_COMPARED =
  "Only compared: `npm run agents:latest -- --run` installs each newest version and runs its scenarios (test/agents/) against it; update packages/protocol/src/agent-versions.ts once they pass.";

/** `npm view <pkg> version --json` prints a JSON string (or, with several matches, an array of them). */
export function parseNpmView(stdout: string): { ok: true; version: string } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch {
    return { ok: false, error: `the registry's answer is not JSON: ${stdout.trim().slice(0, 80) || "(empty)"}` };
  }
  if (Array.isArray(value)) value = value.at(-1);
  if (typeof value === "string" && value.length > 0) return { ok: true, version: value };
  const summary = (value as { error?: { summary?: unknown } } | null)?.error?.summary;
  return { ok: false, error: typeof summary === "string" ? summary : "the registry gave no version" };
}

export async function compare(pins: readonly AgentPin[], lookup: Lookup): Promise<Row[]> {
  return Promise.all(
    pins.map(async (pin): Promise<Row> => {
      const base = { agent: pin.agent, npm: pin.npm, pinned: pin.version };
      if (pin.npm === null) return { ...base, newest: null, differs: null, error: null };
      const found = await lookup(pin.npm);
      if (!found.ok) return { ...base, newest: null, differs: null, error: found.error };
      return { ...base, newest: found.version, differs: found.version !== pin.version, error: null };
    }),
  );
}

export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.agent,
    r.npm ?? "not on the npm registry",
    r.pinned ?? "-",
    r.npm === null ? "-" : (r.newest ?? "?"),
    r.npm === null ? "fixtures only" : r.error !== null ? "unknown" : r.differs ? "yes" : "no",
  ]);
  const all = [["agent", "package", "pinned", "newest", "differs"], ...cells];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((c) => c[i]!.length)));
  const lines = all.map((c) =>
    c
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
  const errors = rows
    .filter((r) => r.error !== null)
    .map(
      (r) =>
        `${r.agent}: cannot read the newest ${r.npm} from the npm registry (${r.error}); check the network, then run \`npm view ${r.npm} version\`.`,
    );
  return [...lines, "", ...errors, ...(errors.length > 0 ? [""] : []), ONLY_COMPARED, ""].join("\n");
}

export function renderJson(rows: readonly Row[]): string {
  return `${JSON.stringify({ agents: rows, note: ONLY_COMPARED }, null, 2)}\n`;
}

/** The edge: asks the registry through the npm client, bounded so an offline machine still answers. */
export function npmView(timeoutMs: number): Lookup {
  return (pkg) =>
    new Promise((resolve) => {
      execFile("npm", ["view", pkg, "version", "--json"], { timeout: timeoutMs }, (err, stdout) => {
        const parsed = parseNpmView(String(stdout));
        if (parsed.ok || !err) return resolve(parsed);
        const why = err.killed
          ? `no answer within ${timeoutMs / 1000} s`
          : err.code === "ENOENT"
            ? "npm is not on PATH"
            : parsed.error;
        resolve({ ok: false, error: why });
      });
    });
}

async function main(argv: readonly string[]): Promise<void> {
  const rows = await compare(AGENT_PINS, npmView(60_000));
  if (!argv.includes("--run")) {
    process.stdout.write(argv.includes("--json") ? renderJson(rows) : renderTable(rows));
    return;
  }
  // One agent at a time: each suite drives real agents in tmux and wants the machine to itself.
  const runs: SuiteRun[] = [];
  for (const row of rows) {
    const pin = AGENT_PINS.find((p) => p.agent === row.agent)!;
    if (row.newest === null) continue;
    runs.push(await runSuite(pin, row.newest, (line) => process.stderr.write(`${line}\n`)));
  }
  if (argv.includes("--json")) process.stdout.write(`${JSON.stringify({ agents: rows, runs }, null, 2)}\n`);
  else {
    process.stdout.write(renderTable(rows).replace(`${ONLY_COMPARED}\n`, ""));
    for (const r of runs) process.stdout.write(`${r.passed ? "pass" : "FAIL"}  ${r.agent} ${r.version}: ${r.detail}\n`);
  }
  if (runs.some((r) => !r.passed)) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
