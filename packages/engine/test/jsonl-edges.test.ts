// The event log's edges (src/jsonl.ts). A kill -9 mid-append leaves the last line without its newline:
// the next engine's first append must start a line of its own (glued to the torn one, both would be lost
// on the next read). A log that outgrew its bound (a crash before compaction) is read from its tail, and
// the next rewrite streams from that same first whole line, not from the file's start.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { jsonlFile } from "../src/jsonl.js";

interface Entry {
  n: number;
}
const parse = (line: string): Entry | undefined => {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === "object" && value !== null && typeof (value as Entry).n === "number"
      ? (value as Entry)
      : undefined;
  } catch {
    return undefined;
  }
};

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});
async function logFile(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-jsonl-"));
  dirs.push(dir);
  return path.join(dir, "events.jsonl");
}

async function entriesOf(file: string): Promise<Entry[]> {
  const seen: Entry[] = [];
  await jsonlFile(file, parse, 1024 * 1024).read((e) => seen.push(e));
  return seen;
}

it("starts the first append after a torn last line on a line of its own", async () => {
  const file = await logFile();
  await fs.writeFile(file, `${JSON.stringify({ n: 1 })}\n{"n":2,"pa`); // the crash came mid-write
  const log = jsonlFile(file, parse, 1024 * 1024);
  const read: Entry[] = [];
  await log.read((e) => read.push(e));
  expect(read).toEqual([{ n: 1 }]);
  log.append({ n: 3 });
  log.append({ n: 4 });
  await log.flush();
  expect(await entriesOf(file)).toEqual([{ n: 1 }, { n: 3 }, { n: 4 }]);
  expect(log.lineCount()).toBe(3);
});

it("adds no blank line after a log that ends with its newline", async () => {
  const file = await logFile();
  await fs.writeFile(file, `${JSON.stringify({ n: 1 })}\n`);
  const log = jsonlFile(file, parse, 1024 * 1024);
  await log.read(() => undefined);
  log.append({ n: 2 });
  await log.flush();
  expect(await fs.readFile(file, "utf8")).toBe('{"n":1}\n{"n":2}\n');
});

it("reads an oversized log from its tail, and rewrites from that same first whole line", async () => {
  const file = await logFile();
  const all = Array.from({ length: 1000 }, (_, n) => ({ n }));
  await fs.writeFile(file, all.map((e) => `${JSON.stringify(e)}\n`).join(""));
  const log = jsonlFile(file, parse, 2000); // about a fifth of the file
  const read: Entry[] = [];
  await log.read((e) => read.push(e));
  // The newest entries, in order, ending with the last; the fragment the cut made is dropped.
  expect(read.at(-1)).toEqual({ n: 999 });
  expect(read.length).toBeGreaterThan(100);
  expect(read.length).toBeLessThan(300);
  expect(read).toEqual(all.slice(1000 - read.length));
  expect(log.lineCount()).toBe(read.length);
  log.mark();
  await log.rewrite(async function* (marked) {
    for await (const batch of marked()) yield batch.map((e) => `${JSON.stringify(e)}\n`);
  });
  expect(await entriesOf(file)).toEqual(read);
});
