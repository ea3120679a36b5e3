// Which Claude Code hook events to write, and how the installed version is found (real temp dirs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CLAUDE_EVENTS,
  atLeast,
  claudeCodeSpec,
  claudeEventsFor,
  installText,
  installedClaudeVersion,
  parseVersion,
  planHookJson,
  resolvePaths,
} from "@mytty-bar/installers";

/** The version found, on Linux (no system dirs searched). */
const versionOf = (home: string, pathVar: string) => installedClaudeVersion(home, pathVar, "linux")?.version;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempRoot(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "claude-version-"));
  dirs.push(d);
  return d;
}

function put(file: string, text: string, mode = 0o644): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode });
  return file;
}

function link(target: string, at: string): void {
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(target, at);
}

const pkg = (version: string, name = "@anthropic-ai/claude-code") =>
  JSON.stringify({ name, version, bin: { claude: "cli.js" } });

describe("versions", () => {
  it("parses x.y.z with an optional v and suffix, nothing else", () => {
    expect(parseVersion("2.1.78")).toEqual([2, 1, 78]);
    expect(parseVersion("v2.0.45-beta.1")).toEqual([2, 0, 45]);
    expect(parseVersion("2.1.78 (Claude Code)")).toBeUndefined();
    expect(parseVersion("latest")).toBeUndefined();
  });

  it("compares numerically, and counts what it cannot parse as new enough", () => {
    expect(atLeast("2.1.100", "2.1.78")).toBe(true);
    expect(atLeast("2.1.9", "2.1.78")).toBe(false);
    expect(atLeast("2.1.78", "2.1.78")).toBe(true);
    expect(atLeast("10.0.0", "2.1.78")).toBe(true);
    expect(atLeast("weird", "2.1.78")).toBe(true);
  });

  it("writes every event when the version is unknown or tolerant, and holds back only what an old one lacks", () => {
    expect(claudeEventsFor(CLAUDE_EVENTS, undefined).events).toEqual([...CLAUDE_EVENTS]);
    expect(claudeEventsFor(CLAUDE_EVENTS, "2.1.101")).toEqual({ events: [...CLAUDE_EVENTS], withheld: [] });
    expect(claudeEventsFor(CLAUDE_EVENTS, "2.1.78").withheld).toEqual([{ event: "PostToolBatch", needs: "2.1.101" }]);
    expect(claudeEventsFor(CLAUDE_EVENTS, "2.0.44").withheld.map((w) => w.event)).toEqual([
      "PermissionRequest",
      "PostToolBatch",
      "Elicitation",
      "ElicitationResult",
      "StopFailure",
    ]);
    // The Elicitation hooks arrived in 2.1.76, StopFailure in 2.1.78.
    expect(claudeEventsFor(CLAUDE_EVENTS, "2.1.75").withheld.map((w) => w.event)).toEqual([
      "PostToolBatch",
      "Elicitation",
      "ElicitationResult",
      "StopFailure",
    ]);
    expect(claudeEventsFor(CLAUDE_EVENTS, "2.1.76").withheld.map((w) => w.event)).toEqual([
      "PostToolBatch",
      "StopFailure",
    ]);
    expect(claudeEventsFor(CLAUDE_EVENTS, "1.0.70").events).toEqual([
      "SessionStart",
      "SessionEnd",
      "UserPromptSubmit",
      "Notification",
      "Stop",
    ]);
  });
});

