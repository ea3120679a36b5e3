// Build step after `tsc -b` (root `npm run build`): vite bundles the popup page (src/renderer/popup.ts,
// the view model and the light entries it imports, such as @mytty-bar/protocol/wire and
// @mytty-bar/engine/view) into one ES module, dist/web/renderer/popup.js, the file popup.html loads
// through the app protocol (src/main/protocol.ts). tsc only type-checks the renderer
// (src/renderer/tsconfig.json has noEmit). The page runs without Node, so the bundle must be
// self-contained: an import left in it (a Node builtin, a bare package) fails the build here. Last it
// writes dist/renderer-bundle.json, the source files the bundle was made from, so the popup tests can
// refuse a bundle older than any of them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(app, "dist", "web", "renderer");
const out = path.join(outDir, "popup.js");

// dist/web holds nothing but the bundle: older builds compiled every renderer module there with tsc.
fs.rmSync(path.join(app, "dist", "web"), { recursive: true, force: true });

const result = await build({
  configFile: false,
  root: app,
  logLevel: "warn",
  // No public/ folder and no .env files: the page's only inputs are its sources.
  publicDir: false,
  envDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    // Electron 45's Chromium and /usr/bin/chromium of the tests: no down-levelling needed.
    target: "es2023",
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    copyPublicDir: false,
    lib: { entry: path.join(app, "src", "renderer", "popup.ts"), formats: ["es"], fileName: () => "popup.js" },
  },
});

const code = fs.readFileSync(out, "utf8");
const left = [...code.matchAll(/^\s*(?:import\b[^;]*?from\s*|import\s*|export\s[^;]*?from\s*)["']([^"']+)["']/gm)].map(
  (m) => m[1],
);
if (left.length > 0) {
  process.stderr.write(`bundle-renderer: ${out} still imports ${left.join(", ")}; the popup page cannot load them.\n`);
  process.exit(1);
}
const files = fs.readdirSync(outDir);
if (files.length !== 1) {
  process.stderr.write(`bundle-renderer: expected only popup.js in ${outDir}, found ${files.join(", ")}.\n`);
  process.exit(1);
}

const chunk = (Array.isArray(result) ? result[0] : result).output[0];
const sources = chunk.moduleIds.filter((id) => path.isAbsolute(id)).map((id) => path.relative(app, id));
fs.writeFileSync(
  path.join(app, "dist", "renderer-bundle.json"),
  `${JSON.stringify({ out: path.relative(app, out), sources }, null, 2)}\n`,
);
