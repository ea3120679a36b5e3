// The import graph (tools/deps-graph.ts, `npm run deps:graph`): no circle between the product's files
// or packages, and a circle — a type-only one too — is found where one is made.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { circles, collapse, depsGraph, engineFolderOf, fileGraph } from "../tools/deps-graph.js";

describe("the import graph", () => {
  it("has no circle between files or packages, and apps are imported by nothing", async () => {
    const graphs = await depsGraph();
    expect(graphs.files.cycles).toEqual([]);
    expect(graphs.packages.cycles).toEqual([]);
    expect(graphs.packages.edges.filter(([, to]) => to.startsWith("apps/"))).toEqual([]);
    expect(graphs.files.nodes.length).toBeGreaterThan(300);
  }, 60_000);

  it("finds a circle made of a type-only import", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "deps-graph-"));
    try {
      await fs.mkdir(path.join(root, "src"));
      await fs.writeFile(path.join(root, "tsconfig.json"), '{ "compilerOptions": { "module": "nodenext" } }');
      await fs.writeFile(path.join(root, "src/a.ts"), 'import type { B } from "./b.js";\nexport type A = B[];\n');
      await fs.writeFile(path.join(root, "src/b.ts"), 'import { a } from "./c.js";\nexport type B = typeof a;\n');
      await fs.writeFile(path.join(root, "src/c.ts"), 'import type { A } from "./a.js";\nexport const a: A = [];\n');
      const files = await fileGraph(["src"], root);
      expect(collapse(files, (f) => f).cycles).toEqual([["src/a.ts", "src/b.ts", "src/c.ts"]]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("collapses files into folders and names each circle once", () => {
    expect(engineFolderOf("packages/engine/src/core.ts")).toBe(".");
    expect(engineFolderOf("packages/engine/src/insights/usage.ts")).toBe("insights");
    const edges = new Map([
      ["x", new Set(["y"])],
      ["y", new Set(["z", "x"])],
      ["z", new Set(["x"])],
    ]);
    expect(circles(edges)).toEqual([
      ["x", "y"],
      ["x", "y", "z"],
    ]);
  });
});
