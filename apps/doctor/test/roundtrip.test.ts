// Install → uninstall restores the original bytes, for every real-shaped fixture; a second install
// writes nothing; an invalid file is never written by any command.
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { backupsOf, fixtures, makeHome, type Home } from "./harness.js";

let h: Home;
afterEach(() => h?.cleanup());

const FILES = {
  "claude-code": "claude",
  codex: "codex",
  cursor: "cursor",
  gemini: "gemini",
  "codex-agents-md": "agentsMd",
} as const;
const target = (dir: string, home: Home) => home[FILES[dir as keyof typeof FILES]];
const providerOf = (dir: string) => (dir === "codex-agents-md" ? "codex" : dir);

describe.each(["claude-code", "codex", "cursor", "gemini", "codex-agents-md"])("%s fixtures", (dir) => {
  it.each(fixtures(dir, true))("install then uninstall restores the exact bytes of %s", (fixture) => {
    h = makeHome();
    const file = target(dir, h);
    const original = h.put(file, fixture);
    const install = h.run("install", providerOf(dir));
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    const installed = fs.readFileSync(file);
    expect(installed.equals(original)).toBe(false);
    const status = h.json("status");
    const item =
      dir === "codex-agents-md"
        ? status.value.pointers.find((p) => p.provider === "codex")
        : status.value.providers.find((p) => p.id === dir);
    expect(item?.status).toBe("installed");
    expect(status.code).toBe(0);

    // Idempotent: nothing written, no new backup.
    const backups = backupsOf(h);
    const mtime = fs.statSync(file).mtimeMs;
    const again = h.run("install", providerOf(dir));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(fs.readFileSync(file).equals(installed)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(backupsOf(h)).toEqual(backups);

    const un = h.run("uninstall", providerOf(dir));
    expect(un.code).toBe(0);
    expect(fs.readFileSync(file).toString("latin1")).toBe(original.toString("latin1"));
  });

  it.each(fixtures(dir, false))("never writes the invalid %s", (fixture) => {
    h = makeHome();
    const file = target(dir, h);
    const original = h.put(file, fixture);
    const past = new Date("2024-01-02T03:04:05Z");
    fs.utimesSync(file, past, past);
    const status = h.json("status");
    expect(status.code).toBe(1);
    const item =
      dir === "codex-agents-md"
        ? status.value.pointers.find((p) => p.provider === "codex")
        : status.value.providers.find((p) => p.id === dir);
    expect(item?.status).toBe("invalid");
    for (const args of [["install", providerOf(dir)], ["fix"], ["uninstall", providerOf(dir)], ["install"]]) {
      const r = h.run(...args);
      if (args[0] !== "uninstall") expect(r.code).toBe(1);
      expect(fs.readFileSync(file).equals(original)).toBe(true);
      expect(fs.statSync(file).mtimeMs).toBe(past.getTime());
    }
    expect(h.run("diff", providerOf(dir)).stdout).not.toContain(file);
  });
});

it("reports an invalid file with its line, column and what to do by hand", () => {
  h = makeHome();
  h.put(h.claude, "claude-code/malformed-trailing-comma.json");
  const { value } = h.json("status");
  const claude = value.providers.find((p) => p.id === "claude-code")!;
  const message = `a trailing comma at line 4:15: Claude Code reads this file as strict JSON (no comments, no trailing commas) and itself ignores the whole file ("Invalid or malformed JSON") because of it; remove it`;
  expect(claude.problem).toEqual({ line: 4, column: 15, message });
  const text = h.run("status").stdout;
  expect(text).toContain(
    `${h.claude}:4:15: ${message}. mytty-doctor never writes a file it cannot read: fix it by hand`,
  );
});

it.each([
  ["claude-code/shape-root-array.json", 1, 1, "the top level is not a JSON object"],
  ["claude-code/shape-hooks-array.json", 2, 12, `"hooks" is not an object`],
  ["claude-code/shape-event-object.json", 3, 13, `"hooks.Stop" is not an array of objects`],
  ["claude-code/shape-event-strings.json", 3, 13, `"hooks.Stop" is not an array of objects`],
])("treats the wrong shape in %s as invalid at %i:%i", (fixture, line, column, message) => {
  h = makeHome();
  h.put(h.claude, fixture);
  const claude = h.json("status").value.providers.find((p) => p.id === "claude-code")!;
  expect(claude).toMatchObject({ status: "invalid", problem: { line, column, message } });
});

it("refuses a Codex hooks.json with a root key Codex rejects", () => {
  h = makeHome();
  h.put(h.codex, "codex/schema-key.json");
  const codex = h.json("status").value.providers.find((p) => p.id === "codex")!;
  expect(codex.status).toBe("invalid");
  expect(codex.problem?.message).toContain(`unknown top-level key "$schema"`);
});
