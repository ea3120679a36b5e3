// Byte-minimal JSONC edits. jsonc-parser locates nodes and applies edits; the inserted text is
// rendered here with the file's own indentation and line endings. We do not pass formattingOptions
// to modify(): its formatter re-flows the whole neighbouring lines, which would change user bytes
// and break the install → uninstall round trip. Removals are the exact inverse of our insertions.
import { createRequire } from "node:module";
import type * as JsoncParser from "jsonc-parser";
import type { Edit, JSONPath, Node, ParseError } from "jsonc-parser";
// Loaded with require(), and the parser module alone until an edit is made: through the ESM
// loader this CommonJS package costs ~3x, and `mytty-doctor status --json` must stay within
// 1.5 x `node -e 0`. The version is pinned exactly (3.3.1), so the internal path is stable.
const requireHere = createRequire(import.meta.url);
const { parseTree, findNodeAtLocation } = requireHere("jsonc-parser/lib/umd/impl/parser.js") as Pick<
  typeof JsoncParser,
  "parseTree" | "findNodeAtLocation"
>;
const full = (): typeof JsoncParser => requireHere("jsonc-parser") as typeof JsoncParser;
const applyEdits = (text: string, edits: Edit[]): string => full().applyEdits(text, edits);
import { lineColumn, lineIndentAt, type TextFormat } from "./text.js";

export interface Problem {
  line: number;
  column: number;
  message: string;
}

/** `root()` builds the syntax tree on first call (only positions need it). */
export type ParseResult = { ok: true; root: () => Node | undefined; value: unknown } | { ok: false; problem: Problem };

/** Deeper nesting is refused before parsing: the parser and our walks recurse, and no real settings file comes close. */
export const MAX_JSONC_DEPTH = 256;

/**
 * How a provider reads its config file (docs/providers.md, each provider's section). Both grammars
 * refuse trailing commas; `host` names the program in the problem message when it matters.
 */
export interface Grammar {
  /** `//` and `/* *\/` comments are allowed (Gemini CLI, Cursor) or make the file unreadable (Claude Code, Codex). */
  comments: boolean;
  /** Who reads the file ("Claude Code"), for the problem message. */
  host?: string;
  /** What the host does with a file it cannot parse, e.g. "ignores the whole file". */
  onError?: string;
}

const JSONC: Grammar = { comments: true };

/** Parses a config file in `grammar` (default: JSON with comments); a syntax error is a Problem, never an exception. */
export function parseJsonc(text: string, grammar: Grammar = JSONC): ParseResult {
  // jsonc-parser calls it an "invalid symbol"; the agents' own JSON parsers refuse it too.
  if (text.startsWith("\uFEFF"))
    return {
      ok: false,
      problem: { line: 1, column: 1, message: "starts with a byte order mark (save it as UTF-8 without BOM)" },
    };
  const tooDeep = offsetBeyondDepth(text, MAX_JSONC_DEPTH);
  if (tooDeep !== undefined)
    return {
      ok: false,
      problem: { ...lineColumn(text, tooDeep), message: `nests deeper than ${MAX_JSONC_DEPTH} levels` },
    };
  // Plain JSON — what the agents write, and most hand edits — parses natively in a fraction of the time
  // (this runs for every config on every `status`); JSON is JSONC, so the value is the same. Not for
  // "__proto__" keys, which JSON.parse keeps as own properties and the tree walk would not.
  if (!text.includes("__proto__")) {
    try {
      const value: unknown = JSON.parse(text);
      let tree: { root: Node | undefined } | undefined;
      return {
        ok: true,
        value,
        root: () =>
          (tree ??= { root: parseTree(text, [], { allowTrailingComma: false, disallowComments: false }) }).root,
      };
    } catch {
      // comments, trailing commas or a real error: the JSONC parser says which, and where
    }
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: !grammar.comments });
  const first = errors[0];
  if (first) return { ok: false, problem: syntaxProblem(text, first, grammar) };
  return { ok: true, root: () => root, value: root ? nodeValue(root) : undefined };
}

/** The first syntax error in words; a comment or a trailing comma is named as such, with what the host does then. */
function syntaxProblem(text: string, error: ParseError, grammar: Grammar): Problem {
  const trailing = trailingCommaBefore(text, error.offset);
  const offset = trailing ?? error.offset;
  const at = lineColumn(text, offset);
  const code = full().printParseErrorCode(error.error);
  const what = trailing !== undefined ? "a trailing comma" : code === "InvalidCommentToken" ? "a comment" : undefined;
  if (what === undefined) return { ...at, message: describe(code) };
  const accepts = grammar.comments
    ? "accepts comments but no trailing commas"
    : "reads this file as strict JSON (no comments, no trailing commas)";
  const effect = grammar.onError !== undefined ? ` and ${grammar.onError} because of it` : "";
  return {
    ...at,
    message: `${what} at line ${at.line}:${at.column}: ${grammar.host ?? "the program that reads this file"} ${accepts}${effect}; remove it`,
  };
}

