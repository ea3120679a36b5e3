// Vitest global setup: many tests run the built CLIs and engine (dist/) in child processes, so a dist/
// older than its source would test code that is no longer in the tree. `npm test` builds first; a
// direct `vitest run` on a stale tree is refused here with the command that fixes it. Stale means: a
// workspace's src/ has a .ts file newer than its dist/*.tsbuildinfo (tsc -b rewrites or touches it on every
// build that saw a change), or a CLI bundle's manifest no longer matches what it was made from.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// The bundles' manifests (tools/bundle-cli.mjs): [file relative to dist/, size, mtimeMs].
const BUNDLES = ["apps/doctor/dist/status.json", "apps/team/dist/fast.json"];

function newest(dir: string): { file: string; mtimeMs: number } | undefined {
  let best: { file: string; mtimeMs: number } | undefined;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.[cm]?tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = fs.statSync(file);
    if (best === undefined || mtimeMs > best.mtimeMs) best = { file, mtimeMs };
  }
  return best;
}

/** The first stale output found and what outdates it; undefined when dist/ is current. */
export function staleBuild(root: string = ROOT): string | undefined {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    workspaces: string[];
  };
  for (const ws of workspaces) {
    const src = fs.existsSync(path.join(root, ws, "src")) ? newest(path.join(root, ws, "src")) : undefined;
    if (src === undefined) continue;
    // The menu bar has two projects (main, and the renderer's type check): the later build counts.
    const dist = path.join(root, ws, "dist");
    const infos = fs.existsSync(dist) ? fs.readdirSync(dist).filter((name) => name.endsWith(".tsbuildinfo")) : [];
    const built = Math.max(-1, ...infos.map((name) => fs.statSync(path.join(dist, name)).mtimeMs));
    if (src.mtimeMs > built) return `${ws}/dist is older than ${path.relative(root, src.file)}`;
  }
  for (const manifest of BUNDLES) {
    const dist = path.dirname(path.join(root, manifest));
    const text = fs.existsSync(path.join(root, manifest)) ? fs.readFileSync(path.join(root, manifest), "utf8") : "";
    const files = text === "" ? undefined : (JSON.parse(text) as { files: [string, number, number][] }).files;
    if (files === undefined) return `${manifest} is missing`;
    for (const [rel, size, mtimeMs] of files) {
      const st = fs.statSync(path.join(dist, rel), { throwIfNoEntry: false });
      if (st?.size !== size || st.mtimeMs !== mtimeMs)
        return `the bundle in ${path.relative(root, dist)} is older than ${path.relative(root, path.join(dist, rel))}`;
    }
  }
  return undefined;
}

export default function setup(): void {
  const stale = staleBuild();
  if (stale !== undefined) throw new Error(`${stale}: run \`npm run build\` first (\`npm test\` does it for you).`);
}
