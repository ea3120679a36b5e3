#!/usr/bin/env node
// mytty-doctor's launcher (tools/cli-launch.cjs): `status [--json]` runs dist/status.cjs (built by
// apps/doctor/scripts/bundle-status.mjs); everything else runs dist/cli.js.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file (bin/package.json) */
const path = require("node:path");
require("../../../tools/cli-launch.cjs").launch({
  dist: path.join(__dirname, "..", "dist"),
  bundle: "status",
  fast: process.argv.slice(2).every((a, i) => (a === "status" && i === 0) || a === "--json"),
  trainVar: "MYTTY_DOCTOR_TRAIN_CODE_CACHE", // set only by scripts/bundle-status.mjs
  // --json is mostly answered from the kept report (src/status-cache.ts); the text view always plans.
  cacheName: process.argv.includes("--json") ? "" : "text",
  cli: () => import("../dist/cli.js"),
  bundleGuardsStreams: true, // src/status-main.ts
});
