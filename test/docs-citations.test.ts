// Every document a source comment cites exists in this repository, and a citation with an anchor names a
// heading that exists. One form everywhere: `docs/<file>.md`, with `#<heading-slug>` for a section.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["packages", "apps", "test", "bench", "tools"];
const SKIP_DIRS = new Set(["node_modules", "dist", ".vite", "coverage"]);
const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|sh|css|html)$/;
/** Files our code writes for users (pointers, the guide): named in comments, never cited as documents. */
const USER_FILES = new Set(["AGENTS.md", "SKILL.md", "mytty-team.md", "CLAUDE.md", "GEMINI.md"]);
// A path-like token ending in .md, not part of a longer path (`~/.codex/AGENTS.md`, `<data>/x.md`).
const CITATION = /(?<![\w./~<>-])((?:[\w.-]+\/)*[\w.-]+\.md)(#[\p{L}\p{N}_-]+)?/gu;

interface Comment {
  line: number;
  text: string;
}

/** Comments of a JS/TS/CSS/HTML file (strings skipped), or `#` comments of a shell script. */
export function commentsOf(source: string, file: string): Comment[] {
  if (file.endsWith(".sh")) {
    return source.split("\n").flatMap((text, i) => {
      const at = text.search(/(^|\s)#/);
      return at < 0 ? [] : [{ line: i + 1, text: text.slice(at) }];
    });
  }
  const out: Comment[] = [];
  let line = 1;
  let state: "code" | "line" | "block" | "html" | "'" | '"' | "`" = "code";
  let start = 0;
  let startLine = 1;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "\n") line += 1;
    if (state === "code") {
      if (c === "/" && next === "/") [state, start, startLine] = ["line", i, line];
      else if (c === "/" && next === "*") [state, start, startLine] = ["block", i, line];
      else if (c === "<" && source.startsWith("<!--", i)) [state, start, startLine] = ["html", i, line];
      else if (c === "'" || c === '"' || c === "`") state = c;
    } else if (state === "line" && c === "\n") {
      out.push({ line: startLine, text: source.slice(start, i) });
      state = "code";
    } else if ((state === "block" && c === "*" && next === "/") || (state === "html" && source.startsWith("-->", i))) {
      out.push({ line: startLine, text: source.slice(start, i + 2) });
      state = "code";
    } else if (state === "'" || state === '"' || state === "`") {
      if (c === "\\") i += 1;
      else if (c === state || (c === "\n" && state !== "`")) state = "code";
    }
  }
  if (state === "line") out.push({ line: startLine, text: source.slice(start) });
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(doc: string): Set<string> {
  const text = readFileSync(doc, "utf8");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => slug(m[1]!)));
}

/** What is wrong with the citations in one file's comments (empty: nothing). */
export function citationProblems(source: string, file: string, root = ROOT): string[] {
  const problems: string[] = [];
  for (const { line, text } of commentsOf(source, file)) {
    const where = `${file}:${line}`;
    if (text.includes("§"))
      problems.push(`${where}: cites a numbered section ("§"); cite docs/<file>.md#<heading> instead`);
    for (const m of text.matchAll(CITATION)) {
      const [, doc, anchor] = m;
      if (USER_FILES.has(path.basename(doc!)) && !doc!.startsWith("docs/")) continue;
      const target = path.join(root, doc!);
      if (!exists(target)) {
        problems.push(`${where}: cites ${doc}, which is not in the repository (cite docs/<file>.md#<heading>)`);
        continue;
      }
      if (anchor && !anchorsOf(target).has(anchor.slice(1))) {
        problems.push(`${where}: ${doc} has no heading for ${anchor}`);
      }
    }
  }
  return problems;
}

function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false; // not there: the caller reports it
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE_EXT.test(entry.name) ? [full] : [];
  });
}

describe("citations in source comments", () => {
  const files = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));

  it("cite only documents in the repository, and headings those documents have", () => {
    const problems = files.flatMap((f) => citationProblems(readFileSync(f, "utf8"), path.relative(ROOT, f)));
    expect(problems).toEqual([]);
  });

  it("use the docs/<file>.md[#<heading>] form (and the checker sees the repository's citations)", () => {
    const cited = files.flatMap((f) =>
      commentsOf(readFileSync(f, "utf8"), f).flatMap((c) => [...c.text.matchAll(CITATION)].map((m) => m[1]!)),
    );
    const documents = cited.filter((doc) => !USER_FILES.has(path.basename(doc)));
    expect(documents.length).toBeGreaterThan(60);
    expect(documents.filter((doc) => !doc.startsWith("docs/") && doc !== "README.md")).toEqual([]);
  });

  it("reports a document that is not here, a missing heading and a numbered section", () => {
    const source = [
      "// Payload mapping (providers.md §3.1).",
      'const s = "// DESIGN.md in a string is not a comment";',
      "/** See docs/architecture.md#no-such-heading and docs/architecture.md#spool-file. */",
      "// The pointer lives in ~/.codex/AGENTS.md and <data>/mytty-team.md.",
    ].join("\n");
    expect(citationProblems(source, "x.ts")).toEqual([
      'x.ts:1: cites a numbered section ("§"); cite docs/<file>.md#<heading> instead',
      "x.ts:1: cites providers.md, which is not in the repository (cite docs/<file>.md#<heading>)",
      "x.ts:3: docs/architecture.md has no heading for #no-such-heading",
    ]);
  });

  it("derives anchors as GitHub does", () => {
    expect(slug("Wrappers and the MYTTY_AGENT hint")).toBe("wrappers-and-the-mytty_agent-hint");
    expect(slug("Ids, hygiene and quoting")).toBe("ids-hygiene-and-quoting");
    expect(slug("Claude Code session registry")).toBe("claude-code-session-registry");
  });
});
