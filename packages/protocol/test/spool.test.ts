// Spool file parser/writer (docs/architecture.md#spool-file; decisions documented in src/spool-codec.ts).
import { describe, expect, it } from "vitest";
import {
  formatSpoolFile,
  parseSpoolFile,
  SPOOL_MAX_HEADER_BYTES,
  SPOOL_MAX_PAYLOAD_BYTES,
  SPOOL_MAX_PAYLOAD_DEPTH,
} from "@mytty-bar/protocol";
import type { SpoolEnvelope, SpoolErrorCode, SpoolParseResult } from "@mytty-bar/protocol";
import { loadFixture } from "./fixtures.js";

const enc = new TextEncoder();
const bytes = (s: string) => enc.encode(s);
const head = "mytty-bar-spool 1\nprovider=codex\n";
const codeOf = (r: SpoolParseResult) => (r.ok ? "ok" : r.error.code);

describe("parseSpoolFile: good input", () => {
  it("round-trips what formatSpoolFile writes", () => {
    const envelope: SpoolEnvelope = {
      provider: "cursor",
      event: "preToolUse",
      ppid: 4242,
      pid: 4250,
      cwd: "/home/sam/work/my project",
      env: { term_program: "iTerm.app", tmux_pane: "%3", iterm_session_id: "w0t1p0:ABC", mytty_agent: "cursor" },
    };
    const payload = loadFixture("cursor", "preToolUse");
    const result = parseSpoolFile(formatSpoolFile(envelope, JSON.stringify(payload)));
    expect(result).toEqual({ ok: true, envelope, payload, ignoredKeys: [], droppedKeys: [] });
  });

  it("removes escape sequences from every header value, local or a host's (a pane id cannot set a title)", () => {
    const esc = "\u001b]0;owned\u0007\u001b]52;c;ZWNobyBoaQ==\u0007\u001b[2J\u009b31m";
    const file = `${head}tmux_pane=%7${esc}\nterm_program=iTerm.app${esc}\ncwd=/w${esc}\n\n{"session_id":"s"}`;
    const result = parseSpoolFile(bytes(file));
    expect(result.ok && result.envelope).toEqual({
      provider: "codex",
      cwd: "/w",
      env: { tmux_pane: "%7", term_program: "iTerm.app" },
    });
  });

  it("accepts exactly the helper's bytes, with an empty value meaning absent", () => {
    const file = `${head}event=\nppid=77\ntmux=\ncwd=/a=b\n\n{"session_id":"s"}`;
    expect(parseSpoolFile(bytes(file))).toEqual({
      ok: true,
      envelope: { provider: "codex", ppid: 77, cwd: "/a=b", env: {} },
      payload: { session_id: "s" },
      ignoredKeys: [],
      droppedKeys: [],
    });
  });

  it("skips unknown keys and reports each once (keys are case-sensitive)", () => {
    const r = parseSpoolFile(bytes(`${head}colour=blue\nTERM_PROGRAM=x\ncolour=red\n\n{}`));
    expect(r).toMatchObject({ ok: true, ignoredKeys: ["colour", "TERM_PROGRAM"], envelope: { env: {} } });
  });

  it("drops a value over 512 bytes (the event survives) and reports the key; 512 is fine", () => {
    const r = parseSpoolFile(bytes(`${head}term_program=${"x".repeat(512)}\nterm_session_id=${"é".repeat(257)}\n\n{}`));
    expect(r).toMatchObject({
      ok: true,
      droppedKeys: ["term_session_id"],
      envelope: { env: { term_program: "x".repeat(512) } },
    });
  });

  it("drops malformed pids instead of failing", () => {
    for (const bad of ["0", "-1", "12a", "99999999999", " 12"]) {
      expect(parseSpoolFile(bytes(`${head}ppid=${bad}\n\n{}`))).toMatchObject({
        ok: true,
        droppedKeys: ["ppid"],
        envelope: { provider: "codex", env: {} },
      });
    }
  });

  it("keeps a payload of exactly 1 MiB and a nesting of exactly the limit", () => {
    const pad = SPOOL_MAX_PAYLOAD_BYTES - '{"p":""}'.length;
    expect(codeOf(parseSpoolFile(bytes(`${head}\n{"p":"${"a".repeat(pad)}"}`)))).toBe("ok");
    const deep = `${'{"a":'.repeat(SPOOL_MAX_PAYLOAD_DEPTH)}1${"}".repeat(SPOOL_MAX_PAYLOAD_DEPTH)}`;
    expect(codeOf(parseSpoolFile(bytes(`${head}\n${deep}`)))).toBe("ok");
  });

  it("ignores brackets inside strings when measuring depth", () => {
    expect(codeOf(parseSpoolFile(bytes(`${head}\n{"s":"${"[".repeat(500)}\\"${"{".repeat(200)}"}`)))).toBe("ok");
  });
});

