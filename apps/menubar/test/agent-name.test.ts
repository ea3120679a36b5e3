// One protocol provider, two CLIs: the popup and the TUI name the one the binary is.
import { describe, expect, it } from "vitest";
import { agentName } from "../src/view-model/model.js";

describe("agentName", () => {
  it("says Gemini CLI or Antigravity from the binary, the provider's name otherwise", () => {
    expect(agentName({ provider: "antigravity", variant: "gemini" })).toBe("Gemini CLI");
    expect(agentName({ provider: "antigravity", variant: "antigravity" })).toBe("Antigravity");
    expect(agentName({ provider: "antigravity" })).toBe("Antigravity");
    expect(agentName({ provider: "codex" })).toBe("Codex");
  });
});
