// `npm run bench`: runs every bench/*.bench.ts in turn and prints one JSON object of figures.
// Progress goes to stderr so stdout stays machine-readable. `npm run bench -- helper detect`
// runs only the benches whose file name contains one of the words.
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

type Bench = () => Promise<Record<string, unknown>>;

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((w) => f.includes(w)))
  .sort();

const results: Record<string, unknown> = {
  node: process.version,
  platform: process.platform,
  at: new Date().toISOString(),
};
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, "");
  process.stderr.write(`bench ${name}…\n`);
  const started = performance.now();
  try {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: Bench };
    results[name] = await mod.default();
  } catch (error) {
    results[name] = { error: error instanceof Error ? error.message : String(error) };
  }
  process.stderr.write(`bench ${name} done in ${Math.round(performance.now() - started)} ms\n`);
}

/** Every `{ figure, target, holds }` in the results, by its path: the issue's targets, one line each. */
function targets(value: unknown, at: string, out: string[][]): string[][] {
  if (value === null || typeof value !== "object") return out;
  const v = value as Record<string, unknown>;
  if ("figure" in v && "target" in v && "holds" in v) {
    out.push([at, String(v.figure), String(v.target), v.holds ? "holds" : "MISSES"]);
    return out;
  }
  for (const [key, inner] of Object.entries(v)) targets(inner, at ? `${at}.${key}` : key, out);
  return out;
}

const table = targets(results, "", []);
results.targets = table.map(([what, figure, target, holds]) => ({ what, figure, target, holds }));
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
process.stderr.write(
  `\n${table.map((row) => `${row[3]!.padEnd(6)}  ${row[0]!.padEnd(48)} ${row[1]!.padStart(10)}  target ${row[2]}`).join("\n")}\n`,
);
