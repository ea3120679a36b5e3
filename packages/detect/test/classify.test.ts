import { describe, expect, it } from "vitest";
import { classifyProcess, isShell, parseHint, providerOf, variantOf } from "@mytty-bar/detect";

describe("classifyProcess (docs/terminals.md#which-process-is-an-agent)", () => {
  it.each([
    [undefined, ["cursor-agent"], "cursor"],
    ["/Users/a/.local/share/cursor-agent/versions/1/cursor-agent", ["agent", "--use-system-ca"], "cursor"],
    [undefined, ["agy"], "antigravity"],
    [undefined, ["/opt/antigravity/bin/claude"], "antigravity"],
    [undefined, ["claude", "--resume"], "claude-code"],
    [undefined, ["node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"], "claude-code"],
    [undefined, ["opencode"], "opencode"],
    [undefined, ["codex-aarch64-apple-darwin"], "codex"],
    [undefined, ["node", "/usr/lib/node_modules/@openai/codex/bin/codex.js"], "codex"],
    [undefined, ["gemini"], "antigravity"],
    [undefined, ["/bin/sh", "/tmp/bin/gemini-cli"], "antigravity"],
  ] as const)("%s %j → %s", (exe, argv, provider) => {
    expect(classifyProcess(exe, argv)?.provider).toBe(provider);
  });

  it("keeps the order: cursor-agent before anything else in the same invocation", () => {
    expect(classifyProcess(undefined, ["cursor-agent", "claude"])?.provider).toBe("cursor");
  });

  it("looks at argv[0] and argv[1] only", () => {
    expect(classifyProcess(undefined, ["node", "--flag", "/x/claude"])).toBeUndefined();
  });

  it("skips desktop apps inside a bundle even when the name matches", () => {
    expect(
      classifyProcess("/Applications/Claude.app/Contents/MacOS/Claude", [
        "/Applications/Claude.app/Contents/MacOS/Claude",
      ]),
    ).toBeUndefined();
    expect(classifyProcess(undefined, ["/Applications/Antigravity.app/Contents/MacOS/Antigravity"])).toBeUndefined();
  });

  it("never uses comm: Claude's native binary named after its version is found by argv[0]", () => {
    expect(providerOf({ executable: "/Users/a/.local/share/claude/versions/2.1.139", argv: ["claude"] })).toBe(
      "claude-code",
    );
    expect(providerOf({ argv: ["node", "server.js"] })).toBeUndefined();
  });

  it("tells Gemini CLI from Antigravity using every argv entry", () => {
    expect(classifyProcess(undefined, ["node", "/opt/homebrew/bin/gemini"])).toEqual({
      provider: "antigravity",
      variant: "gemini",
    });
    expect(classifyProcess(undefined, ["agy"])).toEqual({ provider: "antigravity", variant: "antigravity" });
    expect(variantOf(undefined, ["node", "--max-old-space-size=8192", "/x/gemini-cli/dist/index.js"])).toBe("gemini");
  });
});

describe("parseHint (docs/terminals.md#wrappers-and-the-mytty_agent-hint)", () => {
  it("trims and lowercases, then accepts exact provider ids only", () => {
    expect(parseHint("  Claude-Code \n")).toBe("claude-code");
    expect(parseHint("CODEX")).toBe("codex");
    expect(parseHint("claude")).toBeUndefined();
    expect(parseHint("gemini")).toBeUndefined();
    expect(parseHint("")).toBeUndefined();
    expect(parseHint(undefined)).toBeUndefined();
  });
});

describe("isShell", () => {
  it("recognises login shells by their dashed argv[0]", () => {
    expect(isShell(undefined, ["-zsh"])).toBe(true);
    expect(isShell("/usr/bin/dash", ["/bin/sh", "x.sh"])).toBe(true);
    expect(isShell(undefined, ["vim"])).toBe(false);
  });
});
