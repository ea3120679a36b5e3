import { describe, expect, it } from "vitest";
import type { AttentionItem, Run } from "@mytty-bar/protocol";
import type { AgentRow, Snapshot } from "@mytty-bar/engine";
import { trayModel } from "../src/policy/tray.js";
import { shouldHoldSleep } from "../src/policy/sleep.js";
import { waitReached } from "../src/policy/wait.js";
import { decideNotices, emptyNotifyHistory, GLOBAL_MAX_PER_WINDOW } from "../src/policy/notify.js";
import { defaultSettings } from "../src/settings.js";

const T0 = "2026-11-29T10:00:00.000Z";

function row(id: string, state: AgentRow["state"], attention = false, extra: Partial<AgentRow> = {}): AgentRow {
  return {
    id,
    tty: "pts/1",
    pid: 1,
    provider: "claude-code",
    via: "process",
    executable: "claude",
    terminal: {},
    state,
    attention,
    updatedAt: T0,
    ...extra,
  };
}

function item(
  id: string,
  kind: AttentionItem["kind"],
  createdAt = T0,
  extra: Partial<AttentionItem> = {},
): AttentionItem {
  return { id, kind, provider: "claude-code", runId: `run-${id}`, createdAt, ...extra };
}

type Shown = Snapshot["attention"][number];
const shown = (i: AttentionItem, agentId?: string): Shown => ({
  ...i,
  ...(agentId ? { agentId } : {}),
  actionable: !i.resolvedAt && !i.acknowledgedAt,
});

describe("tray model", () => {
  it("counts running agents and agents that need you, and titles them", () => {
    const agents = [row("a", "running"), row("b", "running"), row("c", "waiting-approval", true), row("d", "idle")];
    const model = trayModel(agents, [shown(item("i1", "approval-request"), "c")]);
    expect(model).toEqual({
      running: 2,
      needsYou: 1,
      icon: "attention",
      title: "2 running · 1 needs you",
      mostUrgent: { agentId: "c", itemId: "i1", kind: "approval-request", message: "Needs approval" },
    });
  });

  it("puts an approval before a newer failure and ignores items already handled", () => {
    const items = [
      shown(item("fail", "failure", "2026-11-29T10:05:00.000Z", { message: "rate limit" }), "x"),
      shown(item("appr", "approval-request", "2026-11-29T10:01:00.000Z", { message: "Bash requires approval" }), "y"),
      shown(
        item("done", "input-request", "2026-11-29T10:09:00.000Z", { acknowledgedAt: "2026-11-29T10:09:30.000Z" }),
        "z",
      ),
    ];
    expect(trayModel([row("x", "failed", true), row("y", "waiting-approval", true)], items).mostUrgent).toEqual({
      agentId: "y",
      itemId: "appr",
      kind: "approval-request",
      message: "Bash requires approval",
    });
  });

  it("shows idle agents by count and nothing at all without agents", () => {
    expect(trayModel([row("a", "idle"), row("b", "succeeded")], [])).toEqual({
      running: 0,
      needsYou: 0,
      icon: "idle",
      title: "2 idle",
    });
    expect(trayModel([], []).title).toBe("");
    expect(trayModel([row("a", "waiting-input", true), row("b", "failed", true)], []).title).toBe("2 need you");
  });

  it("counts an agent whose approval was acknowledged as waiting, not idle", () => {
    // Acknowledged: the item no longer needs you, but the agent still waits for its answer.
    expect(trayModel([row("a", "waiting-approval"), row("b", "idle")], [])).toEqual({
      running: 0,
      needsYou: 0,
      icon: "idle",
      title: "1 waiting",
    });
    expect(trayModel([row("a", "waiting-input"), row("b", "running"), row("c", "failed", true)], []).title).toBe(
      "1 running · 1 needs you · 1 waiting",
    );
  });
});

describe("sleep blocker", () => {
  it("holds only while an agent runs and the setting is on", () => {
    expect(shouldHoldSleep([row("a", "running")], true)).toBe(true);
    expect(shouldHoldSleep([row("a", "running")], false)).toBe(false);
    expect(shouldHoldSleep([row("a", "waiting-approval", true), row("b", "succeeded")], true)).toBe(false);
  });
});

describe("wait conditions", () => {
  it("running, attention and completed each match their states", () => {
    expect(waitReached(row("a", "running"), "running")).toBe(true);
    expect(waitReached(row("a", "waiting-input"), "attention")).toBe(true);
    expect(waitReached(row("a", "succeeded", true), "attention")).toBe(true);
    expect(waitReached(row("a", "running"), "attention")).toBe(false);
    for (const state of ["succeeded", "failed", "disconnected"] as const)
      expect(waitReached(row("a", state), "completed")).toBe(true);
    expect(waitReached(row("a", "idle"), "completed")).toBe(false);
    expect(waitReached(row("a", "idle"), "completed", true)).toBe(true);
  });
});

