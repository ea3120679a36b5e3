// Build step after `tsc -b` (root `npm run build`), the same treatment as apps/doctor's status bundle:
// dist/fast-main.js and what it imports from our packages (the engine's light client, @mytty-bar/
// paths) into dist/fast.cjs, one CommonJS file; a V8 code cache trained on `list --json`; last
// dist/fast.json, what the bundle was made from (size, mtime), so bin/mytty-team.js runs the bundle
// only while that is unchanged and otherwise falls back to dist/cli.js.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(app, "dist");
const bin = path.join(app, "bin", "mytty-team.js");
const out = path.join(dist, "fast.cjs");
const manifest = path.join(dist, "fast.json");

// No manifest, no fast path: a failed build below leaves the ordinary CLI in charge.
fs.rmSync(manifest, { force: true });
fs.rmSync(`${out}.cache`, { force: true });

const esbuild = await import("esbuild").catch(() => undefined);
if (!esbuild) {
  process.stderr.write("bundle-fast: esbuild is not installed; `mytty-team list/wait` run unbundled.\n");
  process.exit(0);
}

const result = await esbuild.build({
  entryPoints: [path.join(dist, "fast-main.js")],
  outfile: out,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});

// The launcher hands the bundle its own require(), which is right for node: builtins only.
const required = [...fs.readFileSync(out, "utf8").matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
const foreign = required.filter((id) => !id.startsWith("node:"));
if (foreign.length > 0)
  throw new Error(`fast bundle: require() of ${foreign.join(", ")}; only node: builtins are provided`);

const output = Object.entries(result.metafile.outputs).find(([p]) => path.resolve(p) === out)[1];
const inputs = Object.entries(output.inputs)
  .filter(([p, info]) => info.bytesInOutput > 0 && !p.includes(":"))
  .map(([p]) => path.resolve(p));

train();

// A tsc project stands for its files by dist/.tsbuildinfo (rewritten whenever it emits); others by themselves.
const watched = new Set([out]);
for (const input of inputs) {
  let dir = path.dirname(input);
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const buildInfo = path.join(dir, "dist", ".tsbuildinfo");
  watched.add(fs.existsSync(buildInfo) ? buildInfo : input);
}
const files = [...watched].map((p) => {
  const st = fs.statSync(p);
  return [path.relative(dist, p), st.size, st.mtimeMs];
});
fs.writeFileSync(manifest, `${JSON.stringify({ files })}\n`);

/** Best effort: without a cache the bundle still runs, a few ms slower. */
function train() {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-team-train-"));
  try {
    const env = { PATH: process.env.PATH, HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") };
    fs.writeFileSync(manifest, `${JSON.stringify({ files: [] })}\n`);
    // No engine here: the run goes through argv, paths, the client's connect and the one-line error.
    const run = spawnSync(process.execPath, [bin, "list", "--json"], {
      env: { ...env, MYTTY_TEAM_TRAIN_CODE_CACHE: "1" },
      encoding: "utf8",
    });
    fs.rmSync(manifest, { force: true });
    if (run.status !== 3 || !fs.existsSync(`${out}.cache`)) {
      fs.rmSync(`${out}.cache`, { force: true });
      process.stderr.write(`bundle-fast: no code cache (list exited ${run.status}) ${run.stderr}\n`);
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
