#!/usr/bin/env node
// Thin launcher: the program lives in dist/ (built by `npm install` / `npm run build`).
// A reader that goes away (`mytty-… | head -1`) ends the command quietly instead of with an EPIPE
// stack trace; the exit code is whatever the command had settled on.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}
import("../dist/cli.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND") {
    console.error("This checkout is not built yet: run `npm install` (or `npm run build`) in the repository root.");
    process.exit(2);
  }
  throw error;
});