describe("parseSpoolFile: bad input gives a typed error", () => {
  const cases: [string, string | Uint8Array, SpoolErrorCode][] = [
    ["empty file", "", "bad-magic"],
    ["other magic", "hello\nprovider=codex\n\n{}", "bad-magic"],
    ["version with trailing space", "mytty-bar-spool 1 \nprovider=codex\n\n{}", "unsupported-version"],
    ["future version", "mytty-bar-spool 2\nprovider=codex\n\n{}", "unsupported-version"],
    ["no blank line", "mytty-bar-spool 1\nprovider=codex\n{}", "bad-header-line"],
    ["line without =", `${head}garbage\n\n{}`, "bad-header-line"],
    ["empty key", `${head}=x\n\n{}`, "bad-header-line"],
    ["known key twice", `${head}cwd=/a\ncwd=/b\n\n{}`, "bad-header-line"],
    ["header not UTF-8", new Uint8Array([...bytes(`${head}cwd=`), 0xff, 0xfe, 10, 10, 123, 125]), "bad-header-line"],
    ["header over 16 KiB", `${head}${"x=1\n".repeat(SPOOL_MAX_HEADER_BYTES / 4)}\n{}`, "header-too-large"],
    ["no provider", "mytty-bar-spool 1\ncwd=/a\n\n{}", "missing-provider"],
    ["provider too long", `mytty-bar-spool 1\nprovider=${"c".repeat(513)}\n\n{}`, "missing-provider"],
    ["unknown provider", "mytty-bar-spool 1\nprovider=gemini\n\n{}", "unknown-provider"],
    ["payload over 1 MiB", `${head}\n{"p":"${"a".repeat(SPOOL_MAX_PAYLOAD_BYTES)}"}`, "payload-too-large"],
    [
      "payload too deep",
      `${head}\n${"[".repeat(SPOOL_MAX_PAYLOAD_DEPTH + 1)}${"]".repeat(SPOOL_MAX_PAYLOAD_DEPTH + 1)}`,
      "payload-too-deep",
    ],
    ["payload not UTF-8", new Uint8Array([...bytes(`${head}\n{"a":"`), 0xc3, 0x28, 34, 125]), "payload-not-json"],
    ["payload cut short", `${head}\n{"session_id":`, "payload-not-json"],
    ["empty payload", `${head}\n`, "payload-not-json"],
    ["payload an array", `${head}\n[1,2]`, "payload-not-object"],
    ["payload null", `${head}\nnull`, "payload-not-object"],
    ["payload a string", `${head}\n"hi"`, "payload-not-object"],
  ];

  it.each(cases.map(([name, input, code]) => ({ name, input, code })))("$name → $code", ({ input, code }) => {
    const result = parseSpoolFile(typeof input === "string" ? bytes(input) : input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(0);
    }
  });
});

describe("parseSpoolFile never throws", () => {
  // Deterministic PRNG so a failure reproduces.
  function rng(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const valid = formatSpoolFile(
    { provider: "claude-code", ppid: 12, cwd: "/w", env: { tmux: "/tmp/tmux-1/default,1,0" } },
    JSON.stringify(loadFixture("claude-code", "Stop-background-two-agents")),
  );
  const alphabet = bytes('mytty-bar-spool 1\n=provider{}[]":,\\ claude-codex\n\n');

  it("on random bytes, random structure and mutated valid files", () => {
    const random = rng(20261102);
    const codes = new Set<string>();
    for (let i = 0; i < 3000; i += 1) {
      const mode = i % 3;
      let input: Uint8Array;
      if (mode === 0) {
        input = Uint8Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256));
      } else if (mode === 1) {
        input = Uint8Array.from(
          { length: Math.floor(random() * 200) },
          () => alphabet[Math.floor(random() * alphabet.length)]!,
        );
      } else {
        input = random() < 0.3 ? valid.slice(0, Math.floor(random() * (valid.length + 1))) : valid.slice();
        for (let flips = Math.floor(random() * 3); flips > 0; flips -= 1)
          input[Math.floor(random() * input.length)] = Math.floor(random() * 256);
      }
      const result = parseSpoolFile(input);
      codes.add(codeOf(result));
      if (result.ok) expect(typeof result.payload).toBe("object");
    }
    // The loop reached past the magic check, into headers and payloads.
    expect(codes).toContain("bad-magic");
    expect(codes).toContain("ok");
    expect(codes).toContain("payload-not-json");
  });
});

describe("formatSpoolFile", () => {
  it("writes the helper's layout and leaves out values holding a newline", () => {
    const out = new TextDecoder().decode(
      formatSpoolFile(
        { provider: "opencode", cwd: "/a\nprovider=codex", env: { term_program: "WezTerm" } },
        new Uint8Array([123, 125]),
      ),
    );
    expect(out).toBe("mytty-bar-spool 1\nprovider=opencode\nterm_program=WezTerm\n\n{}");
  });
});
