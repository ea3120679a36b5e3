// The client's reply guards (control/replies.ts) accept what the engine's zod schemas accept and
// refuse what they refuse, and hand back the reply's own objects (list --json prints them as sent).
import { describe, expect, it } from "vitest";
import { AgentRowSchema, StatsSchema } from "../src/snapshot.js";
import { isAgentRow, isStats, listReply, statsReply, waitReply, focusReply } from "../src/control/replies.js";

const row = {
  id: "claude-code-4242",
  tty: "/dev/ttys003",
  pid: 4242,
  provider: "claude-code",
  via: "process",
  executable: "/usr/local/bin/claude",
  terminal: { app: "iTerm.app", tmuxPane: "%3" },
  state: "running",
  sessionId: "s-1",
  attention: false,
  updatedAt: "2026-11-30T10:00:00.000Z",
  label: "scout",
  zExtra: "kept",
};
const stats = {
  accepted: 3,
  duplicates: 0,
  rejected: 1,
  spoolBacklog: 0,
  lastEventAt: { codex: "2026-11-30T10:00:00Z" },
};

describe("control reply guards", () => {
  it("accept a row AgentRowSchema accepts, and return the reply's own rows (extra keys and key order kept)", () => {
    expect(AgentRowSchema.safeParse(row).success).toBe(true);
    const reply = { agents: [row] };
    const rows = listReply(reply);
    expect(rows[0]).toBe(row);
    expect(JSON.stringify(rows)).toBe(JSON.stringify([row]));
  });

  it.each(["id", "tty", "pid", "provider", "via", "executable", "terminal", "state", "attention", "updatedAt"])(
    "refuse a row without %s, as AgentRowSchema does",
    (field) => {
      const broken: Record<string, unknown> = { ...row };
      delete broken[field];
      expect(AgentRowSchema.safeParse(broken).success).toBe(false);
      expect(isAgentRow(broken)).toBe(false);
      expect(() => listReply({ agents: [broken] })).toThrow(/reply to list has an unexpected shape/);
    },
  );

  it("check stats, wait and focus replies", () => {
    expect(StatsSchema.safeParse(stats).success).toBe(true);
    expect(statsReply(stats)).toBe(stats);
    expect(isStats({ ...stats, accepted: "3" })).toBe(false);
    expect(waitReply({ reached: true, agent: row })).toEqual({ reached: true, agent: row });
    expect(waitReply({ reached: false, reason: "gone" })).toEqual({ reached: false, reason: "gone" });
    expect(() => waitReply({ reached: true })).toThrow(/reply to wait/);
    expect(() => waitReply({ reached: false, reason: "later" })).toThrow(/reply to wait/);
    expect(focusReply({ focused: true })).toBe(true);
    expect(() => focusReply({})).toThrow(/reply to focus/);
    expect(() => listReply(null)).toThrow(/reply to list/);
  });
});
