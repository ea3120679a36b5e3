#!/usr/bin/env node
// mytty-team's launcher (tools/cli-launch.cjs): `list`, `wait` and `stats`, what agents call in loops,
// run dist/fast.cjs (built by apps/team/scripts/bundle-fast.mjs); the bundle hands anything unusual
// (help, usage errors) back, and everything else runs dist/cli.js.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file (bin/package.json) */
const path = require("node:path");
const command = process.argv[2];
require("../../../tools/cli-launch.cjs").launch({
  dist: path.join(__dirname, "..", "dist"),
  bundle: "fast",
  fast: command === "list" || command === "wait" || command === "stats",
  trainVar: "MYTTY_TEAM_TRAIN_CODE_CACHE", // set only by scripts/bundle-fast.mjs
  cli: () => import("../dist/cli.js"),
  bundleGuardsStreams: true, // src/fast-main.ts writes fd 1 and 2 itself (creating the streams costs ~1 ms)
});
