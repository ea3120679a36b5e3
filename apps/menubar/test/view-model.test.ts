import { PROVIDER_NAMES } from "@mytty-bar/protocol";
import { describe, expect, it } from "vitest";
import { formatElapsed, groupAgents, orderAttention, placeLabel, PROVIDER_LABELS, shortPath, whereLabel } from "../src/view-model/model.js";
import { busySnapshot, codexRunning } from "./fixtures/snapshots.js";

describe("view model", () => {
  it("names providers exactly as @mytty-bar/protocol does (the page cannot import it)", () => {
    expect(PROVIDER_LABELS).toEqual(PROVIDER_NAMES);
  });

  it("formats elapsed time in whole units", () => {
    expect([0, 59_999, 60_000, 3_599_000, 3_600_000, 3_900_000, 90_000_000, -5].map(formatElapsed)).toEqual(["0s", "59s", "1m", "59m", "1h 00m", "1h 05m", "1d 1h", "0s"]);
  });

  it("names the place: tmux pane, else tty, else none", () => {
    expect(placeLabel(codexRunning)).toBe("tmux work:1 %3");
    expect(placeLabel({ tty: "/dev/ttys004", terminal: {} })).toBe("ttys004");
    expect(placeLabel({ tty: null, terminal: {} })).toBe("no terminal");
    expect(whereLabel({ tty: null, terminal: { app: "tmux", tmuxPane: "%1" } })).toBe("tmux %1");
    expect(whereLabel({ tty: "/dev/pts/2", terminal: { app: "kitty", remote: "ssh" } })).toBe("kitty (ssh) · pts/2");
  });

  it("groups agents by app, then tab/pane", () => {
    expect(groupAgents(busySnapshot().agents).map((g) => [g.app, g.places.map((p) => [p.place, p.agents.map((a) => a.id)])])).toEqual([
      ["Ghostty", [["ttys012", ["antigravity-7070"]]]],
      ["iTerm2", [["tmux work:1 %3", ["codex-5151"]], ["ttys004", ["claude-code-4242"]]]],
      ["Terminal", [["ttys010", ["cursor-6060"]]]],
    ]);
  });

  it("orders attention: actionable by urgency, then the resolved ones", () => {
    expect(orderAttention(busySnapshot().attention).map((i) => i.id)).toEqual(["ev-approval-1", "ev-failure-1", "ev-done-1", "ev-input-0"]);
  });

  it("shortens home paths", () => {
    expect(shortPath("/Users/alex/src/api")).toBe("~/src/api");
    expect(shortPath("/home/alex/a/very/long/path/that/goes/on/and/on/forever/x", 20)).toBe("…on/and/on/forever/x");
  });
});
