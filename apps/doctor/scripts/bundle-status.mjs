// Build step after `tsc -b` (root `npm run build`): bundles dist/status-main.js and everything it
// imports from our packages into dist/status.cjs (one CommonJS file, source map chained back to the .ts
// sources), then trains a V8 code cache by running `status --json` once on a throwaway HOME, and
// last writes dist/status.json: what the bundle was made from, with size and mtime, so
// bin/mytty-doctor.js uses the bundle only while that is unchanged (a later `tsc -b` alone makes it
// fall back to dist/cli.js rather than run stale code).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(app, "dist");
const bin = path.join(app, "bin", "mytty-doctor.js");
const out = path.join(dist, "status.cjs");
const manifest = path.join(dist, "status.json");

/**
 * installers' jsonc-edit.js require()s jsonc-parser's CommonJS build through createRequire (cheaper
 * than the ESM loader there). In the bundle that would mean resolving and compiling six more files
 * on every run, outside the code cache: its `node:module` becomes a createRequire that hands out
 * jsonc-parser's ES module build, bundled. Any other id throws, so a change there fails loudly.
 */
const bundledJsonc = {
  name: "bundled-jsonc",
  setup(b) {
    b.onResolve({ filter: /^node:module$/ }, (args) =>
      args.importer.endsWith(`installers${path.sep}dist${path.sep}jsonc-edit.js`)
        ? { path: "jsonc-require", namespace: "mytty" }
        : undefined,
    );
    b.onLoad({ filter: /^jsonc-require$/, namespace: "mytty" }, () => ({
      resolveDir: app,
      contents: `
        import * as parser from "jsonc-parser/lib/esm/impl/parser.js";
        import * as full from "jsonc-parser/lib/esm/main.js";
        const ids = { "jsonc-parser": full, "jsonc-parser/lib/umd/impl/parser.js": parser };
        export function createRequire() {
          return (id) => {
            if (!(id in ids)) throw new Error("status bundle: jsonc-edit.js asked for " + id);
            return ids[id];
          };
        }`,
    }));
  },
};

// No manifest, no fast path: a failed build below leaves the ordinary CLI in charge.
fs.rmSync(manifest, { force: true });
fs.rmSync(`${out}.cache`, { force: true });

// esbuild is a devDependency: an install without them keeps the (slower) ordinary CLI.
const esbuild = await import("esbuild").catch(() => undefined);
if (!esbuild) {
  process.stderr.write("bundle-status: esbuild is not installed; `mytty-doctor status` runs unbundled.\n");
  process.exit(0);
}

const result = await esbuild.build({
  entryPoints: [path.join(dist, "status-main.js")],
  outfile: out,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  // Everything is bundled: the engine client is the engine's light entry (node:net only), and esbuild
  // runs its module only when status first imports it (a control socket exists).
  plugins: [bundledJsonc],
  // Its createRequire ignores the URL (see bundledJsonc); the define only silences esbuild's warning.
  define: { "import.meta.url": '"file:///status.cjs"' },
});

// bin/mytty-doctor.js hands the bundle its own require(), which is right for node: builtins only.
const required = [...fs.readFileSync(out, "utf8").matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
const foreign = required.filter((id) => !id.startsWith("node:"));
if (foreign.length > 0)
  throw new Error(`status bundle: require() of ${foreign.join(", ")}; only node: builtins are provided`);

// Files with code in the bundle (not tree-shaken ones, not the plugin's virtual module).
const output = Object.entries(result.metafile.outputs).find(([p]) => path.resolve(p) === out)[1];
const inputs = Object.entries(output.inputs)
  .filter(([p, info]) => info.bytesInOutput > 0 && !p.includes(":"))
  .map(([p]) => path.resolve(p));

train();

// What to compare at run time, kept short (each stat costs): a tsc project is represented by its
// dist/.tsbuildinfo, which `tsc -b` rewrites whenever it emits that project; a dependency by its
// package.json (changed by any install); anything else by the file itself.
const watched = new Set([out]);
for (const input of inputs) {
  let dir = path.dirname(input);
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const buildInfo = path.join(dir, "dist", ".tsbuildinfo");
  if (fs.existsSync(buildInfo)) watched.add(buildInfo);
  else if (input.split(path.sep).includes("node_modules")) watched.add(path.join(dir, "package.json"));
  else watched.add(input);
}
const files = [...watched].map((p) => {
  const st = fs.statSync(p);
  return [path.relative(dist, p), st.size, st.mtimeMs];
});
fs.writeFileSync(manifest, `${JSON.stringify({ files })}\n`);

/** Best effort: without a cache the bundle still runs, only ~3 ms slower. */
function train() {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-doctor-train-"));
  try {
    const env = { PATH: process.env.PATH, HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") };
    fs.mkdirSync(path.join(home, ".claude"));
    fs.writeFileSync(path.join(home, ".claude", "settings.json"), '{\n  "model": "opus"\n}\n');
    const install = spawnSync(process.execPath, [bin, "install", "claude-code", "codex", "cursor"], {
      env,
      encoding: "utf8",
    });
    // The bin takes the bundle only with a manifest, so write a provisional one for this run.
    fs.writeFileSync(manifest, `${JSON.stringify({ files: [] })}\n`);
    const run = spawnSync(process.execPath, [bin, "status", "--json"], {
      env: { ...env, MYTTY_DOCTOR_TRAIN_CODE_CACHE: "1" },
      encoding: "utf8",
    });
    fs.rmSync(manifest, { force: true });
    // Exit 1 only means "issues found"; a real status run prints the report.
    if (install.status !== 0 || !run.stdout.startsWith("{") || !fs.existsSync(`${out}.cache`)) {
      fs.rmSync(`${out}.cache`, { force: true });
      process.stderr.write(
        `bundle-status: no code cache (install ${install.status}, status ${run.status}) ${install.stderr}${run.stderr}\n`,
      );
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
