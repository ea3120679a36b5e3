// OpenCode's and Cursor CLI's SQLite stores, built in the test in each tool's layout (docs/usage-meters.md:
// OpenCode `message(id, session_id, time_created, time_updated, data)`; Cursor `meta` row "0" = hex JSON): the
// inspector reads model (and Cursor's mode) read-only, throttled to 5 s per pane, never guessing a context.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInsights, nodeSqliteReader, opencodeModel, type InsightAgent } from "../src/insights/index.js";
import { openWritable } from "./sqlite-write.js";

const SESSION = "ses_5f0c2a9e7d41Q4b6a9c3e2b8f1";
const OTHER = "ses_7e1f2a3b4c5dQ4e6f8a9b0c1d2";

let home: string;
let dbFile: string;
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-opencode-"));
  dbFile = path.join(home, ".local", "share", "opencode", "opencode.db");
  await fs.mkdir(path.dirname(dbFile), { recursive: true });
  const db = openWritable(dbFile);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`CREATE TABLE session (id text PRIMARY KEY, project_id text NOT NULL, directory text NOT NULL, title text NOT NULL,
      version text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL);
    CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL);
    CREATE INDEX message_session_time_created_id_idx ON message (session_id, time_created, id);`);
  db.close();
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

function write(rows: { id: string; session: string; at: number; data: object }[]): void {
  const db = openWritable(dbFile);
  for (const s of new Set(rows.map((r) => r.session))) {
    db.prepare("INSERT OR IGNORE INTO session VALUES (?, 'prj', '/home/alex/src/api', 't', '1.4.0', 1, 1)").run(s);
  }
  const insert = db.prepare("INSERT INTO message VALUES (?, ?, ?, ?, ?)");
  for (const r of rows) insert.run(r.id, r.session, r.at, r.at, JSON.stringify(r.data));
  db.close();
}

const assistant = (modelID: string) => ({
  role: "assistant",
  modelID,
  providerID: "anthropic",
  mode: "build",
  path: { cwd: "/home/alex/src/api", root: "/home/alex/src/api" },
  cost: 0.01,
  tokens: { input: 1200, output: 300, reasoning: 0, cache: { read: 18000, write: 0 } },
  time: { created: 1, completed: 2 },
});

const agent = (sessionId: string): InsightAgent => ({
  key: "opencode-31",
  provider: "opencode",
  pid: 31,
  sessionId,
  estimateRuns: false,
});
const at = (s: number) => new Date(Date.UTC(2026, 10, 30, 14, 0, s));

describe("OpenCode store", () => {
  it("names the newest assistant model of the hook session, and no context", async () => {
    write([
      { id: "msg_01", session: SESSION, at: 1000, data: { role: "user", time: { created: 1000 } } },
      { id: "msg_02", session: SESSION, at: 2000, data: assistant("claude-sonnet-4-5") },
      { id: "msg_03", session: SESSION, at: 3000, data: { role: "user", time: { created: 3000 } } },
      { id: "msg_04", session: OTHER, at: 4000, data: assistant("gpt-5.3-codex") },
    ]);
    const inspector = createInsights({
      paths: { claudeDir: "/nonexistent", codexHome: "/nonexistent", geminiDir: "/nonexistent", home },
    });
    const poll = await inspector.poll([agent(SESSION)], at(0));
    expect(poll.insights["opencode-31"]).toEqual({
      model: "claude-sonnet-4-5",
      resumeCommand: `opencode --session='${SESSION}'`,
    });
  });

  it("re-reads at most every 5 s per pane, and at once when the hook session id changes", async () => {
    write([{ id: "msg_01", session: SESSION, at: 1000, data: assistant("claude-sonnet-4-5") }]);
    const inspector = createInsights({ paths: { claudeDir: "/x", codexHome: "/x", geminiDir: "/x", home } });
    expect((await inspector.poll([agent(SESSION)], at(0))).insights["opencode-31"]?.model).toBe("claude-sonnet-4-5");
    write([
      { id: "msg_02", session: SESSION, at: 2000, data: assistant("claude-opus-4-6") },
      { id: "msg_03", session: OTHER, at: 2500, data: assistant("gpt-5.3-codex") },
    ]);
    expect((await inspector.poll([agent(SESSION)], at(2))).insights["opencode-31"]?.model).toBe("claude-sonnet-4-5");
    expect((await inspector.poll([agent(SESSION)], at(6))).insights["opencode-31"]?.model).toBe("claude-opus-4-6");
    expect((await inspector.poll([agent(OTHER)], at(7))).insights["opencode-31"]?.model).toBe("gpt-5.3-codex");
  });

  it("never crashes on a store that is not OpenCode's, and leaves the file unchanged", async () => {
    await fs.writeFile(dbFile, "not a database");
    const before = await fs.readFile(dbFile);
    const inspector = createInsights({ paths: { claudeDir: "/x", codexHome: "/x", geminiDir: "/x", home } });
    expect((await inspector.poll([agent(SESSION)], at(0))).insights["opencode-31"]?.model).toBeUndefined();
    expect(Buffer.compare(await fs.readFile(dbFile), before)).toBe(0);
    expect(nodeSqliteReader()).toBeDefined();
    expect(opencodeModel([{ data: "{" }, { data: JSON.stringify({ role: "assistant", modelID: 7 }) }])).toBeUndefined();
  });
});