describe("installedClaudeVersion", () => {
  it("reads a native install's version from the file the symlink on PATH points at", () => {
    const root = tempRoot();
    const binary = put(
      path.join(root, "home", ".local", "share", "claude", "versions", "2.1.77"),
      "#!/bin/sh\n",
      0o755,
    );
    link(binary, path.join(root, "bin", "claude"));
    expect(versionOf(path.join(root, "nobody"), path.join(root, "bin"))).toBe("2.1.77");
  });

  it("reads an npm global install's package.json (bin symlink → cli.js)", () => {
    const root = tempRoot();
    const pkgDir = path.join(root, "lib", "node_modules", "@anthropic-ai", "claude-code");
    put(path.join(pkgDir, "package.json"), pkg("2.0.50"));
    const cli = put(path.join(pkgDir, "cli.js"), "#!/usr/bin/env node\n", 0o755);
    link(cli, path.join(root, "bin", "claude"));
    expect(versionOf(path.join(root, "nobody"), `/nonexistent:${path.join(root, "bin")}`)).toBe("2.0.50");
  });

  it("reads a Homebrew cask's version directory", () => {
    const root = tempRoot();
    const binary = put(path.join(root, "Caskroom", "claude-code", "2.1.90", "claude"), "#!/bin/sh\n", 0o755);
    link(binary, path.join(root, "bin", "claude"));
    expect(versionOf(path.join(root, "nobody"), path.join(root, "bin"))).toBe("2.1.90");
  });

  it("finds the old ~/.claude/local wrapper without PATH, and its package beside it", () => {
    const home = tempRoot();
    const local = path.join(home, ".claude", "local");
    put(path.join(local, "claude"), '#!/bin/sh\nexec "$HOME/.claude/local/node_modules/.bin/claude" "$@"\n', 0o755);
    put(path.join(local, "node_modules", "@anthropic-ai", "claude-code", "package.json"), pkg("1.0.90"));
    expect(versionOf(home, "")).toBe("1.0.90");
  });

  it("says unknown for a claude it cannot place, another package's json, or none at all", () => {
    const root = tempRoot();
    put(path.join(root, "a", "claude"), "#!/bin/sh\n", 0o755);
    put(path.join(root, "b", "package.json"), pkg("9.9.9", "not-claude"));
    put(path.join(root, "b", "claude"), "#!/bin/sh\n", 0o755);
    expect(versionOf(path.join(root, "nobody"), path.join(root, "a"))).toBeUndefined();
    expect(versionOf(path.join(root, "nobody"), path.join(root, "b"))).toBeUndefined();
    expect(versionOf(path.join(root, "nobody"), "")).toBeUndefined();
  });

  it("takes the claude on PATH; without one, the native install before nvm's, and names it", () => {
    const home = tempRoot();
    const native = put(path.join(home, ".local", "share", "claude", "versions", "2.1.240"), "#!/bin/sh\n", 0o755);
    link(native, path.join(home, ".local", "bin", "claude"));
    const nvmBin = (node: string, version: string) => {
      const pkgDir = path.join(
        home,
        ".nvm",
        "versions",
        "node",
        node,
        "lib",
        "node_modules",
        "@anthropic-ai",
        "claude-code",
      );
      put(path.join(pkgDir, "package.json"), pkg(version));
      const cli = put(path.join(pkgDir, "cli.js"), "#!/usr/bin/env node\n", 0o755);
      const bin = path.join(home, ".nvm", "versions", "node", node, "bin");
      link(cli, path.join(bin, "claude"));
      return bin;
    };
    const old = nvmBin("v18.20.0", "2.0.77");
    // The user's shell runs nvm's Node 18: that claude is the one to respect.
    expect(installedClaudeVersion(home, `/usr/bin:${old}`, "linux")).toEqual({
      version: "2.0.77",
      path: path.join(old, "claude"),
    });
    // A Finder-started app sees neither dir on PATH: the native install, not a leftover in nvm.
    expect(installedClaudeVersion(home, "/usr/bin:/bin", "linux")).toEqual({
      version: "2.1.240",
      path: path.join(home, ".local", "bin", "claude"),
    });
    // No native install: nvm's newest Node first (v20.10 before v18.20 and v9).
    fs.rmSync(path.join(home, ".local"), { recursive: true });
    nvmBin("v20.10.0", "2.1.100");
    nvmBin("v9.0.0", "1.0.1");
    expect(installedClaudeVersion(home, "/usr/bin:/bin", "linux")?.version).toBe("2.1.100");
  });
});

describe("Claude Code events when the version cannot be told", () => {
  const paths = resolvePaths({ env: { HOME: "/home/sam" }, platform: "linux" });

  it("writes and demands every event, so removing one by hand is still a repair", () => {
    const text = installText(null, claudeCodeSpec(paths))!;
    for (const e of CLAUDE_EVENTS) expect(text).toContain(`"${e}"`);
    const handEdited = text.replace('"PermissionRequest"', '"PermissionRequestX"');
    const plan = planHookJson(claudeCodeSpec(paths), handEdited, () => undefined);
    expect(plan.status).toBe("needs-repair");
    expect(plan.detail).toContain("PermissionRequest: missing");
  });
});
