// Which SQLite reader status finds for OpenCode's and Cursor's stores, and the one neutral line it shows
// with neither (better-sqlite3 is optional: npm leaves it out where it cannot build). Real package layouts
// in a temp dir, resolved the way Node resolves them.
import fs from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openSession, resolvePaths } from "@mytty-bar/installers";
import { buildReport, renderText, viewLines } from "../src/report.js";
import { sqliteReaderName, type SqliteProbe } from "../src/sqlite-reader.js";
import { statusExitCode } from "../src/status-json.js";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-sqlite-reader-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A checkout in `dir`: better-sqlite3 absent, unpacked without its build, or built. */
function probe(layout: "absent" | "unbuilt" | "built", builtin = false): SqliteProbe {
  const pkg = path.join(dir, "node_modules", "better-sqlite3");
  if (layout !== "absent") {
    fs.mkdirSync(path.join(pkg, "lib"), { recursive: true });
    fs.writeFileSync(path.join(pkg, "package.json"), '{"name":"better-sqlite3","main":"lib/index.js"}');
    fs.writeFileSync(path.join(pkg, "lib", "index.js"), "");
  }
  if (layout === "built") {
    fs.mkdirSync(path.join(pkg, "build", "Release"), { recursive: true });
    fs.writeFileSync(path.join(pkg, "build", "Release", "better_sqlite3.node"), "");
  }
  return {
    isBuiltin: (id) => builtin && id === "node:sqlite",
    resolve: (id) => createRequire(path.join(dir, "index.js")).resolve(id),
    exists: (file) => fs.existsSync(file),
  };
}

it("prefers node:sqlite, else a built better-sqlite3, else none (absent, or unpacked without its addon)", () => {
  expect(sqliteReaderName(probe("absent", true))).toBe("node:sqlite");
  expect(sqliteReaderName(probe("absent"))).toBe("none");
  expect(sqliteReaderName(probe("unbuilt"))).toBe("none");
  expect(sqliteReaderName(probe("built"))).toBe("better-sqlite3");
  // This checkout, on this Node: the one the engine's insights/sqlite.ts would open.
  expect(sqliteReaderName()).toBe(isBuiltin("node:sqlite") ? "node:sqlite" : "better-sqlite3");
});

it("with no SQLite reader, status shows one neutral line naming the fix, and it is no issue", () => {
  const home = path.join(dir, "home");
  const paths = resolvePaths({ env: { HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") } });
  const session = openSession({ paths, settings: { pointers: true } });
  const report = buildReport(paths, session, { running: false });
  // This checkout has a reader: no field, no line.
  expect(report.sqlite).toBeUndefined();
  const line = `[-] OpenCode and Cursor rows show no model: this Node (${process.version}) has no node:sqlite and better-sqlite3 is not installed. Use Node >= 22.13, or run \`npm install\` again with make, g++ and python3 on PATH.`;
  expect(renderText("t", viewLines(session.plans(), report), [])).not.toContain("rows show no model");
  const missing = { ...report, sqlite: "missing" as const };
  expect(renderText("t", viewLines(session.plans(), missing), []).split("\n")).toContain(line);
  expect(statusExitCode(missing)).toBe(statusExitCode(report));
});
