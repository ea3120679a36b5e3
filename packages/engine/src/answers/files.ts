// <data>/answers (0700): the engine's side of a held hook (docs/answering.md#how-it-works). `wait` tells the
// helper how long to hold (whole seconds; absent = the engine holds nothing); `<name>` is one answer, the exact
// bytes the helper prints, written to a temp name and renamed so the helper never reads half of it.
import fs from "node:fs";
import path from "node:path";
import type { Paths } from "@mytty-bar/paths";

export interface AnswerFiles {
  /** Makes the directory, removes what an earlier engine left. */
  prepare(): Promise<void>;
  /** The hold the helper reads; 0 removes the file (nothing is held). */
  setWait(seconds: number): void;
  /** Synchronous so an answer is on disk when answer() returns. Throws when it cannot write. */
  write(name: string, text: string): void;
  remove(name: string): void;
  /** Engine stopping: no new holds. */
  close(): void;
}

export function answerFiles(paths: Pick<Paths, "answersDir" | "answerWait">): AnswerFiles {
  const dir = paths.answersDir;
  const quietly = (fn: () => void) => {
    try {
      fn();
    } catch {
      // best-effort cleanup: a file already gone (the helper took it) is the normal case
    }
  };
  return {
    async prepare() {
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.promises.chmod(dir, 0o700);
      for (const name of await fs.promises.readdir(dir))
        quietly(() => fs.rmSync(path.join(dir, name), { force: true }));
    },
    setWait(seconds) {
      if (seconds <= 0) {
        quietly(() => fs.rmSync(paths.answerWait, { force: true }));
        return;
      }
      const tmp = path.join(dir, `.wait.${process.pid}`);
      fs.writeFileSync(tmp, `${Math.floor(seconds)}\n`, { mode: 0o600 });
      fs.renameSync(tmp, paths.answerWait);
    },
    write(name, text) {
      const tmp = path.join(dir, `.${name}.tmp`);
      fs.writeFileSync(tmp, text, { mode: 0o600 });
      fs.renameSync(tmp, path.join(dir, name));
    },
    remove(name) {
      quietly(() => fs.rmSync(path.join(dir, name), { force: true }));
    },
    close() {
      quietly(() => fs.rmSync(paths.answerWait, { force: true }));
    },
  };
}
