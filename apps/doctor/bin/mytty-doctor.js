#!/usr/bin/env node
// Thin launcher: the program lives in dist/ (built by `npm install` / `npm run build`).
import module from "node:module";

// Node 22+ caches compiled code between runs: a free startup win where available.
module.enableCompileCache?.();
import("../dist/cli.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND") {
    console.error("This checkout is not built yet: run `npm install` (or `npm run build`) in the repository root.");
    process.exit(2);
  }
  throw error;
});
