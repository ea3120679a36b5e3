// The statusLine JSON recorded from Claude Code 2.1.332 against the Anthropic stand-in (API-key billing):
// no rate_limits, so no usage windows, and nothing in its extra fields is mistaken for one.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { claudeStatusLineUsage } from "../src/insights/usage.js";

const file = fileURLToPath(new URL("../../../fixtures/statusline/claude-code-2.1.332-api-key.json", import.meta.url));
const input = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

describe("claudeStatusLineUsage on a real API-key statusLine input", () => {
  it("finds no usage windows", () => {
    expect(input.version).toBe("2.1.332");
    expect(input.rate_limits).toBeUndefined();
    expect(claudeStatusLineUsage(input)).toBeUndefined();
  });
});
