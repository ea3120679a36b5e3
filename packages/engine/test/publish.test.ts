import { describe, expect, it } from "vitest";
import type { AttentionItem } from "@mytty-bar/protocol";
import type { AgentRow, Notice, Snapshot } from "@mytty-bar/engine";
import { createPublisher } from "../src/publish.js";
import { defaultSettings } from "../src/settings.js";

const T0 = "2026-11-29T10:00:00.000Z";
const row: AgentRow = {
  id: "claude-code-1",
  tty: "pts/1",
  pid: 1,
  provider: "claude-code",
  via: "process",
  executable: "claude",
  terminal: {},
  state: "waiting-approval",
  attention: true,
  updatedAt: T0,
};
const item = (id: string): AttentionItem => ({
  id,
  kind: "approval-request",
  provider: "claude-code",
  runId: `run-${id}`,
  createdAt: T0,
});
const snapshotOf = (): Snapshot => ({
  at: T0,
  agents: [row],
  attention: [],
  tray: { running: 0, needsYou: 1, icon: "attention", title: "1 needs you" },
  stats: { accepted: 0, duplicates: 0, rejected: 0, ignored: 0, spoolBacklog: 0, lastEventAt: {} },
});
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("publisher", () => {
  it("builds one snapshot per turn for the listeners, the sleep hold and the new items' notices", async () => {
    let built = 0;
    const notices: Notice[] = [];
    const seen: Snapshot[] = [];
    const publisher = createPublisher({
      snapshot: () => {
        built += 1;
        return snapshotOf();
      },
      settings: () => defaultSettings(),
      agentIdOf: () => row.id,
      ports: { notify: (n) => notices.push(n), sleepBlocker: () => undefined },
      failed: () => () => undefined,
    });
    publisher.subscribe((s) => seen.push(s));
    publisher.schedule([{ item: item("a") }], new Date(T0));
    publisher.schedule([{ item: item("b") }], new Date(T0));
    publisher.schedule();
    await turn();
    expect(built).toBe(1);
    expect(seen).toHaveLength(1);
    // One history across batches: the second approval of the same agent within the window stays quiet.
    expect(notices.map((n) => n.itemId)).toEqual(["a"]);
    expect(notices[0]!.agentId).toBe(row.id);
    publisher.stop();
  });
});
