// Reading the files a plan is computed from. Size-capped, strict UTF-8: what we cannot read
// faithfully is a Problem (status invalid), never "not installed", and never written.
import fs from "node:fs";
import type { Problem } from "./jsonc-edit.js";
import { decodeUtf8 } from "./text.js";

export const MAX_CONFIG_BYTES = 8 * 1024 * 1024;

export interface ReadResult {
  text: string | null;
  mode?: number;
  problem?: Problem;
}

/**
 * Where the plans read files from: this machine (localFiles), or a snapshot of another one's files
 * fetched in one round trip (remote-read.ts). Plans are computed from it alone, so a host's plan is the
 * same code as a local one.
 */
export interface FileView {
  read(file: string, maxBytes?: number): ReadResult;
}

export const localFiles: FileView = { read: (file, maxBytes) => readText(file, maxBytes) };

export function readText(file: string, maxBytes = MAX_CONFIG_BYTES): ReadResult {
  let bytes: Buffer;
  let mode: number;
  try {
    const st = fs.statSync(file);
    if (st.isDirectory()) return { text: null, problem: { line: 1, column: 1, message: "is a directory, not a file" } };
    // A fifo or device would block the read (and every status call) forever.
    if (!st.isFile()) return { text: null, problem: { line: 1, column: 1, message: "is not a regular file" } };
    if (st.size > maxBytes)
      return { text: null, problem: { line: 1, column: 1, message: `is larger than ${maxBytes} bytes` } };
    mode = st.mode & 0o7777;
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { text: null };
    return { text: null, problem: { line: 1, column: 1, message: `cannot be read (${code ?? String(error)})` } };
  }
  const text = decodeUtf8(bytes);
  if (text === undefined) return { text: null, mode, problem: { line: 1, column: 1, message: "is not valid UTF-8" } };
  return { text, mode };
}
