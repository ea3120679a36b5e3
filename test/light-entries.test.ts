// The light entries stay light: everything they load, followed through the compiled files, is a module
// of the same package — no zod, no Node builtin, no other package — so the popup bundle and the CLIs on
// a startup budget can import them (docs/menubar.md#how-the-popup-is-built).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Every specifier the compiled module graph from `entry` imports that is not a relative file of its own. */
function foreignImports(entry: string): { loaded: string[]; foreign: string[] } {
  const seen = new Set<string>();
  const foreign: string[] = [];
  const queue = [path.join(root, entry)];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(
      /^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm,
    )) {
      const spec = m[1] ?? m[2] ?? "";
      if (spec.startsWith(".")) queue.push(path.resolve(path.dirname(file), spec));
      else foreign.push(`${path.relative(root, file)} → ${spec}`);
    }
  }
  return { loaded: [...seen].map((f) => path.relative(root, f)), foreign };
}

describe("light entries", () => {
  it.each(["packages/engine/dist/view.js", "packages/protocol/dist/wire.js"])(
    "%s loads only its own modules",
    (entry) => {
      const { loaded, foreign } = foreignImports(entry);
      expect(foreign).toEqual([]);
      expect(loaded.length).toBeGreaterThan(1);
    },
  );

  it("sees an import that leaves the package (the check itself works)", () => {
    expect(foreignImports("packages/engine/dist/settings.js").foreign).toContain(
      "packages/engine/dist/settings.js → zod",
    );
  });
});