describe("Cursor CLI store", () => {
  const CHAT = "ac437fdf-3e7e-4a54-98a4-7bb04fd3efc6";
  const CWD = "/home/alex/src/web";

  async function cursorStore(meta: object, hash: string): Promise<string> {
    const file = path.join(home, ".cursor", "chats", hash, CHAT, "store.db");
    await fs.mkdir(path.dirname(file), { recursive: true });
    const db = openWritable(file);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(
      "CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);",
    );
    db.prepare("INSERT INTO meta VALUES ('0', ?)").run(Buffer.from(JSON.stringify(meta)).toString("hex"));
    db.prepare("INSERT INTO blobs VALUES (?, ?)").run("9f2c", Buffer.from([0x0a, 0x02, 0x68, 0x69]));
    db.close();
    return file;
  }

  const cursor = (extra: Partial<InsightAgent> = {}): InsightAgent => ({
    key: "cursor-41",
    provider: "cursor",
    pid: 41,
    sessionId: CHAT,
    cwd: CWD,
    estimateRuns: false,
    ...extra,
  });
  const meta = {
    agentId: CHAT,
    latestRootBlobId: "9f2c",
    name: "Fix the header",
    mode: "plan",
    createdAt: 1796050000000,
    lastUsedModel: "gpt-5.3-codex",
  };

  it("reads model and plan mode from the meta row of the session's store (workspace dir = md5 of the cwd)", async () => {
    const { createHash } = await import("node:crypto");
    await cursorStore(meta, createHash("md5").update(CWD).digest("hex"));
    const inspector = createInsights({ paths: { claudeDir: "/x", codexHome: "/x", geminiDir: "/x", home } });
    const insight = (await inspector.poll([cursor()], at(0))).insights["cursor-41"];
    expect(insight).toMatchObject({ model: "gpt-5.3-codex", mode: "plan" });
    expect(insight?.contextLeftPercent).toBeUndefined();
  });

  it("finds the store without a cwd, and never reads another session's", async () => {
    await cursorStore({ ...meta, mode: "ask" }, "e4e90b7bcae743c9a1a1a045a49e1b1d");
    const inspector = createInsights({ paths: { claudeDir: "/x", codexHome: "/x", geminiDir: "/x", home } });
    expect((await inspector.poll([cursor({ cwd: undefined })], at(0))).insights["cursor-41"]).toMatchObject({
      model: "gpt-5.3-codex",
      mode: "ask",
    });
    const other = await createInsights({ paths: { claudeDir: "/x", codexHome: "/x", geminiDir: "/x", home } }).poll(
      [cursor({ sessionId: "11111111-2222-4333-8444-555555555555" })],
      at(0),
    );
    expect(other.insights["cursor-41"]?.model).toBeUndefined();
  });
});
