// Reading the files a plan is computed from. Size-capped, strict UTF-8: what we cannot read
// faithfully is a Problem (status invalid), never "not installed", and never written.
import { readRegularFileSync } from "@mytty-bar/paths";
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

const problem = (message: string): ReadResult => ({ text: null, problem: { line: 1, column: 1, message } });

export function readText(file: string, maxBytes = MAX_CONFIG_BYTES): ReadResult {
  // A fifo or device would block the read (and every status call) forever: judged on the open descriptor.
  const read = readRegularFileSync(file, { maxBytes });
  switch (read.kind) {
    case "missing":
      return { text: null };
    case "not-regular":
      return problem(read.what === "a directory" ? "is a directory, not a file" : "is not a regular file");
    case "too-large":
      return problem(`is larger than ${maxBytes} bytes`);
    case "unreadable":
      return problem(`cannot be read (${read.code})`);
  }
  const text = decodeUtf8(read.bytes);
  if (text === undefined)
    return { text: null, mode: read.mode, problem: { line: 1, column: 1, message: "is not valid UTF-8" } };
  return { text, mode: read.mode };
}
