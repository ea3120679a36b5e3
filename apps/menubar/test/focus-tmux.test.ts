// Jumps on a real tmux server: the plan's commands run through the real CommandRunner.
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { focusAgent, nodeCommandRunner, resolveToolPaths } from "../src/focus/index.js";
import { startTmux, type TmuxServer } from "./helpers/tmux.js";

let server: TmuxServer;
const deps = () => ({
  runner: nodeCommandRunner(),
  platform: "linux" as const,
  tools: { ...resolveToolPaths("linux", () => false), tmux: "tmux" },
});

beforeEach(async () => {
  server = await startTmux("mytty-focus-");
  // Session "work": window 0 with one pane, window 1 split in two; window 0 stays current.
  await server.tmux("new-session", "-d", "-s", "work", "-x", "100", "-y", "30");
  await server.tmux("new-window", "-t", "work");
  await server.tmux("split-window", "-t", "work:1");
  await server.tmux("select-window", "-t", "work:0");
  await server.tmux("new-session", "-d", "-s", "other");
});

afterEach(async () => {
  await server.close();
});

async function paneId(target: string): Promise<string> {
  return (await server.tmux("display-message", "-p", "-t", target, "#{pane_id}")).trim();
}

describe("tmux jump", () => {
  it("selects the agent's window and pane in its session", async () => {
    const first = await paneId("work:1.0");
    expect((await server.tmux("display-message", "-p", "-t", "work", "#{window_index} #{pane_id}")).trim()).toBe(
      `0 ${await paneId("work:0.0")}`,
    );
    const outcome = await focusAgent(
      { tty: null, terminal: { app: "tmux", tmuxPane: first, tmuxSocket: server.socket } },
      deps(),
    );
    expect(outcome).toEqual({ status: "exact", host: "tmux", detail: "Brought the agent's tmux pane to the front." });
    expect((await server.tmux("display-message", "-p", "-t", "work", "#{window_index} #{pane_id}")).trim()).toBe(
      `1 ${first}`,
    );
  });

  it("fails closed for an agent on a watched host with no local tab matched: the same pane id here is never selected", async () => {
    const first = await paneId("work:1.0");
    const before = (await server.tmux("display-message", "-p", "-t", "work", "#{window_index} #{pane_id}")).trim();
    const outcome = await focusAgent(
      { tty: "pts/3", host: "devbox", terminal: { app: "tmux", tmuxPane: first, tmuxSocket: server.socket } },
      deps(),
    );
    expect(outcome.status).toBe("nothing");
    expect(outcome.detail).toMatch(/runs on devbox .*`ssh devbox`.*not been matched.*Nothing was switched/);
    expect((await server.tmux("display-message", "-p", "-t", "work", "#{window_index} #{pane_id}")).trim()).toBe(
      before,
    );
  });

  it("moves the tab's client to the pane's session with switch-client", async () => {
    const client = await server.attach("other");
    const target = await paneId("work:1.0");
    const shown = () =>
      server.tmux("display-message", "-p", "-c", client, "#{session_name} #{window_index} #{pane_id}");
    expect((await shown()).trim()).toMatch(/^other 0 %\d+$/);
    const outcome = await focusAgent(
      { tty: null, terminal: { tmuxPane: target, tmuxSocket: server.socket, tmuxClientTty: client } },
      deps(),
    );
    expect(outcome.status).toBe("exact");
    expect((await shown()).trim()).toBe(`work 1 ${target}`);
  });

  it("finds the client showing the pane's session through list-clients when detection named none", async () => {
    // As launched by launchd or a bare CI shell: no UTF-8 locale, not inside tmux. tmux then prints the
    // tabs of a -F format as "_" unless it is run with -u.
    const saved = { LC_ALL: process.env.LC_ALL, TMUX: process.env.TMUX };
    process.env.LC_ALL = "C";
    delete process.env.TMUX;
    onTestFinished(() => {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    });
    await server.attach("other");
    const client = await server.attach("work");
    const target = await paneId("work:1.0");
    const real = nodeCommandRunner();
    const calls: string[][] = [];
    const recording = { run: (c: Parameters<typeof real.run>[0]) => (calls.push([...c.argv]), real.run(c)) };
    const outcome = await focusAgent(
      { tty: null, terminal: { tmuxPane: target, tmuxSocket: server.socket } },
      { ...deps(), runner: recording },
    );
    expect(outcome.status).toBe("exact");
    expect(calls.map((argv) => argv[4])).toEqual([
      "display-message",
      "list-clients",
      "select-window",
      "select-pane",
      "switch-client",
    ]);
    expect(calls[4]).toEqual(["tmux", "-u", "-S", server.socket, "switch-client", "-c", client, "-t", target]);
    expect((await server.tmux("display-message", "-p", "-c", client, "#{window_index} #{pane_id}")).trim()).toBe(
      `1 ${target}`,
    );
  });

  it("reports the failure and changes nothing for a pane that does not exist", async () => {
    const before = (await server.tmux("display-message", "-p", "-t", "work", "#{window_index} #{pane_id}")).trim();
    const outcome = await focusAgent(
      {
        tty: null,
        terminal: { app: "tmux", tmuxPane: "%99", tmuxSocket: server.socket, tmuxClientTty: "/dev/pts/999" },
      },
      deps(),
    );
    expect(outcome.status).toBe("nothing");
    expect(outcome.detail).toMatch(/^Could not bring tmux forward: tmux failed: can't find (window|pane): %99\.$/);
    expect((await server.tmux("display-message", "-p", "-t", "work", "#{window_index} #{pane_id}")).trim()).toBe(
      before,
    );
  });
});
