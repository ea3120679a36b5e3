// POSIX quoting and resume commands (docs/architecture.md#ids-hygiene-and-quoting).
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isGeminiCli, posixQuote, resumeCommand } from "@mytty-bar/protocol";
import type { ProviderId } from "@mytty-bar/protocol";

describe("posixQuote", () => {
  it.each([
    ["plain", "abc", "'abc'"],
    ["empty", "", "''"],
    ["single quote", "it's", "'it'\\''s'"],
    ["path with a space", "/Users/a/Library/Application Support/x", "'/Users/a/Library/Application Support/x'"],
  ])("%s", (_name, input, expected) => {
    expect(posixQuote(input)).toBe(expected);
  });

  it("a real sh reads back every byte sequence it quotes", () => {
    const nasty = `a'b"c$HOME \`id\` \\n\n*; rm -rf / ''' é`;
    expect(execFileSync("sh", ["-c", `printf %s ${posixQuote(nasty)}`], { encoding: "utf8" })).toBe(nasty);
  });
});

describe("resumeCommand", () => {
  const id = "4f2c-'x";
  it.each([
    ["codex", undefined, [], "codex resume -- '4f2c-'\\''x'"],
    ["claude-code", undefined, [], "claude --resume='4f2c-'\\''x'"],
    ["opencode", undefined, [], "opencode --session='4f2c-'\\''x'"],
    ["cursor", undefined, [], "cursor-agent --resume='4f2c-'\\''x'"],
    ["antigravity", "/usr/local/bin/agy", ["agy"], "agy --conversation='4f2c-'\\''x'"],
    ["antigravity", "/opt/homebrew/bin/gemini", ["gemini"], "gemini --resume='4f2c-'\\''x'"],
    [
      "antigravity",
      "/usr/bin/node",
      ["node", "--no-warnings", "/usr/lib/node_modules/@google/gemini-cli/dist/index.js"],
      "gemini --resume='4f2c-'\\''x'",
    ],
  ] as const)("%s via %s", (provider, executable, argv, expected) => {
    expect(resumeCommand({ provider: provider as ProviderId, sessionId: id, executable, argv })).toBe(expected);
  });

  it("an invalid session id means no command", () => {
    expect(resumeCommand({ provider: "codex", sessionId: "abc\n; rm -rf ~" })).toBeUndefined();
    expect(resumeCommand({ provider: "claude-code", sessionId: " padded" })).toBeUndefined();
  });
});

describe("isGeminiCli: executable and all argv, lowercased, by basename or /gemini-cli/", () => {
  it.each([
    [undefined, ["GEMINI"], true],
    ["/x/bin/gemini-cli", [], true],
    ["/usr/bin/node", ["node", "a", "b", "/home/u/.npm/gemini-cli/index.js"], true],
    ["/usr/local/bin/agy", ["agy", "--model", "gemini"], true],
    ["/usr/local/bin/agy", ["agy", "--model=gemini-pro"], false],
    ["/Applications/Antigravity.app/x/antigravity", [], false],
    [undefined, [], false],
  ] as const)("%s %j → %s", (executable, argv, expected) => {
    expect(isGeminiCli(executable, argv)).toBe(expected);
  });
});
