// Small text helpers shared by the installers: POSIX quoting, file format detection, ownership.
import { isUtf8 } from "node:buffer";
import path from "node:path";
import { posixQuote as shellQuote } from "@mytty-bar/protocol/wire";

/** Single quotes for sh (docs/architecture.md#ids-hygiene-and-quoting): protocol's one rule, under the installers' name. */
export { shellQuote };

/**
 * A shell-form hook command that runs the helper. `exec` makes the host's `sh -c` / `$SHELL -lc`
 * become the helper, so the helper's $PPID is the agent itself: dash (Linux /bin/sh) otherwise forks
 * and waits, and that short-lived shell is often gone before the engine walks the parent chain.
 */
export function helperCommand(helper: string, args: string): string {
  return `exec ${shellQuote(helper)} ${args}`;
}

export interface TextFormat {
  /** One indentation step as found in the file ("\t", "  ", "    "…). */
  indent: string;
  eol: "\n" | "\r\n";
}

/** Detects indentation and line endings so inserted text looks like its neighbours. */
export function detectFormat(text: string): TextFormat {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  let indent: string | undefined;
  let smallest = Infinity;
  for (const line of text.split(/\r?\n/)) {
    const m = /^([ \t]+)\S/.exec(line);
    if (!m) continue;
    const ws = m[1]!;
    if (ws.startsWith("\t")) {
      indent ??= "\t";
      break;
    }
    if (ws.length < smallest) smallest = ws.length;
  }
  if (indent === undefined) indent = Number.isFinite(smallest) ? " ".repeat(Math.min(smallest, 8)) : "  ";
  return { indent, eol };
}

/** Leading whitespace of the line holding `offset`, when only whitespace precedes it there. */
export function lineIndentAt(text: string, offset: number): string | undefined {
  const start = Math.max(text.lastIndexOf("\n", offset - 1) + 1, 0);
  const before = text.slice(start, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

export const HELPER_BASENAME = "mytty-bar-hook";

/**
 * The program a hook command runs: the first shell word of a shell-form command (quotes honoured,
 * a leading `exec` skipped: installs before the exec form wrote the bare path), or the whole command
 * in exec form (`args` present).
 */
export function commandProgram(command: string, execForm: boolean): string {
  if (execForm) return command;
  const s = command.trimStart().replace(/^exec[ \t]+/, "");
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === ";" || c === "&" || c === "|") break;
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return out + s.slice(i + 1);
      out += s.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') {
        if (s[j] === "\\" && j + 1 < s.length) j += 1;
        out += s[j];
        j += 1;
      }
      i = j + 1;
    } else if (c === "\\" && i + 1 < s.length) {
      out += s[i + 1];
      i += 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/**
 * Ownership (docs/architecture.md#names-and-places): the handler runs our helper, at any path; Mytty's
 * mytty-agent-hook is never ours.
 */
export function runsOurHelper(handler: unknown): boolean {
  if (typeof handler !== "object" || handler === null || Array.isArray(handler)) return false;
  const command = (handler as Record<string, unknown>).command;
  if (typeof command !== "string") return false;
  const execForm = Array.isArray((handler as Record<string, unknown>).args);
  return path.posix.basename(commandProgram(command, execForm)) === HELPER_BASENAME;
}

/** Decodes UTF-8 strictly: undefined when the bytes would not survive a decode/encode round trip. */
export function decodeUtf8(bytes: Buffer): string | undefined {
  // isUtf8 rejects what a fatal TextDecoder would (overlongs, encoded surrogates, cut sequences) at a
  // fraction of the start-up cost (status reads every config file); toString keeps a BOM for the
  // parser to name.
  return isUtf8(bytes) ? bytes.toString("utf8") : undefined;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    if (text[i] === "\n") {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
