// Jump on a watched host's agent (docs/remote.md#jump-to-a-remote-agent): the local tab the engine
// matched, and with a tmux pane on the host, the host's confirmation first; any doubt changes nothing.
import { describe, expect, it } from "vitest";
import { focusAgent, type Command, type CommandResult, type FocusTarget } from "../src/focus/index.js";
import { REMOTE_PANE_SCRIPT, remotePaneCommand } from "../src/focus/remote.js";

const tools = { tmux: "/usr/bin/tmux", osascript: "o", open: "o", wezterm: "w", kitten: "k", code: "c", cursor: "c" };
const deps = (answers: (c: Command) => CommandResult) => {
  const calls: Command[] = [];
  return {
    calls,
    deps: {
      runner: { run: async (c: Command) => (calls.push(c), answers(c)) },
      platform: "linux" as const,
      tools,
      env: {},
    },
  };
};
const ok = { code: 0, stdout: "", stderr: "" };
const connection = "127.0.0.1 50522 127.0.0.1 22";
const localTab = { pid: 77, tty: "pts/4", terminal: { app: "tmux", tmuxPane: "%7", tmuxSocket: "/tmp/local.sock" } };
const remoteRow = (terminal: FocusTarget["terminal"], extra: Partial<FocusTarget> = {}): FocusTarget => ({
  tty: "pts/9",
  host: "devbox",
  terminal,
  localTab,
  ...extra,
});

describe("remote jump", () => {
  it("focuses the matched local tab's pane, never the host's pane id here", async () => {
    const r = deps(() => ok);
    const outcome = await focusAgent(remoteRow({ hints: { ssh_connection: connection } }), r.deps);
    expect(outcome.status).toBe("exact");
    const selects = r.calls.filter((c) => c.argv.some((a) => a.startsWith("select-")));
    expect(selects.map((c) => c.argv)).toEqual([
      ["/usr/bin/tmux", "-u", "-S", "/tmp/local.sock", "select-window", "-t", "%7"],
      ["/usr/bin/tmux", "-u", "-S", "/tmp/local.sock", "select-pane", "-t", "%7"],
    ]);
    expect(r.calls.some((c) => c.argv.includes("%3") || c.argv[0] === "ssh")).toBe(false);
  });

  it("asks the host's tmux first, over ssh, with the pane, socket and connection as arguments", async () => {
    const r = deps(() => ok);
    const row = remoteRow({ tmuxPane: "%3", hints: { ssh_connection: connection, tmux: "/tmp/r.sock,42,0" } });
    expect((await focusAgent(row, r.deps)).status).toBe("exact");
    const [ssh] = r.calls;
    expect(ssh?.argv.slice(0, 4)).toEqual(["ssh", "-o", "BatchMode=yes", "--"]);
    expect(ssh?.argv[4]).toBe("devbox");
    expect(ssh?.argv[5]).toContain("'%3' '/tmp/r.sock' '127.0.0.1 50522 127.0.0.1 22'");
    expect(r.calls.filter((c) => c.argv[0] === "ssh")).toHaveLength(1);
    expect(r.calls.at(-1)?.argv.slice(4)).toEqual(["select-pane", "-t", "%7"]);
  });

  it("refuses, running nothing here, when the host finds no client from that connection", async () => {
    const r = deps((c) => (c.argv[0] === "ssh" ? { code: 4, stdout: "", stderr: "" } : ok));
    const outcome = await focusAgent(remoteRow({ tmuxPane: "%3", hints: { ssh_connection: connection } }), r.deps);
    expect(outcome.status).toBe("nothing");
    expect(outcome.detail).toContain("no tmux client on the host shows its session from that ssh connection");
    expect(r.calls).toHaveLength(1);
  });

  it("refuses with the engine's reason when no local tab is known, and on a pane or socket it cannot pass on", async () => {
    const r = deps(() => ok);
    const problem = "its connection belongs to an ssh ControlMaster";
    const none = await focusAgent(
      remoteRow({ hints: { ssh_connection: connection } }, { localTab: undefined, localTabProblem: problem }),
      r.deps,
    );
    expect(none.detail).toContain(problem);
    expect(
      remotePaneCommand({ host: "devbox", terminal: { tmuxPane: "%3;x", hints: { ssh_connection: connection } } }, {}),
    ).toHaveProperty("refuse");
    expect(
      remotePaneCommand(
        { host: "devbox", terminal: { tmuxPane: "%3", hints: { ssh_connection: connection, tmux: "r.sock,1,0" } } },
        {},
      ),
    ).toHaveProperty("refuse");
    // A connection hint the host would never hold (a port over 65535, two spaces): refused, as the engine would.
    for (const bad of [
      "127.0.0.1 99999 127.0.0.1 22",
      "127.0.0.1  50522 127.0.0.1 22",
      " 127.0.0.1 50522 127.0.0.1 22",
    ])
      expect(
        remotePaneCommand({ host: "devbox", terminal: { tmuxPane: "%3", hints: { ssh_connection: bad } } }, {}),
      ).toHaveProperty("refuse");
    expect(r.calls).toHaveLength(0);
    expect(REMOTE_PANE_SCRIPT).toContain("/proc/$q/environ");
  });
});
