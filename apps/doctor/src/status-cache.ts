// Agents call `mytty-doctor status --json` in loops, and each run read and analysed every provider's
// files to give the same answer. The bundled status (status-main.ts) keeps its last report in
// <data>/status-cache.json with a signature of every path that run read, stat'ed or listed; the next run
// stats those paths and, when every one matches, prints that report with the engine's part found
// afresh. Like git's index: a path changed within the last RACY_MS is not trusted (a timestamp that
// coarse could hide a second change), so such a run keeps nothing, and any write during the run (there
// should be none) or a relative path does the same.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readRegularFileSync } from "@mytty-bar/paths";

const FORMAT = 2;
const MAX_BYTES = 1024 * 1024;
export const RACY_MS = 2000;

/** What a run touched: paths read or stat'ed, directories listed, whether it wrote, and when it started. */
export interface Touched {
  read: Set<string>;
  listed: Set<string>;
  wrote: boolean;
  started: number;
}

const READS = ["readFileSync", "statSync", "lstatSync", "existsSync", "openSync", "accessSync", "readlinkSync"];
const LISTS = ["readdirSync", "opendirSync"];
const WRITES = ["writeFileSync", "appendFileSync", "renameSync", "mkdirSync", "rmSync", "unlinkSync", "chmodSync"];
const ASYNC_READS = ["readFile", "stat", "lstat", "access", "open", "readlink", "realpath"];
const ASYNC_LISTS = ["readdir", "opendir"];
const ASYNC_WRITES = ["writeFile", "appendFile", "rename", "mkdir", "rm", "unlink", "chmod"];

const asPath = (p: unknown): string | undefined =>
  typeof p === "string" ? p : p instanceof URL ? fileURLToPath(p) : Buffer.isBuffer(p) ? p.toString() : undefined;

/**
 * Runs `fn` with node:fs's sync calls noting their paths. Patched on the module object, so every
 * module's `fs.x(...)` is seen however it imported fs; restored when `fn` settles.
 */
export async function touching<T>(fn: () => Promise<T>): Promise<{ value: T; touched: Touched }> {
  const touched: Touched = { read: new Set(), listed: new Set(), wrote: false, started: Date.now() };
  type Fns = Record<string, (...args: unknown[]) => unknown>;
  const target = fs as unknown as Fns;
  const promises = fs.promises as unknown as Fns;
  const saved = new Map<[Fns, string], (...args: unknown[]) => unknown>();
  const wrap = (name: string, note: (p: unknown) => void, object: Fns = target) => {
    const original = object[name]!;
    saved.set([object, name], original);
    object[name] = Object.assign((...args: unknown[]) => (note(args[0]), original(...args)), original);
  };
  const add = (set: Set<string>) => (p: unknown) => {
    const file = asPath(p);
    if (file !== undefined) set.add(file);
  };
  for (const name of READS) wrap(name, add(touched.read));
  wrap("realpathSync", add(touched.read)); // keeps .native (Object.assign above)
  for (const name of LISTS) wrap(name, add(touched.listed));
  for (const name of WRITES) wrap(name, () => (touched.wrote = true));
  // fs.promises (the same object as node:fs/promises) alike: a read added there later is still seen.
  for (const [name, note] of [
    ...ASYNC_READS.map((n) => [n, add(touched.read)] as const),
    ...ASYNC_LISTS.map((n) => [n, add(touched.listed)] as const),
    ...ASYNC_WRITES.map((n) => [n, () => (touched.wrote = true)] as const),
  ])
    wrap(name, note, promises);
  try {
    return { value: await fn(), touched };
  } finally {
    for (const [[object, name], original] of saved) object[name] = original;
  }
}

/**
 * A path's state as far as a report can depend on it, and the times that make it racy: a file's mtime
 * and ctime; a listed directory's mtime (its entries; its signature starts with "l", so the check knows to
 * compare it); a directory only stat'ed, none (its mode).
 */
function state(file: string, listed: boolean): { sig: string; times: number[] } {
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    return { sig: `!${(error as NodeJS.ErrnoException).code ?? "error"}`, times: [] };
  }
  if (st === undefined) return { sig: "-", times: [] };
  if (st.isDirectory())
    return listed
      ? { sig: `l${st.ino}:${st.mode}:${st.mtimeMs}`, times: [st.mtimeMs] }
      : { sig: `d${st.ino}:${st.mode}`, times: [] };
  return { sig: `${st.ino}:${st.mode}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`, times: [st.mtimeMs, st.ctimeMs] };
}

/**
 * Written only when nothing touched is racy: changed since RACY_MS before the run started. A file read
 * early and edited before the signatures are taken (here, after the run) is refused that way too.
 */
export function keep(file: string, key: string, touched: Touched, report: unknown): boolean {
  if (touched.wrote) return false;
  const inputs: [string, string][] = [];
  for (const p of new Set([...touched.read, ...touched.listed])) {
    if (!path.isAbsolute(p)) return false;
    const { sig, times } = state(p, touched.listed.has(p));
    if (times.some((t) => t >= touched.started - RACY_MS)) return false;
    inputs.push([p, sig]);
  }
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, key, inputs, report }), { mode: 0o600 });
    fs.renameSync(tmp, file);
    return true;
  } catch {
    fs.rmSync(tmp, { force: true }); // a full disk or a read-only data dir: status works without it
    return false;
  }
}

/** The kept report when its key matches, it has the shape `valid` wants, and no input changed; else undefined. */
export function kept<T>(file: string, key: string, valid: (report: unknown) => report is T): T | undefined {
  let data: unknown;
  // A FIFO planted here must not hang `status`: one non-blocking read of a regular file.
  const read = readRegularFileSync(file, { maxBytes: MAX_BYTES });
  if (read.kind !== "file") return undefined;
  try {
    data = JSON.parse(read.bytes.toString("utf8"));
  } catch {
    return undefined; // none yet, or not ours to trust: the run plans and writes a new one
  }
  const d = data as { format?: unknown; key?: unknown; inputs?: unknown; report?: unknown };
  if (d.format !== FORMAT || d.key !== key || !Array.isArray(d.inputs) || !valid(d.report)) return undefined;
  for (const input of d.inputs as unknown[]) {
    if (!Array.isArray(input) || typeof input[0] !== "string" || typeof input[1] !== "string") return undefined;
    const [p, sig] = input as [string, string];
    if (state(p, sig.startsWith("l")).sig !== sig) return undefined;
  }
  return d.report;
}
