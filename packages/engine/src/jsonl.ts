// Bounded JSON-lines files (event log, acknowledgements): append as things happen, validate every
// line on read (the file is outside input like any other), rewrite atomically when compacting.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { z } from "zod";

export interface JsonlFile<T> {
  /** Valid entries in file order; a torn last line or a hand-edited bad line is skipped. */
  read(): Promise<T[]>;
  append(entry: T): void;
  /** Replaces the whole file with these entries. */
  rewrite(entries: readonly T[]): Promise<void>;
  /** Lines appended since the last read/rewrite plus those read. */
  lineCount(): number;
  /** Waits for queued writes. */
  flush(): Promise<void>;
}

export function jsonlFile<T>(
  file: string,
  schema: z.ZodType<T>,
  maxBytes: number,
  onError: (error: unknown) => void = () => undefined,
): JsonlFile<T> {
  let lines = 0;
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(onError);
  };
  return {
    async read() {
      let text: string;
      try {
        const handle = await fs.open(file, "r");
        try {
          const { size } = await handle.stat();
          // Keep the newest part when the file outgrew its bound (a crash before compaction).
          const start = Math.max(0, size - maxBytes);
          const buffer = Buffer.alloc(size - start);
          await handle.read(buffer, 0, buffer.length, start);
          text = buffer.toString("utf8");
          if (start > 0) text = text.slice(text.indexOf("\n") + 1);
        } finally {
          await handle.close();
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") onError(error); // absent = nothing logged yet
        lines = 0;
        return [];
      }
      const entries: T[] = [];
      for (const line of text.split("\n")) {
        if (line.trim() === "") continue;
        try {
          const parsed = schema.safeParse(JSON.parse(line));
          if (parsed.success) entries.push(parsed.data);
        } catch {
          // Skipped: a torn write or a hand edit.
        }
      }
      lines = entries.length;
      return entries;
    },
    append(entry) {
      lines += 1;
      const line = `${JSON.stringify(entry)}\n`;
      enqueue(async () => {
        await fs.appendFile(file, line, { mode: 0o600 });
      });
    },
    async rewrite(entries) {
      lines = entries.length;
      const body = entries.map((e) => `${JSON.stringify(e)}\n`).join("");
      enqueue(async () => {
        await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        const tmp = `${file}.${process.pid}.tmp`;
        await fs.writeFile(tmp, body, { mode: 0o600 });
        await fs.rename(tmp, file);
      });
      await queue;
    },
    lineCount: () => lines,
    flush: () => queue,
  };
}
