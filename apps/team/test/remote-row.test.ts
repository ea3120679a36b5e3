// A watched host's agent (docs/remote.md#jump-to-a-remote-agent): its tmux pane id and socket are the
// host's, so mytty-team's pane commands refuse it before any tmux runs here.
import { describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import type { TeamContext } from "../src/context.js";
import { resolveAgent } from "../src/tmux/resolve.js";

const row: AgentRow = {
  id: "claude-code-42@devbox",
  tty: "pts/3",
  pid: 42,
  provider: "claude-code",
  via: "process",
  executable: "claude",
  terminal: { tmuxPane: "%0", hints: { tmux: "/tmp/tmux-1000/default,99,0" } },
  state: "running",
  attention: false,
  updatedAt: "2026-12-01T10:00:00.000Z",
  host: "devbox",
};

describe("mytty-team on a remote row", () => {
  it("refuses with the host named, running no tmux command here", async () => {
    const ran: string[][] = [];
    const ctx = {
      env: { TMUX: "/tmp/tmux-1000/default,1,0", TMUX_PANE: "%1" },
      engine: { list: async () => [row] },
      tmux: () => ({
        socket: undefined,
        run: async (args: readonly string[]) => (ran.push([...args]), { code: 0, stdout: "", stderr: "" }),
      }),
    } as unknown as TeamContext;
    await expect(resolveAgent(ctx, "claude-code-42@devbox")).rejects.toThrow(
      /runs on devbox: .*this machine's panes only/,
    );
    expect(ran).toEqual([]);
  });
});
