// One protocol provider, two CLIs: the popup and the TUI name the one the binary is.
import { createElement } from "react";
import { renderToString } from "ink";
import { SnapshotSchema } from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import { Dashboard } from "../src/tui/dashboard.js";
import { tuiRows } from "../src/tui/model.js";
import { agentName } from "../src/view-model/model.js";
import { AT, busySnapshot, geminiDone } from "./fixtures/snapshots.js";

describe("agentName", () => {
  it("says Gemini CLI or Antigravity from the binary, the provider's name otherwise", () => {
    expect(agentName({ provider: "antigravity", variant: "gemini" })).toBe("Gemini CLI");
    expect(agentName({ provider: "antigravity", variant: "antigravity" })).toBe("Antigravity");
    expect(agentName({ provider: "antigravity" })).toBe("Antigravity");
    expect(agentName({ provider: "codex" })).toBe("Codex");
  });
});

describe("agent names in the TUI dashboard", () => {
  it("says Gemini CLI on the Needs you line of a Gemini CLI agent, as its row does", () => {
    const base = busySnapshot();
    const gemini = { ...geminiDone, variant: "gemini" as const, state: "waiting-approval" as const };
    const snapshot = SnapshotSchema.parse({
      ...base,
      agents: [gemini],
      attention: [
        {
          id: "ev-approval-g",
          kind: "approval-request",
          provider: "antigravity",
          runId: "run-g2",
          message: "Tool Confirm Shell Command requires execution",
          createdAt: AT,
          agentId: gemini.id,
          actionable: true,
        },
      ],
    });
    const frame = renderToString(
      createElement(Dashboard, {
        snapshot,
        rows: tuiRows(snapshot),
        selectedKey: undefined,
        now: Date.parse(AT),
        status: "",
        lowContextPercent: 30,
        meters: { display: "left", lowUsagePercent: 10 },
      }),
      { columns: 400 },
    );
    expect(frame).toContain("Gemini CLI — Tool Confirm Shell Command requires execution");
    expect(frame).not.toContain("Antigravity");
  });
});
