#!/usr/bin/env node
// Thin launcher: the program lives in dist/ (built by `npm install` / `npm run build`).
// CommonJS on purpose (bin/package.json): an ES module entry alone costs ~3 ms of ESM loader start-up.
// `list`, `wait` and `stats` — what agents call in loops, with a budget of 1.5 x `node -e 0` (docs/architecture.md#targets)
// — run dist/fast.cjs, one bundled file with a V8 code cache made at build time, whenever it is not
// older than the dist/ files it was made from; the bundle hands anything unusual back (help, usage
// errors), and everything else runs dist/cli.js.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file (see above) */
const fs = require("node:fs");
const path = require("node:path");

// A reader that goes away (`mytty-team list | head -1`) ends the command quietly instead of with an EPIPE
// stack trace; the exit code is whatever the command had settled on.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const dist = path.join(__dirname, "..", "dist");
const FAST = new Set(["list", "wait", "stats"]);
const TRAIN = "MYTTY_TEAM_TRAIN_CODE_CACHE"; // set only by scripts/bundle-fast.mjs

if (Number(process.versions.node.split(".")[0]) >= 22) require("node:module").enableCompileCache?.();

if (!(FAST.has(process.argv[2]) && runBundle())) {
  import("../dist/cli.js").catch((error) => {
    if (error && error.code === "ERR_MODULE_NOT_FOUND") {
      console.error("This checkout is not built yet: run `npm install` (or `npm run build`) in the repository root.");
      process.exit(2);
    }
    throw error;
  });
}

/** Runs dist/fast.cjs when its manifest says it was built from the current dist/ files; false when it declined. */
function runBundle() {
  try {
    for (const [rel, size, mtimeMs] of JSON.parse(fs.readFileSync(path.join(dist, "fast.json"), "utf8")).files) {
      const st = fs.statSync(`${dist}/${rel}`, { throwIfNoEntry: false });
      if (!st || st.size !== size || st.mtimeMs !== mtimeMs) return false;
    }
  } catch {
    // no manifest (not bundled yet): the full CLI runs
    return false;
  }
  const file = path.join(dist, "fast.cjs");
  if (process.sourceMapsEnabled) return require(file).main();
  const train = process.env[TRAIN] === "1";
  let cachedData;
  if (!train) {
    try {
      cachedData = fs.readFileSync(`${file}.cache`);
    } catch {
      // No cache: compile as usual.
    }
  }
  // The wrapper require() gives a CommonJS file; V8 rejects a cache of another version and compiles.
  const vm = require("node:vm");
  const source = `(function (exports, require, module, __filename, __dirname) { ${fs.readFileSync(file, "utf8")}\n});`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, dist);
  if (train) process.on("exit", () => fs.writeFileSync(`${file}.cache`, script.createCachedData()));
  return mod.exports.main();
}
