import { describe, expect, it } from "vitest";
import { agentPin, isCheckedVersion } from "../src/index.js";

describe("agent pins", () => {
  it("finds a pin by doctor target, Gemini CLI under its own target but the antigravity provider", () => {
    expect(agentPin("gemini")).toMatchObject({
      agent: "Gemini CLI",
      provider: "antigravity",
      npm: "@google/gemini-cli",
    });
    expect(agentPin("nope")).toBeUndefined();
  });

  it("knows a checked version from an unverified one", () => {
    expect(isCheckedVersion("codex", "0.171.0")).toBe(true);
    expect(isCheckedVersion("codex", "0.169.0")).toBe(true);
    expect(isCheckedVersion("codex", "0.172.0")).toBe(false);
    expect(isCheckedVersion("cursor", "2026.09.01")).toBe(false);
    expect(isCheckedVersion("nope", "1.0.0")).toBe(false);
  });
});
