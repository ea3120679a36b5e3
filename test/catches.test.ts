// A `catch {}` that ignores an error says why (docs/architecture.md#engine-log): every bindingless catch in
// source either handles the failure (calls something: logs, answers, rethrows as another error) or carries a
// comment naming the reason ignoring it is right.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SKIP_DIRS = new Set(["node_modules", "dist", "test", ".vite"]);
/**
 * Catches inside text we generate for other programs, where a comment would change bytes users already have
 * installed (and so their status): file:line → why ignoring is right there.
 */
const GENERATED: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Catches that neither handle nor explain: `file:line` for each. */
export function silentCatches(source: string, file: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/catch \{/g)) {
    let depth = 0;
    let end = m.index + m[0].length - 1;
    for (; end < source.length; end += 1) {
      if (source[end] === "{") depth += 1;
      else if (source[end] === "}" && --depth === 0) break;
    }
    const lineEnd = source.indexOf("\n", m.index);
    const sameLine = source.slice(m.index, lineEnd < 0 ? undefined : lineEnd);
    const body = source.slice(m.index + m[0].length, end);
    const explained = /\/\/|\/\*/.test(body) || /\/\//.test(sameLine);
    const handled = /[\w\])]\s*\(/.test(body);
    if (!explained && !handled) out.push(`${file}:${source.slice(0, m.index).split("\n").length}`);
  }
  return out;
}

describe("swallowed errors", () => {
  it("every catch in packages/ and apps/ that ignores an error says why", () => {
    const files = ["packages", "apps", "tools"].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    const silent = files
      .flatMap((f) => silentCatches(readFileSync(f, "utf8"), path.relative(ROOT, f)))
      .filter((at) => GENERATED[at] === undefined);
    expect(silent).toEqual([]);
  });

  it("tells a silent catch from an explained or handling one", () => {
    const source = [
      "try { a(); } catch {",
      "  return undefined;",
      "}",
      "try { a(); } catch {",
      "  return undefined; // gone meanwhile",
      "}",
      "try { a(); } catch {",
      '  log.swallowed("x", 1);',
      "}",
      "try { a(); } catch {}",
    ].join("\n");
    expect(silentCatches(source, "x.ts")).toEqual(["x.ts:1", "x.ts:10"]);
  });
});
