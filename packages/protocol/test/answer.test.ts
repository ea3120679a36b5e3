// formatAnswer (what a held hook prints), requestSummary (the safe one-line tool input) and the hold= header.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DENY_MESSAGE,
  formatAnswer,
  formatSpoolFile,
  parseSpoolFile,
  REQUEST_SUMMARY_MAX_CHARS,
  requestSummary,
} from "../src/index.js";

const payloads = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/payloads");
const approval = { kind: "approval" as const };

describe("formatAnswer", () => {
  it.each(["claude-code", "codex"] as const)("%s: allow and deny in the PermissionRequest decision shape", (p) => {
    expect(JSON.parse(formatAnswer(p, approval, { decision: "allow" }))).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
    // The escape sequence goes whole: no "[2J" left behind in the agent's transcript.
    expect(JSON.parse(formatAnswer(p, approval, { decision: "deny", message: "not\u001b[2J now" }))).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "not now" } },
    });
    expect(JSON.parse(formatAnswer(p, approval, { decision: "deny" })).hookSpecificOutput.decision.message).toBe(
      DEFAULT_DENY_MESSAGE,
    );
  });

  it("prints nothing for terminal, for a provider that is not held, and for an answer the request cannot take", () => {
    expect(formatAnswer("claude-code", approval, { decision: "terminal" })).toBe("");
    expect(formatAnswer("cursor", approval, { decision: "allow" })).toBe("");
    expect(formatAnswer("antigravity", approval, { decision: "allow" })).toBe("");
    // A question is never "allowed": an allow there would skip the person's choice.
    expect(formatAnswer("claude-code", { kind: "question" }, { decision: "allow" })).toBe("");
  });
});

describe("requestSummary", () => {
  it("names the command of a real PermissionRequest", () => {
    const payload = JSON.parse(readFileSync(path.join(payloads, "claude-code/PermissionRequest.json"), "utf8"));
    expect(requestSummary(payload.tool_input)).toBe("rm -rf target");
  });

  it("strips control characters, collapses white space and cuts at 300 characters with an ellipsis", () => {
    // The escape sequence goes whole (shownText), not only its introducer.
    expect(requestSummary({ command: "echo\u001b]0;pwned\u0007 hi\n\tthere\u202e" })).toBe("echo hi there");
    const long = requestSummary({ command: "x".repeat(5000) });
    expect(long).toHaveLength(REQUEST_SUMMARY_MAX_CHARS);
    expect(long.endsWith("…")).toBe(true);
    // A surrogate pair at the cut is never split.
    const emoji = requestSummary({ command: "😀".repeat(400) });
    expect(emoji.endsWith("😀…")).toBe(true);
    expect(requestSummary({ a: 1 })).toBe('{"a":1}');
    expect(requestSummary(undefined)).toBe("");
  });
});

describe("the hold= spool header", () => {
  const file = (hold: string) =>
    formatSpoolFile({ provider: "claude-code", event: "PermissionRequest", hold, env: {} }, "{}");
  it("keeps a well-formed helper name and drops anything else", () => {
    const ok = parseSpoolFile(file("4242.4241.0"));
    expect(ok.ok && ok.envelope.hold).toBe("4242.4241.0");
    for (const bad of ["../../etc/passwd", "4242", "a.b.c", "1.2.3/x"]) {
      const parsed = parseSpoolFile(file(bad));
      expect(parsed.ok && parsed.envelope.hold).toBe(undefined);
      expect(parsed.ok && parsed.droppedKeys).toContain("hold");
    }
  });
});
