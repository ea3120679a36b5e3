// Build step after `tsc -b` (root `npm run build`): `mytty-doctor status`'s fast path, dist/status-main.js
// and everything it imports from our packages into dist/status.cjs, with a V8 code cache trained on
// `status --json` over a HOME with hooks installed, answered from its kept report (tools/bundle-cli.mjs
// says how; bin/mytty-doctor.js runs it).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { publishedText } from "@mytty-bar/engine/published-status";
import { ENGINE_LEASE_SECONDS } from "@mytty-bar/paths";
import { bundleCli } from "../../../tools/bundle-cli.mjs";
import { RACY_MS } from "../dist/status-cache.js";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

await bundleCli({
  app,
  bin: path.join(app, "bin", "mytty-doctor.js"),
  entry: "status-main.js",
  name: "status",
  trainVar: "MYTTY_DOCTOR_TRAIN_CODE_CACHE",
  esbuild: {
    // Everything is bundled: the engine client is the engine's light entry (node:net only), and esbuild
    // runs its module only when status first imports it (a control socket exists).
    plugins: [bundledJsonc],
    // Its createRequire ignores the URL (see bundledJsonc); the define only silences esbuild's warning.
    define: { "import.meta.url": '"file:///status.cjs"' },
  },
  train({ plain, bundled }, home) {
    fs.mkdirSync(path.join(home, ".claude"));
    fs.writeFileSync(path.join(home, ".claude", "settings.json"), '{\n  "model": "opus"\n}\n');
    const install = plain(["install", "claude-code", "codex", "cursor"]);
    // A running engine, as agents meet it: what it published (packages/engine/src/published-status.ts), with
    // this build script standing for its live pid. The socket is a plain file; it is only looked for.
    const data = path.join(home, "data");
    fs.writeFileSync(path.join(data, "control.sock"), "");
    fs.writeFileSync(path.join(data, "engine.pid"), `${process.pid}\n`);
    const lease = Date.now() / 1000 + ENGINE_LEASE_SECONDS;
    fs.utimesSync(path.join(data, "engine.pid"), lease, lease);
    const facts = { pid: process.pid, lastEventAt: { codex: new Date().toISOString() }, hostProblems: [] };
    fs.writeFileSync(path.join(data, "engine-status.json"), publishedText(facts));
    // Trained on the run agents repeat: the report kept by the run before (src/status-cache.ts), which
    // trusts files only once they are RACY_MS old. A miss compiles its planning code as it goes.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RACY_MS + 200);
    const first = bundled(["status", "--json"]);
    const kept = fs.existsSync(path.join(home, "data", "status-cache.json"));
    const run = bundled(["status", "--json"]);
    // The text view's own cache (status.cjs.text.cache, bin/mytty-doctor.js picks it): it always plans.
    const text = bundled(["status"]);
    // Exit 1 only means "issues found"; a real status run prints the report.
    const ok =
      first.stdout === run.stdout && run.stdout.includes(`"pid": ${process.pid}`) && text.stdout.includes("codex");
    // Its cache is written at that run's exit, like the main one (which bundle-cli.mjs checks).
    const textCache = fs.existsSync(path.join(app, "dist", "status.cjs.text.cache"));
    if (install.status === 0 && kept && ok && textCache) return undefined;
    return `install ${install.status}, kept ${kept}, text cache ${textCache}, status ${run.status} ${install.stderr}${run.stderr}`;
  },
});
