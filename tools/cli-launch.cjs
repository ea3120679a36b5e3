// The CLIs' launcher (apps/doctor/bin, apps/team/bin): the program lives in the app's dist/ (built by
// `npm install` / `npm run build`). CommonJS on purpose: an ES module entry alone costs ~3 ms of ESM
// loader start-up, and the commands agents call in loops have a budget of 1.5 x `node -e 0`
// (docs/architecture.md#targets). Those run one bundled file (tools/bundle-cli.mjs) with a V8 code
// cache made at build time, whenever its manifest says it is not older than the dist/ files it was
// made from; everything else (and a bundle that declines its argv) runs dist/cli.js.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file (see above) */
const fs = require("node:fs");
const path = require("node:path");

/**
 * @param {object} app
 * @param {string} app.dist the app's dist/ directory
 * @param {string} app.bundle the bundle's base name in dist/ ("status" → status.cjs, status.json)
 * @param {boolean} app.fast whether argv is one the bundle may take
 * @param {string} app.trainVar the environment variable the build sets while it trains the code cache
 * @param {() => Promise<unknown>} app.cli imports dist/cli.js (from the bin, so the path is the bin's)
 * @param {string} [app.cacheName] which of the bundle's code caches to use ("text" → <bundle>.cjs.text.cache):
 *   one per kind of run, each trained on that run (the doctor's status: the kept --json report, the text view)
 * @param {boolean} [app.bundleGuardsStreams] the bundle guards stdout/stderr itself (the doctor's status
 *   writes fd 1 directly: touching process.stdout here would create the stream and load node:stream)
 */
function launch(app) {
  // Node 22+ caches compiled code between runs by itself (dist/cli.js and its imports). Node 20 has no
  // such cache, and loading node:module just to find that out costs ~0.3 ms of the budget.
  if (Number(process.versions.node.split(".")[0]) >= 22) require("node:module").enableCompileCache?.();

  // A reader that goes away (`mytty-… | head -1`) ends the command quietly instead of with an EPIPE
  // stack trace; the exit code is whatever the command had settled on.
  const quietEpipe = () => {
    for (const stream of [process.stdout, process.stderr]) {
      stream.on("error", (error) => {
        if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
        throw error;
      });
    }
  };
  if (!app.bundleGuardsStreams) quietEpipe();
  if (app.fast && runBundle(app)) return;
  if (app.bundleGuardsStreams) quietEpipe();
  app.cli().catch((error) => {
    if (error && error.code === "ERR_MODULE_NOT_FOUND") {
      console.error("This checkout is not built yet: run `npm install` (or `npm run build`) in the repository root.");
      process.exit(2);
    }
    throw error;
  });
}

/** Runs dist/<bundle>.cjs when its manifest matches; false when it is stale or declined the argv. */
function runBundle({ dist, bundle, trainVar, cacheName }) {
  try {
    // [file relative to dist/, size, mtimeMs]: the bundle and what stands for its inputs.
    for (const [rel, size, mtimeMs] of JSON.parse(fs.readFileSync(path.join(dist, `${bundle}.json`), "utf8")).files) {
      const st = fs.statSync(`${dist}/${rel}`, { throwIfNoEntry: false });
      if (!st || st.size !== size || st.mtimeMs !== mtimeMs) return false;
    }
  } catch {
    return false; // no manifest (not bundled yet), or one we cannot read: the full CLI runs
  }
  const file = path.join(dist, `${bundle}.cjs`);
  const cacheFile = `${file}${cacheName ? `.${cacheName}` : ""}.cache`;
  // Source-mapped stack traces (--enable-source-maps, also via NODE_OPTIONS) need the ordinary loader.
  // A bundle's main() returns false when the argv is not one it handles.
  if (process.sourceMapsEnabled) return require(file).main() !== false;
  const train = process.env[trainVar] === "1";
  let cachedData;
  if (!train) {
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      // No cache (not trained, or a build without it): compile as usual.
    }
  }
  // The same wrapper require() gives a CommonJS file. V8 rejects a cache made by another V8 version
  // or with other flags, and then this compiles as usual.
  const vm = require("node:vm");
  const source = `(function (exports, require, module, __filename, __dirname) { ${fs.readFileSync(file, "utf8")}\n});`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const mod = { exports: {} };
  // This file's require() serves: the bundle only asks for node: builtins.
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, dist);
  // Made after the run, the cache holds every function the command compiled, not only the top level.
  if (train) process.on("exit", () => fs.writeFileSync(cacheFile, script.createCachedData()));
  return mod.exports.main() !== false;
}

module.exports = { launch };
