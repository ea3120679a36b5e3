// A FIFO where an agent's file should be (OpenCode's opencode.db, Cursor's store.db, Claude Code's
// sessions/<pid>.json, a transcript), planted or swapped in between a check and the read, never blocks
// the engine's thread: the readers run in a real child process on the built engine, which must finish.
import { execFile } from "node:child_process";
import { mkdtempSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../engine-harness.js";

// The insights module the engine polls with (not part of the package's public surface).
const ENGINE = path.join(ROOT, "packages/engine/dist/insights/index.js");

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "mytty-fifo-reads-"));
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

const mkfifo = (file: string) =>
  new Promise<void>((resolve, reject) => execFile("mkfifo", [file], (error) => (error ? reject(error) : resolve())));

/**
 * Runs `body` (an async function of the engine module and the temp home) in a child node; its JSON result.
 * A reader that blocks on the FIFO never returns: the child is killed and the test fails on its exit.
 */
function inChild(body: string): Promise<unknown> {
  const script = `import * as engine from ${JSON.stringify(ENGINE)};
const home = ${JSON.stringify(home)};
const result = await (${body})(engine, home);
process.stdout.write(JSON.stringify(result));
process.exit(0);`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--input-type=module", "-e", script],
      { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home }, timeout: 20_000, killSignal: "SIGKILL" },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the readers did not finish (${error.signal ?? error.code}): ${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

describe("a FIFO at an agent's file", () => {
  it("OpenCode's opencode.db (or its -wal) is refused, not opened by SQLite", async () => {
    const dir = path.join(home, ".local", "share", "opencode");
    await fs.mkdir(dir, { recursive: true });
    await mkfifo(path.join(dir, "opencode.db"));
    const real = path.join(home, "store.db");
    const db = new BetterSqlite(real);
    db.exec("CREATE TABLE meta (key text PRIMARY KEY, value text)");
    db.close();
    await mkfifo(`${real}-wal`);
    const result = await inChild(`async (engine, home) => {
      const sqlite = engine.nodeSqliteReader();
      const tryAll = (file) => { try { return sqlite.all(file, "SELECT 1", []); } catch (e) { return String(e.message); } };
      return [tryAll(home + "/.local/share/opencode/opencode.db"), tryAll(home + "/store.db")];
    }`);
    expect(result).toEqual([
      `${dir}/opencode.db is not a regular file we can read (not-regular)`,
      `${real}-wal is not a regular file`,
    ]);
  });

  it("a session record swapped for a FIFO after its stat reads as nothing; a transcript read fails", async () => {
    const sessions = path.join(home, ".claude", "sessions");
    await fs.mkdir(sessions, { recursive: true });
    const record = path.join(sessions, "4242.json");
    await fs.writeFile(record, '{"pid":4242}');
    const fifo = path.join(home, "swap.fifo");
    await mkfifo(fifo);
    const result = await inChild(`async (engine, home) => {
      const { renameSync } = await import("node:fs");
      const source = engine.nodeTranscriptSource();
      const file = home + "/.claude/sessions/4242.json";
      const stamp = await source.stat(file);
      renameSync(home + "/swap.fifo", file); // the swap between check and read
      const text = await source.readText(file, 65536);
      const range = await source.readRange(file, 0, 4096).then(() => "read", (e) => String(e.message));
      return [stamp?.size, text ?? null, range];
    }`);
    expect(result).toEqual([12, null, `${record} cannot be read: it is a FIFO`]);
  });
});
