// Identifier hygiene (docs/architecture.md#ids-hygiene-and-quoting).
import { describe, expect, it } from "vitest";
import {
  clampUtf8,
  promptSnippet,
  sanitizeLabel,
  sanitizeMessage,
  sanitizeSessionId,
  sanitizeToolName,
  sanitizeToolUseId,
  shownText,
} from "@mytty-bar/protocol";

describe("session ids: validated, never repaired", () => {
  it.each([
    ["plain uuid", "6f1c2a9e-3b7d-4e21-9a54-0c8e7b12d345", "6f1c2a9e-3b7d-4e21-9a54-0c8e7b12d345"],
    ["256 bytes", "a".repeat(256), "a".repeat(256)],
    ["257 bytes", "a".repeat(257), undefined],
    ["256 bytes of 2-byte chars", "é".repeat(128), "é".repeat(128)],
    ["258 bytes of 2-byte chars", "é".repeat(129), undefined],
    ["empty", "", undefined],
    ["leading space", " abc", undefined],
    ["trailing newline", "abc\n", undefined],
    ["inner newline (Cc)", "ab\ncd", undefined],
    ["zero-width joiner (Cf)", "ab\u200dcd", undefined],
    ["BOM (Cf)", "\ufeffabc", undefined],
    ["soft hyphen (Cf)", "ab\u00adcd", undefined],
    ["inner space is fine", "ab cd", "ab cd"],
    ["number", 42, undefined],
    ["null", null, undefined],
  ])("%s", (_name, input, expected) => {
    expect(sanitizeSessionId(input)).toBe(expected);
  });
});

describe("tool names and tool_use_ids: stripped and clamped, never rejected", () => {
  it.each([
    ["newline id", sanitizeToolUseId, "call-abc-1\nfc_def_1", "call-abc-1fc_def_1"],
    ["Cf chars", sanitizeToolName, "Ba\u200bsh\u00ad", "Bash"],
    ["only controls → absent", sanitizeToolName, "\n\t\u200b", undefined],
    ["empty → absent", sanitizeToolUseId, "", undefined],
    ["non-string → absent", sanitizeToolName, 7, undefined],
    ["tool name clamps at 128 bytes", sanitizeToolName, "x".repeat(200), "x".repeat(128)],
    ["tool id clamps at 256 bytes", sanitizeToolUseId, "y".repeat(300), "y".repeat(256)],
    ["clamp stops before a split 4-byte char", sanitizeToolName, `${"x".repeat(126)}😀`, "x".repeat(126)],
    ["clamp keeps a whole 4-byte char that fits", sanitizeToolName, `${"x".repeat(124)}😀z`, `${"x".repeat(124)}😀`],
    ["spaces are kept", sanitizeToolName, " mcp tool ", " mcp tool "],
  ] as const)("%s", (_name, fn, input, expected) => {
    expect(fn(input)).toBe(expected);
  });

  it("clampUtf8 never produces U+FFFD", () => {
    expect(clampUtf8("ééé", 5)).toBe("éé");
  });
});

describe("labels, prompt snippets, messages", () => {
  it.each([
    ["trimmed", "  claude-opus-5 \n", "claude-opus-5"],
    ["blank", "   ", undefined],
    ["control inside", "gpt\u00075", undefined],
    ["128 bytes", "m".repeat(128), "m".repeat(128)],
    ["129 bytes", "m".repeat(129), undefined],
  ])("label: %s", (_name, input, expected) => {
    expect(sanitizeLabel(input)).toBe(expected);
  });

  it("prompt snippets collapse white space and controls and clamp to 400 code points", () => {
    expect(promptSnippet("  fix\n\n the\tbug\u0000 now ")).toBe("fix the bug now");
    expect(promptSnippet("😀".repeat(500))).toBe("😀".repeat(400));
    expect(promptSnippet(" \n ")).toBeUndefined();
  });

  it("messages are one line and fit the event schema without splitting a surrogate pair", () => {
    expect(sanitizeMessage("a\nb")).toBe("a b");
    expect(sanitizeMessage(`${"x".repeat(999)}😀`)).toBe("x".repeat(999));
    expect(sanitizeMessage(42)).toBeUndefined();
  });
});

describe("shownText (a watched host's text, docs/remote.md#what-a-host-can-send)", () => {
  it("removes escape sequences whole, then every other Cc/Cf character", () => {
    expect(
      shownText(
        "%1\u001b]2;title\u0007\u001b]52;c;ZWNobw==\u001b\\\u001b[2J\u009b31m\u009d0;t\u009c\u001bPq\u001b\\\u001bc ok",
      ),
    ).toBe("%1 ok");
    expect(shownText("a\u0000b\u007fc\u0085d\u202ee\u200bf")).toBe("abcdef");
    expect(shownText("plain ünïcode · text")).toBe("plain ünïcode · text");
  });
});
