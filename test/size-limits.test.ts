// Size limits of docs/architecture.md#rules-that-hold-everywhere: no source file over 300 lines, no
// function over 120 lines. Tests, fixtures and build output are aside; generated text is allowed only
// by name below, so a long file or function has to be split rather than waved through.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 120;

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Tests and their helpers, fixtures, and what tsc or the bundlers write. */
const ASIDE = /(^|\/)(test|tests|fixtures|dist|node_modules)\/|\.test\.[a-z]+$|\.d\.ts$/;
/** Generated text (no one edits these lines by hand); each entry says which text it is. */
const ALLOWED: Readonly<Record<string, string>> = {};

export function sourceFiles(root = ROOT): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => SOURCE.test(file) && !ASIDE.test(file) && !(file in ALLOWED))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

export interface Oversize {
  file: string;
  /** "file" for the whole file, else the function's name (or `<anonymous>`) and its first line. */
  what: string;
  lines: number;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = (node as { name?: ts.Node }).name;
  if (named !== undefined) return named.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  return "<anonymous>";
}

/** Every function-like node (declarations, expressions, arrows, methods, accessors) longer than the limit. */
export function oversize(file: string, text: string): Oversize[] {
  const kind = /\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Oversize[] = [];
  const fileLines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (fileLines > MAX_FILE_LINES) found.push({ file, what: "file", lines: fileLines });
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ file, what: `${nameOf(node, source)} (line ${first + 1})`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("size limits", () => {
  it(`no source file over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => oversize(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(found.map((o) => `${o.file}: ${o.what} is ${o.lines} lines`)).toEqual([]);
  });

  it("counts a function's lines from its first to its last line, nested ones too", () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const fits = `export function fits() {\n${body(MAX_FUNCTION_LINES)}\n}\n`;
    const long = `const outer = () => {\n  const inner = function () {\n${body(MAX_FUNCTION_LINES + 1)}\n  };\n};\n`;
    expect(oversize("a.ts", fits)).toEqual([]);
    expect(oversize("b.ts", long).map((o) => o.what)).toEqual(["outer (line 1)", "inner (line 2)"]);
    const method = `class C {\n  m() {\n${body(MAX_FUNCTION_LINES + 1)}\n  }\n}\n`;
    expect(oversize("c.js", method).map((o) => [o.what, o.lines])).toEqual([["m (line 2)", MAX_FUNCTION_LINES + 1]]);
  });
});