describe("notification policy", () => {
  const settings = defaultSettings();
  const now = new Date("2026-11-29T10:10:00.000Z");
  const run = (startedAt: string): Run => ({
    id: "r",
    provider: "claude-code",
    runKey: "k",
    generation: 0,
    state: "succeeded",
    startedAt,
    updatedAt: T0,
  });

  it("notifies approvals and input at once, with provider, place and message", () => {
    const agent = row("claude-code-7", "waiting-approval", true, { cwd: "/src/api", terminal: { app: "iTerm2" } });
    const { notices } = decideNotices(
      [{ item: item("a1", "approval-request", T0, { message: "Bash requires approval" }), agent }],
      settings,
      emptyNotifyHistory(),
      now,
    );
    expect(notices).toEqual([
      {
        id: "notice:a1",
        kind: "approval",
        title: "Claude Code needs approval",
        body: "api/ · iTerm2 — Bash requires approval",
        agentId: "claude-code-7",
        itemId: "a1",
      },
    ]);
  });

  it("calls a Gemini CLI agent Gemini CLI, as its row does, not by the provider it shares with Antigravity", () => {
    const agent = row("antigravity-9", "waiting-approval", true, {
      provider: "antigravity",
      variant: "gemini",
      terminal: { tmuxPane: "%4" },
    });
    const approval = item("g1", "approval-request", T0, {
      provider: "antigravity",
      message: "Tool Confirm Shell Command requires execution",
    });
    const { notices } = decideNotices([{ item: approval, agent }], settings, emptyNotifyHistory(), now);
    expect(notices.map((n) => n.title)).toEqual(["Gemini CLI needs approval"]);
  });

  it("names the watched host an agent runs on", () => {
    const agent = row("claude-code-7@devbox", "waiting-approval", true, {
      host: "devbox",
      terminal: { tmuxPane: "%2" },
    });
    const { notices } = decideNotices(
      [{ item: item("a2", "approval-request", T0, { message: "Bash requires approval" }), agent }],
      settings,
      emptyNotifyHistory(),
      now,
    );
    expect(notices.map((n) => [n.title, n.body])).toEqual([
      ["Claude Code on devbox needs approval", "%2 — Bash requires approval"],
    ]);
  });

  it("notifies a completion only after the threshold of work", () => {
    const short = decideNotices(
      [{ item: item("c1", "completion", "2026-11-29T10:04:00.000Z"), run: run("2026-11-29T10:00:00.000Z") }],
      settings,
      emptyNotifyHistory(),
      now,
    );
    expect(short.notices).toEqual([]);
    const long = decideNotices(
      [{ item: item("c2", "completion", "2026-11-29T10:06:00.000Z"), run: run("2026-11-29T10:00:00.000Z") }],
      settings,
      emptyNotifyHistory(),
      now,
    );
    expect(long.notices.map((n) => n.kind)).toEqual(["completion"]);
  });

  it("never shows one item twice and honours a kind turned off", () => {
    const first = decideNotices([{ item: item("f1", "failure") }], settings, emptyNotifyHistory(), now);
    const again = decideNotices(
      [{ item: item("f1", "failure") }],
      settings,
      first.history,
      new Date(now.getTime() + 60_000),
    );
    expect(first.notices).toHaveLength(1);
    expect(again.notices).toEqual([]);
    const off = { ...settings, notifications: { ...settings.notifications, failure: false } };
    expect(decideNotices([{ item: item("f2", "failure") }], off, emptyNotifyHistory(), now).notices).toEqual([]);
  });

  it("thins a burst: one per agent and kind per 10 s, a global cap per minute", () => {
    const agent = row("cursor-9", "waiting-approval", true);
    const burst = [1, 2, 3].map((n) => ({ item: item(`p${n}`, "approval-request"), agent }));
    expect(decideNotices(burst, settings, emptyNotifyHistory(), now).notices.map((n) => n.itemId)).toEqual(["p1"]);
    const many = Array.from({ length: 10 }, (_, n) => ({
      item: item(`q${n}`, "input-request"),
      agent: row(`agent-${n}`, "waiting-input", true),
    }));
    expect(decideNotices(many, settings, emptyNotifyHistory(), now).notices).toHaveLength(GLOBAL_MAX_PER_WINDOW);
  });
});
