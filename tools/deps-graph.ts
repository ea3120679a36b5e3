// `npm run deps:graph [--json]`: the import graph of the product's source (dependency-cruiser reads
// every import, type-only ones included), printed three ways: the packages and apps, the engine's
// folders, and every import circle between files. Exits 1 on a circle between files or packages
// (test/deps-graph.test.ts holds both at 0); the engine's folders still circle through the files loose
// in its src/ (docs/architecture.md#import-graph), so those are printed, not failed on.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cruise, type ICruiseResult } from "dependency-cruiser";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface Graph {
  nodes: string[];
  /** `from → to`, each once, sorted. */
  edges: Array<[string, string]>;
  /** Each circle as the nodes it passes through, smallest rotation first. */
  cycles: string[][];
}

/** A workspace (`packages/engine`, `apps/doctor`) of a source path, if it is in one. */
export const workspaceOf = (file: string): string | undefined => /^(packages|apps)\/[^/]+/.exec(file)?.[0];

/** The engine folder (`insights`, `control`, …, or `.` for the files loose in src/) of a path. */
export function engineFolderOf(file: string): string | undefined {
  const m = /^packages\/engine\/src\/(.+)$/.exec(file);
  if (!m) return undefined;
  const parts = m[1]!.split("/");
  return parts.length > 1 ? parts[0]! : ".";
}

/** Collapses a file graph by `group` (files it maps to undefined are left out) and finds its circles. */
export function collapse(
  files: ReadonlyMap<string, readonly string[]>,
  group: (f: string) => string | undefined,
): Graph {
  const edges = new Map<string, Set<string>>();
  const nodes = new Set<string>();
  for (const [from, tos] of files) {
    const a = group(from);
    if (a === undefined) continue;
    nodes.add(a);
    for (const to of tos) {
      const b = group(to);
      if (b === undefined || b === a) continue;
      nodes.add(b);
      edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
  }
  const list = [...edges].flatMap(([a, bs]) => [...bs].map((b): [string, string] => [a, b])).sort();
  return { nodes: [...nodes].sort(), edges: list, cycles: circles(edges) };
}

/** Every elementary circle's smallest rotation, found by a depth-first walk from each node. */
export function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const min = trail.indexOf([...trail].sort()[0]!);
        const cycle = [...trail.slice(min), ...trail.slice(0, min)];
        found.set(cycle.join(" → "), cycle);
      } else if (!trail.includes(next) && next > start && trail.length < 12) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return [...found.values()].sort((a, b) => a.join().localeCompare(b.join()));
}

/** The file graph of the given folders, relative to `root`: every import dependency-cruiser resolves. */
export async function fileGraph(folders: string[], root = ROOT): Promise<Map<string, string[]>> {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(folders, {
      tsPreCompilationDeps: true,
      tsConfig: { fileName: "tsconfig.json" },
      doNotFollow: { path: "node_modules" },
      exclude: { path: "(^|/)(dist|test|node_modules)/" },
      outputType: "json",
    });
    const data = (typeof result.output === "string" ? JSON.parse(result.output) : result.output) as ICruiseResult;
    // A workspace imported by its package name (`@mytty-bar/engine/client`) stands for its folder.
    const byName = workspaceNames(root);
    const named = (spec: string) => {
      const name = /^@[^/]+\/[^/]+/.exec(spec)?.[0];
      const folder = name === undefined ? undefined : byName.get(name);
      return folder === undefined ? spec : `${folder}/${spec.slice(name!.length + 1) || "index"}`;
    };
    return new Map(
      data.modules.map((m) => [m.source, m.dependencies.filter((d) => !d.coreModule).map((d) => named(d.resolved))]),
    );
  } finally {
    process.chdir(cwd);
  }
}

/** Workspace package name → its folder (`@mytty-bar/engine` → `packages/engine`). */
function workspaceNames(root: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const dir of sourceFolders(root)) {
    const folder = path.dirname(dir);
    const pkg = JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8")) as { name?: string };
    if (pkg.name) names.set(pkg.name, folder);
  }
  return names;
}

/** Every workspace's src folder, under packages/ and apps/. */
export const sourceFolders = (root: string): string[] =>
  ["packages", "apps"]
    .filter((group) => existsSync(path.join(root, group)))
    .flatMap((group) => readdirSync(path.join(root, group)).map((ws) => `${group}/${ws}/src`))
    .filter((dir) => existsSync(path.join(root, dir)))
    .sort();

export async function depsGraph(root = ROOT): Promise<{ packages: Graph; engine: Graph; files: Graph }> {
  const files = await fileGraph(sourceFolders(root), root);
  return {
    packages: collapse(files, workspaceOf),
    engine: collapse(files, engineFolderOf),
    files: collapse(files, (f) => (f.startsWith("node_modules/") ? undefined : f)),
  };
}

function render(name: string, g: Graph): string {
  const lines = [`${name}: ${g.nodes.length} nodes, ${g.edges.length} edges, ${g.cycles.length} circles`];
  if (name !== "files") for (const [a, b] of g.edges) lines.push(`  ${a} → ${b}`);
  for (const c of g.cycles) lines.push(`  CIRCLE ${[...c, c[0]].join(" → ")}`);
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const graphs = await depsGraph();
  if (argv.includes("--json")) process.stdout.write(`${JSON.stringify(graphs, null, 2)}\n`);
  else
    process.stdout.write(
      `${[render("packages", graphs.packages), render("engine folders", graphs.engine), render("files", graphs.files)].join("\n\n")}\n`,
    );
  const circlesFound = graphs.packages.cycles.length + graphs.files.cycles.length;
  if (circlesFound > 0)
    process.stderr.write(`${circlesFound} import circles: move the shared types into a leaf file.\n`);
  return circlesFound > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
