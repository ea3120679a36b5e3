import { describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import { formatTable } from "../src/commands/table.js";
import { formatStats } from "../src/commands/stats.js";
import { parseTimeout } from "../src/program.js";

const row = (extra: Partial<AgentRow>): AgentRow => ({
  id: "claude-code-42",
  tty: "pts/3",
  pid: 42,
  provider: "claude-code",
  via: "process",
  executable: "claude",
  terminal: { app: "tmux", tmuxPane: "%3" },
  state: "waiting-approval",
  attention: true,
  updatedAt: "2026-11-29T10:00:00.000Z",
  cwd: "/src/api",
  message: "Bash requires approval",
  ...extra,
});

describe("mytty-team list table", () => {
  it("prints one aligned line per agent, flags attention and prefers the worker's note", () => {
    const text = formatTable([
      row({ label: "scout" }),
      row({
        id: "codex-7",
        tty: null,
        terminal: {},
        state: "running",
        attention: false,
        cwd: undefined,
        message: undefined,
        note: "writing\ttests",
      }),
    ]);
    expect(text).toBe(
      [
        "ID              LABEL  STATE               TTY    WHERE    CWD       MESSAGE",
        "claude-code-42  scout  waiting-approval !  pts/3  tmux %3  /src/api  Bash requires approval",
        "codex-7         -      running             -      -        -         writing tests",
      ].join("\n"),
    );
  });

  it("says what to check when there are no agents", () => {
    expect(formatTable([])).toBe("No agents. Start one in a terminal (hooks installed? `mytty-doctor status`).");
  });
});

describe("mytty-team stats text", () => {
  it("lists counters and the last event per provider", () => {
    expect(
      formatStats({
        accepted: 5,
        duplicates: 1,
        rejected: 2,
        ignored: 3,
        spoolBacklog: 0,
        lastEventAt: { codex: "2026-11-29T10:00:00.000Z" },
      }),
    ).toBe(
      "accepted 5 · duplicates 1 · rejected 2 · ignored 3 · waiting in spool 0\nlast codex event: 2026-11-29T10:00:00.000Z",
    );
  });
});

describe("wait --timeout-seconds", () => {
  it("takes positive seconds and refuses the rest", () => {
    expect(parseTimeout("1.5")).toBe(1.5);
    for (const bad of ["0", "-1", "abc", "1e3", "999999999"])
      expect(() => parseTimeout(bad)).toThrow("give a number of seconds");
  });
});
