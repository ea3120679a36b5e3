// Build step after `tsc -b` (root `npm run build`): mytty-team's fast path, dist/fast-main.js and what it
// imports from our packages (the engine's light client, @mytty-bar/paths) into dist/fast.cjs, with a V8
// code cache trained on `list --json` (tools/bundle-cli.mjs says how; bin/mytty-team.js runs it).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleCli } from "../../../tools/bundle-cli.mjs";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await bundleCli({
  app,
  bin: path.join(app, "bin", "mytty-team.js"),
  entry: "fast-main.js",
  name: "fast",
  trainVar: "MYTTY_TEAM_TRAIN_CODE_CACHE",
  // No engine here: the run goes through argv, paths, the client's connect and the one-line error.
  train({ bundled }) {
    const run = bundled(["list", "--json"]);
    return run.status === 3 ? undefined : `list exited ${run.status} ${run.stderr}`;
  },
});
