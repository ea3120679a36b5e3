// Each provider's config read the way the provider itself reads it (docs/providers.md): Claude Code and Codex
// strict JSON, Gemini CLI JSON with comments (its own settings.json, target `gemini`, GEMINI_CLI_HOME honoured).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, makeHome, type Home } from "./harness.js";

let h: Home | undefined;
afterEach(() => h?.cleanup());

const entry = (home: Home, id: string) => home.json("status").value.providers.find((p) => p.id === id)!;

describe("Claude Code's settings.json is strict JSON", () => {
  it.each([
    ["a // comment", '{\n  "model": "opus",\n  // mine\n  "env": {}\n}\n', "a comment at line 3:3"],
    ["a /* comment */", '{ /* mine */ "model": "opus" }', "a comment at line 1:3"],
    ["a trailing comma", '{\n  "model": "opus",\n  "env": {},\n}\n', "a trailing comma at line 3:12"],
  ])("calls a file with %s invalid, names why and where, and never writes it", (_what, text, where) => {
    h = makeHome();
    fs.mkdirSync(path.dirname(h.claude), { recursive: true });
    fs.writeFileSync(h.claude, text);
    const claude = entry(h, "claude-code");
    expect(claude.status).toBe("invalid");
    expect(claude.detail).toContain(where);
    expect(claude.detail).toContain("Claude Code reads this file as strict JSON");
    expect(claude.detail).toContain("itself ignores the whole file");
    expect(h.json("status").code).toBe(1);
    const install = h.run("install", "claude-code");
    expect(install.code).toBe(1);
    expect(install.stdout).toContain(where);
    expect(h.run("fix").code).toBe(1);
    expect(fs.readFileSync(h.claude, "utf8")).toBe(text);
  });

  it("judges the commented fixture claude-code/tabs-comments-no-newline.json invalid at its first comment", () => {
    h = makeHome();
    const original = h.put(h.claude, "claude-code/tabs-comments-no-newline.json");
    expect(entry(h, "claude-code")).toMatchObject({ status: "invalid", problem: { line: 2, column: 2 } });
    expect(h.run("install", "claude-code").code).toBe(1);
    expect(fs.readFileSync(h.claude).equals(original)).toBe(true);
  });

  it("reads Codex's hooks.json as strict JSON too, and Cursor's with comments", () => {
    h = makeHome();
    fs.mkdirSync(path.dirname(h.codex), { recursive: true });
    fs.writeFileSync(h.codex, '{\n  // mine\n  "hooks": {}\n}\n');
    h.put(h.cursor, "cursor/no-version-comments.json");
    expect(entry(h, "codex")).toMatchObject({ status: "invalid", problem: { line: 2, column: 3 } });
    expect(entry(h, "codex").detail).toContain("Codex reads this file as strict JSON");
    expect(entry(h, "cursor").status).toBe("not-installed");
  });
});

describe("Gemini CLI (target gemini)", () => {
  it("installs into a CRLF, tabbed settings.json with another tool's hook and uninstall restores its bytes", () => {
    h = makeHome();
    const original = h.put(h.gemini, "gemini/crlf-tabs-other-hook.json");
    const install = h.run("install", "gemini");
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    const installed = fs.readFileSync(h.gemini, "utf8");
    expect(installed).toContain(
      `\r\n\t\t\t\t\t\t"command": ${JSON.stringify(`exec '${h.helper}' antigravity`)},\r\n\t\t\t\t\t\t"timeout": 5000\r\n`,
    );
    const status = h.json("status");
    expect(status.code).toBe(0);
    const gemini = status.value.providers.find((p) => p.id === "gemini")!;
    expect(gemini.status).toBe("installed");
    expect(gemini.configPath.endsWith(path.join(".gemini", "settings.json"))).toBe(true);
    // Antigravity's plugin is a separate entry, untouched.
    expect(entry(h, "antigravity").status).toBe("not-installed");
    expect(h.run("status").stdout).toContain("[✓] Gemini CLI hooks installed");
    expect(h.run("diff", "gemini").code).toBe(0);
    expect(h.run("fix", "gemini").code).toBe(0);
    expect(h.run("uninstall", "gemini").code).toBe(0);
    expect(fs.readFileSync(h.gemini).equals(original)).toBe(true);
  });

  it("honours GEMINI_CLI_HOME for the settings file", () => {
    h = makeHome();
    const elsewhere = path.join(h.home, "gemini-home");
    const env = { ...h.env, GEMINI_CLI_HOME: elsewhere };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], { env, encoding: "utf8", timeout: 20_000 });
    expect(run("install", "gemini").status).toBe(0);
    const file = path.join(elsewhere, ".gemini", "settings.json");
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(h.gemini)).toBe(false);
    const status = JSON.parse(run("status", "--json").stdout) as {
      providers: { id: string; configPath: string; status: string }[];
    };
    expect(status.providers.find((p) => p.id === "gemini")).toEqual({
      id: "gemini",
      configPath: file,
      status: "installed",
    });
  });

  it("accepts comments (strip-json-comments) but not a trailing comma, which Gemini CLI cannot load", () => {
    h = makeHome();
    h.put(h.gemini, "gemini/malformed-trailing-comma.json");
    const gemini = entry(h, "gemini");
    expect(gemini).toMatchObject({ status: "invalid", problem: { line: 4, column: 21 } });
    expect(gemini.detail).toContain("Gemini CLI accepts comments but no trailing commas");
    expect(h.run("install", "gemini").code).toBe(1);
  });

  it("keeps the legacy switches under hooks and says when Gemini CLI has hooks turned off", () => {
    h = makeHome();
    h.put(h.gemini, "gemini/legacy-hooks-switches.json");
    expect(h.run("install", "gemini").code).toBe(0);
    expect(entry(h, "gemini")).toMatchObject({ status: "installed" });
    expect(entry(h, "gemini").detail).toBeUndefined();
    const text = fs.readFileSync(h.gemini, "utf8");
    fs.writeFileSync(h.gemini, text.replace('"security"', '"hooksConfig": { "enabled": false },\n  "security"'));
    expect(entry(h, "gemini").detail).toContain("`hooksConfig.enabled` is false");
    const status = h.run("status");
    expect(status.code).toBe(1);
    expect(status.stdout).toContain(`[!] Gemini CLI hooks installed, but switched off (${h.gemini})`);
  });

  it("names gemini among the targets when one is unknown", () => {
    h = makeHome();
    const r = h.run("install", "gemini-cli");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("codex, claude-code, opencode, antigravity, cursor, gemini");
  });
});
