// Keeps <data>/engine-status.json (published-status.ts) equal to the engine's facts: written through a
// temp file and a rename (a reader never sees half a file) when they change, at once after a quiet
// spell and then at most once per MIN_GAP_MS (an event every few ms rewrites it once a second, not once
// an event), and removed when the engine stops.
import { promises as fs } from "node:fs";
import { publishedText, type PublishedStatus } from "./published-status.js";

const MIN_GAP_MS = 1000;

export interface StatusWriterDeps {
  file: string;
  /** The facts as they are now: read when the write is due, not when it is scheduled. */
  facts: () => PublishedStatus;
  failed: (kind: string) => (error: unknown) => undefined;
  nowMs?: () => number;
  minGapMs?: number;
  /** The file write itself (temp file and rename; tests hold it in flight). */
  write?: (file: string, text: string) => Promise<void>;
}

export interface StatusWriter {
  /** The facts may have changed: write them (now, or once the gap since the last write has passed). */
  schedule(): void;
  /** No more writes; the file is removed once the last one settled. */
  stop(): Promise<void>;
}

export function createStatusWriter(deps: StatusWriterDeps): StatusWriter {
  const nowMs = deps.nowMs ?? Date.now;
  const gap = deps.minGapMs ?? MIN_GAP_MS;
  let written = "";
  let lastAt = -Infinity;
  let dirty = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  const arm = () => {
    if (!dirty || stopped || timer !== undefined || writing !== undefined) return;
    timer = setTimeout(run, Math.max(0, lastAt + gap - nowMs()));
    timer.unref(); // a pending rewrite never keeps a stopping process alive
  };

  function run(): void {
    timer = undefined;
    if (!dirty || stopped) return;
    dirty = false;
    const text = publishedText(deps.facts());
    if (text === written) return;
    lastAt = nowMs();
    writing = (deps.write ?? write)(deps.file, text)
      .then(
        () => void (written = text),
        (error: unknown) => {
          written = ""; // gone (see write): the next change writes again
          deps.failed("status-file")(error);
        },
      )
      .finally(() => {
        writing = undefined;
        arm(); // what changed during the write
      });
  }

  return {
    schedule() {
      dirty = true;
      arm();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await writing;
      await fs.rm(deps.file, { force: true }).catch(deps.failed("status-file"));
    },
  };
}

async function write(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await fs.writeFile(tmp, text, { mode: 0o600 });
    await fs.rename(tmp, file);
  } catch (error) {
    // A full disk: no temp file left behind, and no older facts either (readers then ask the socket).
    await Promise.all([fs.rm(tmp, { force: true }), fs.rm(file, { force: true })]);
    throw error;
  }
}