/** Offset of the comma right before `offset` (only whitespace between), when the error is a trailing comma. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i -= 1;
  return i >= 0 && text[i] === "," && (text[offset] === "}" || text[offset] === "]") ? i : undefined;
}

/** Offset of the first { or [ (outside strings and comments) that opens level `max + 1`, if any. */
function offsetBeyondDepth(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      for (i += 1; i < text.length && text[i] !== '"' && text[i] !== "\n"; i += 1) if (text[i] === "\\") i += 1;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === "{" || c === "[") {
      depth += 1;
      if (depth > max) return i;
    } else if (c === "}" || c === "]") {
      depth -= 1;
    }
  }
  return undefined;
}

function describe(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) out[String(k.value)] = nodeValue(v);
      }
      return out;
    }
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/** A Problem pointing at the node at `path` (for shape errors such as "hooks is not an object"). */
export function problemAt(text: string, root: Node | undefined, path: JSONPath, message: string): Problem {
  const node = root ? findNodeAtLocation(root, path) : undefined;
  return { ...lineColumn(text, node?.offset ?? 0), message };
}

function mustFind(text: string, path: JSONPath): Node {
  const root = parseTree(text);
  const node = root ? (path.length === 0 ? root : findNodeAtLocation(root, path)) : undefined;
  if (!node) throw new Error(`internal: no node at ${JSON.stringify(path)}`);
  return node;
}

function render(value: unknown, base: string, fmt: TextFormat): string {
  return JSON.stringify(value, null, fmt.indent)
    .split("\n")
    .join(fmt.eol + base);
}

/** Indentation for a new child of `container`: a sibling's, else the container's line plus one step. */
function childIndent(text: string, container: Node, fmt: TextFormat): { child: string; parent: string } {
  const parent = lineIndentAt(text, container.offset) ?? leadingWhitespace(text, container.offset);
  const last = container.children?.at(-1);
  const sibling = last ? lineIndentAt(text, last.offset) : undefined;
  return { child: sibling ?? parent + fmt.indent, parent };
}

function leadingWhitespace(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? "";
}

/** Appends `"key": value` as the last property of the object at `path`. */
export function insertProperty(text: string, path: JSONPath, key: string, value: unknown, fmt: TextFormat): string {
  const obj = mustFind(text, path);
  const { child, parent } = childIndent(text, obj, fmt);
  const prop = `${JSON.stringify(key)}: ${render(value, child, fmt)}`;
  return applyEdits(text, [appendEdit(text, obj, prop, child, parent, fmt)]);
}

/** Appends `value` as the last element of the array at `path`. */
export function appendElement(text: string, path: JSONPath, value: unknown, fmt: TextFormat): string {
  const arr = mustFind(text, path);
  const { child, parent } = childIndent(text, arr, fmt);
  return applyEdits(text, [appendEdit(text, arr, render(value, child, fmt), child, parent, fmt)]);
}

function appendEdit(text: string, container: Node, item: string, child: string, parent: string, fmt: TextFormat): Edit {
  const last = container.children?.at(-1);
  if (last) return { offset: last.offset + last.length, length: 0, content: `,${fmt.eol}${child}${item}` };
  // Empty container: whatever whitespace it held stays after our text, so removeAt can undo it exactly.
  return { offset: container.offset + 1, length: 0, content: `${fmt.eol}${child}${item}${fmt.eol}${parent}` };
}

/** Removes the property or element at `path`, exactly undoing insertProperty/appendElement. */
export function removeAt(text: string, path: JSONPath): string {
  const root = parseTree(text);
  const target = root ? findNodeAtLocation(root, path) : undefined;
  if (!target?.parent) return text;
  // For a property the removed span is the whole `"key": value` node.
  const item = target.parent.type === "property" ? target.parent : target;
  const container = item.parent!;
  const siblings = container.children ?? [];
  const index = siblings.indexOf(item);
  let edit: Edit;
  if (siblings.length === 1) {
    // Undo appendEdit on an empty container: the line break and indentation it added after the item.
    let end = item.offset + item.length;
    const parent = lineIndentAt(text, container.offset) ?? leadingWhitespace(text, container.offset);
    const eol = text.startsWith("\r\n", end) ? "\r\n" : text.startsWith("\n", end) ? "\n" : "";
    if (eol && text.startsWith(parent, end + eol.length)) end += eol.length + parent.length;
    edit = { offset: container.offset + 1, length: end - container.offset - 1, content: "" };
  } else if (index > 0) {
    const prev = siblings[index - 1]!;
    edit = {
      offset: prev.offset + prev.length,
      length: item.offset + item.length - (prev.offset + prev.length),
      content: "",
    };
  } else {
    const next = siblings[1]!;
    edit = { offset: item.offset, length: next.offset - item.offset, content: "" };
  }
  return applyEdits(text, [edit]);
}

/** Replaces the value at `path` (used to repair a wrong value in place). */
export function replaceValue(text: string, path: JSONPath, value: unknown, fmt: TextFormat): string {
  const node = mustFind(text, path);
  const base = lineIndentAt(text, node.parent?.offset ?? node.offset) ?? leadingWhitespace(text, node.offset);
  return applyEdits(text, [{ offset: node.offset, length: node.length, content: render(value, base, fmt) }]);
}

export function hasComments(text: string): boolean {
  return /\/\/|\/\*/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
}
