// A CLI's fast-path bundle, a build step after `tsc -b` (root `npm run build`), shared by
// apps/doctor/scripts/bundle-status.mjs and apps/team/scripts/bundle-fast.mjs: dist/<entry>.js and
// everything it imports from our packages into dist/<name>.cjs (one CommonJS file, source map chained
// back to the .ts sources); a V8 code cache trained by one real run on a throwaway HOME; last
// dist/<name>.json, what the bundle was made from (size, mtime), so tools/cli-launch.cjs runs the
// bundle only while that is unchanged (a later `tsc -b` alone makes it fall back to dist/cli.js
// rather than run stale code).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** @typedef {(args: string[], env?: object) => import("node:child_process").SpawnSyncReturns<string>} Run */

/**
 * @param {object} cli
 * @param {string} cli.app the app's directory
 * @param {string} cli.bin its launcher (bin/…js)
 * @param {string} cli.entry the bundle's entry in dist/ ("status-main.js")
 * @param {string} cli.name the bundle's base name ("status")
 * @param {string} cli.trainVar the environment variable the launcher reads while training
 * @param {(runs: { plain: Run, bundled: Run }, home: string) => string | undefined} cli.train runs the
 *   command to train the code cache on (`bundled`), after any `plain` runs that prepare the throwaway
 *   HOME; returns why the training run does not count, or undefined when it does
 * @param {object} [cli.esbuild] more esbuild options (plugins, define)
 */
export async function bundleCli(cli) {
  const dist = path.join(cli.app, "dist");
  const out = path.join(dist, `${cli.name}.cjs`);
  const manifest = path.join(dist, `${cli.name}.json`);
  const label = `bundle-${cli.name}`;

  // No manifest, no fast path: a failed build below leaves the ordinary CLI in charge.
  fs.rmSync(manifest, { force: true });
  removeCaches(out);

  // esbuild is a devDependency: an install without them keeps the (slower) ordinary CLI.
  const esbuild = await import("esbuild").catch(() => undefined);
  if (!esbuild) {
    process.stderr.write(`${label}: esbuild is not installed; the ${cli.name} fast path runs unbundled.\n`);
    return;
  }

  const result = await esbuild.build({
    entryPoints: [path.join(dist, cli.entry)],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    sourcemap: true,
    // Whitespace and comments out: the file is read, hashed against its code cache and kept as a
    // string on every run; one non-ASCII character in a comment made all of it a two-byte string.
    minifyWhitespace: true,
    minifySyntax: true,
    charset: "ascii",
    metafile: true,
    logLevel: "warning",
    ...cli.esbuild,
  });

  // The launcher hands the bundle its own require(), which is right for node: builtins only.
  const required = [...fs.readFileSync(out, "utf8").matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
  const foreign = required.filter((id) => !id.startsWith("node:"));
  if (foreign.length > 0)
    throw new Error(`${cli.name} bundle: require() of ${foreign.join(", ")}; only node: builtins are provided`);

  // Files with code in the bundle (not tree-shaken ones, not a plugin's virtual module).
  const output = Object.entries(result.metafile.outputs).find(([p]) => path.resolve(p) === out)[1];
  const inputs = Object.entries(output.inputs)
    .filter(([p, info]) => info.bytesInOutput > 0 && !p.includes(":"))
    .map(([p]) => path.resolve(p));

  train(cli, out, manifest, label);

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
}

/** Best effort: without a cache the bundle still runs, a few ms slower. */
function train(cli, out, manifest, label) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-train-`));
  const base = { PATH: process.env.PATH, HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") };
  const spawn = (args, env) =>
    spawnSync(process.execPath, [cli.bin, ...args], { env: { ...base, ...env }, encoding: "utf8" });
  const runs = {
    /** The launcher without a manifest: the ordinary CLI (to prepare the HOME). */
    plain: (args, env = {}) => spawn(args, env),
    /** Through the bundle, writing its code cache on exit (a provisional manifest lets the launcher take it). */
    bundled: (args, env = {}) => {
      fs.writeFileSync(manifest, `${JSON.stringify({ files: [] })}\n`);
      try {
        return spawn(args, { ...env, [cli.trainVar]: "1" });
      } finally {
        fs.rmSync(manifest, { force: true });
      }
    },
  };
  try {
    const refused = cli.train(runs, home);
    if (refused !== undefined || !fs.existsSync(`${out}.cache`)) {
      removeCaches(out);
      process.stderr.write(`${label}: no code cache (${refused ?? "none written"})\n`);
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** Every code cache of a bundle: <name>.cjs.cache and the per-run ones (<name>.cjs.text.cache). */
function removeCaches(out) {
  const base = path.basename(out);
  for (const f of fs.readdirSync(path.dirname(out)))
    if (f.startsWith(`${base}.`) && f.endsWith(".cache")) fs.rmSync(path.join(path.dirname(out), f), { force: true });
}
