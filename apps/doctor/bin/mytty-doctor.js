#!/usr/bin/env node
// Thin launcher: the program lives in dist/ (built by `npm install` / `npm run build`).
// CommonJS on purpose (bin/package.json): an ES module entry alone costs ~3 ms of ESM loader start-up,
// and `mytty-doctor status --json` has a budget of 1.5 x `node -e 0` (docs/architecture.md#targets). That command runs
// dist/status.cjs, one bundled file, with a V8 code cache made at build time; everything else (and
// status whenever the bundle is missing or older than the dist/ files it was made from) runs
// dist/cli.js as before.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file (see above) */
const fs = require("node:fs");
const path = require("node:path");

const dist = path.join(__dirname, "..", "dist");
const argv = process.argv.slice(2);
const TRAIN = "MYTTY_DOCTOR_TRAIN_CODE_CACHE"; // set only by scripts/bundle-status.mjs

// Node 22+ caches compiled code between runs by itself (dist/cli.js and its imports). Node 20 has no
// such cache, and loading node:module just to find that out costs ~0.3 ms of the status budget.
if (Number(process.versions.node.split(".")[0]) >= 22) require("node:module").enableCompileCache?.();

// A reader that goes away (`mytty-… | head -1`) ends the command quietly instead of with an EPIPE
// stack trace; the exit code is whatever the command had settled on. Not for the bundled status: it
// writes fd 1 itself and guards the streams only if it falls back to them (src/status-main.ts), and
// touching process.stdout here would create the stream and load node:stream (~8 ms of its budget).
function quietEpipe() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error) => {
      if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}

if (!(argv.every((a, i) => (a === "status" && i === 0) || a === "--json") && runBundle())) {
  quietEpipe();
  import("../dist/cli.js").catch((error) => {
    if (error && error.code === "ERR_MODULE_NOT_FOUND") {
      console.error("This checkout is not built yet: run `npm install` (or `npm run build`) in the repository root.");
      process.exit(2);
    }
    throw error;
  });
}

/** Runs dist/status.cjs when its manifest says it was built from the current dist/ files. */
function runBundle() {
  try {
    // [file relative to dist/, size, mtimeMs]: the bundle and what stands for its inputs.
    for (const [rel, size, mtimeMs] of JSON.parse(fs.readFileSync(path.join(dist, "status.json"), "utf8")).files) {
      const st = fs.statSync(`${dist}/${rel}`, { throwIfNoEntry: false });
      if (!st || st.size !== size || st.mtimeMs !== mtimeMs) return false;
    }
  } catch {
    return false; // no manifest, or one we cannot read
  }
  const file = path.join(dist, "status.cjs");
  // Source-mapped stack traces (--enable-source-maps, also via NODE_OPTIONS) need the ordinary loader.
  if (process.sourceMapsEnabled) {
    require(file).main();
    return true;
  }
  const train = process.env[TRAIN] === "1";
  let cachedData;
  if (!train) {
    try {
      cachedData = fs.readFileSync(`${file}.cache`);
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
  // Made after the run, the cache holds every function status compiled, not only the top level.
  if (train) process.on("exit", () => fs.writeFileSync(`${file}.cache`, script.createCachedData()));
  mod.exports.main();
  return true;
}
