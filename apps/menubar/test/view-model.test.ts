import { describe, expect, it } from "vitest";
import {
  formatElapsed,
  groupAgents,
  itemMessage,
  kindLabel,
  orderAttention,
  placeLabel,
  shortPath,
  tmuxServers,
  whereLabel,
} from "../src/view-model/model.js";
import type { AgentRow } from "@mytty-bar/engine";
import { contextLine } from "../src/view-model/context.js";
import { copyableResume, COPY_TEXT_MAX_BYTES, isCopyableText } from "../src/view-model/resume.js";
import { osc52, osc52Copier } from "../src/tui/clipboard.js";
import { busySnapshot, codexRunning } from "./fixtures/snapshots.js";

describe("view model", () => {
  it("says what an item without a message of its own means, never its kind's label a second time", () => {
    for (const kind of ["approval-request", "input-request", "failure", "completion"] as const) {
      expect(itemMessage({ kind, message: "Which branch?" })).toBe("Which branch?");
      expect(itemMessage({ kind })).not.toBe(kindLabel(kind));
    }
    expect(itemMessage({ kind: "input-request" })).toBe("waits for your answer");
  });

  it("formats elapsed time in whole units", () => {
    expect([0, 59_999, 60_000, 3_599_000, 3_600_000, 3_900_000, 90_000_000, -5].map(formatElapsed)).toEqual([
      "0s",
      "59s",
      "1m",
      "59m",
      "1h 00m",
      "1h 05m",
      "1d 1h",
      "0s",
    ]);
  });

  it("names the place: tmux pane, else tty, else none", () => {
    expect(placeLabel(codexRunning)).toBe("tmux work:1 %3");
    expect(placeLabel({ tty: "/dev/ttys004", terminal: {} })).toBe("ttys004");
    expect(placeLabel({ tty: null, terminal: {} })).toBe("no terminal");
    expect(whereLabel({ tty: null, terminal: { app: "tmux", tmuxPane: "%1" } })).toBe("tmux %1");
    expect(whereLabel({ tty: "/dev/pts/2", terminal: { app: "kitty", remote: "ssh" } })).toBe("kitty (ssh) · pts/2");
  });

  it("groups agents by app, then tab/pane", () => {
    expect(
      groupAgents(busySnapshot().agents).map((g) => [g.app, g.places.map((p) => [p.place, p.agents.map((a) => a.id)])]),
    ).toEqual([
      ["Ghostty", [["ttys012", ["antigravity-7070"]]]],
      [
        "iTerm2",
        [
          ["tmux work:1 %3", ["codex-5151"]],
          ["ttys004", ["claude-code-4242"]],
        ],
      ],
      ["Terminal", [["ttys010", ["cursor-6060"]]]],
    ]);
  });

  it("groups a watched host's agents under the host, after this machine's", () => {
    const agents = busySnapshot().agents;
    const remote = { ...agents[0]!, id: "claude-code-4242@devbox", host: "devbox", terminal: { tmuxPane: "%1" } };
    const groups = groupAgents([remote, ...agents]).map((g) => [g.app, g.places.map((p) => p.agents.map((a) => a.id))]);
    expect(groups.at(-1)).toEqual(["on devbox", [["claude-code-4242@devbox"]]]);
    expect(groups.filter(([app]) => app === "iTerm2")).toHaveLength(1);
  });

  it("orders attention: actionable by urgency, then the resolved ones", () => {
    expect(orderAttention(busySnapshot().attention).map((i) => i.id)).toEqual([
      "ev-approval-1",
      "ev-failure-1",
      "ev-done-1",
      "ev-input-0",
    ]);
  });

  it("shortens home paths", () => {
    expect(shortPath("/Users/alex/src/api")).toBe("~/src/api");
    expect(shortPath("/home/alex/a/very/long/path/that/goes/on/and/on/forever/x", 20)).toBe("…on/and/on/forever/x");
  });

  it("writes the model/context line: both, either, or none", () => {
    expect(contextLine({ model: "opus", contextLeftPercent: 18.4 }, 30)).toEqual({
      text: "opus · 18% context left",
      low: true,
      warning: "Only 18% context left (opus): compact or start a new session soon",
    });
    expect(contextLine({ model: "opus", contextLeftPercent: 30 }, 30)).toEqual({
      text: "opus · 30% context left",
      low: false,
    });
    expect(contextLine({ contextLeftPercent: 64 }, 30)).toEqual({ text: "64% context left", low: false });
    expect(contextLine({ model: "gpt-5-codex" }, 30)).toEqual({ text: "gpt-5-codex", low: false });
    expect(contextLine({}, 30)).toBeUndefined();
    expect(contextLine({ model: "opus", contextLeftPercent: 5 }, 0)).toEqual({
      text: "opus · 5% context left",
      low: false,
    });
  });

  it("copies only one printable line of at most 4 KiB", () => {
    expect(COPY_TEXT_MAX_BYTES).toBe(4096);
    expect(copyableResume(codexRunning)).toBe("codex resume -- '019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b'");
    expect(copyableResume({})).toBeUndefined();
    expect(copyableResume({ resumeCommand: "claude --resume=x\n" })).toBeUndefined();
    expect(["x".repeat(4096), "é".repeat(2048), "a b"].map(isCopyableText)).toEqual([true, true, true]);
    expect(
      ["", "x".repeat(4097), "é".repeat(2049), "a\tb", "a\u001bb", "a\u007fb", 42, undefined].map(isCopyableText),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });

  it("puts the TUI's copy in one OSC 52 sequence whose payload is base64", () => {
    const command = "claude --resume='6a1f0e2d'";
    expect(osc52(command)).toBe(`\u001b]52;c;${Buffer.from(command).toString("base64")}\u0007`);
    const written: string[] = [];
    const copy = osc52Copier((data) => written.push(data));
    expect(copy(command)).toBe(true);
    expect(copy("echo hi\nrm -rf ~")).toBe(false);
    expect(written).toEqual([osc52(command)]);
  });
});

describe("tmux servers and watched hosts in the headings", () => {
  const pane = (id: string, socket: string, session: string, pane: string, host?: string): AgentRow => ({
    ...codexRunning,
    id,
    terminal: { app: "tmux", tmuxPane: pane, tmuxSocket: socket, tmuxSession: session, tmuxWindow: "2" },
    ...(host ? { host } : {}),
  });

  it("names the server when panes of more than one tmux server are seen, and never merges them", () => {
    const agents = [
      pane("codex-1", "/tmp/tmux-1000/default", "main", "%2"),
      pane("claude-code-2", "/tmp/tmux-1000/work", "main", "%2"),
    ];
    expect(groupAgents(agents).map((g) => [g.app, g.places.map((p) => [p.place, p.agents.map((a) => a.id)])])).toEqual([
      [
        "tmux",
        [
          ["tmux -L default main:2 %2", ["codex-1"]],
          ["tmux -L work main:2 %2", ["claude-code-2"]],
        ],
      ],
    ]);
    expect(whereLabel(agents[1]!, tmuxServers(agents))).toBe("tmux -L work main:2 %2");
    // Two servers of one name (two users' "default"): the path tells them apart.
    const twins = [pane("a", "/tmp/tmux-501/default", "s", "%1"), pane("b", "/tmp/tmux-502/default", "s", "%1")];
    expect(groupAgents(twins)[0]!.places.map((p) => p.place)).toEqual([
      "tmux -S /tmp/tmux-501/default s:2 %1",
      "tmux -S /tmp/tmux-502/default s:2 %1",
    ]);
  });

  it("names no server while one is seen (on each machine)", () => {
    const agents = [
      pane("codex-1", "/tmp/tmux-1000/default", "main", "%2"),
      pane("codex-3", "/tmp/tmux-1000/default", "main", "%3"),
      pane("codex-9", "/tmp/tmux-1000/other", "main", "%2", "devbox"),
    ];
    expect(groupAgents(agents).flatMap((g) => g.places.map((p) => p.place))).toEqual([
      "tmux main:2 %2",
      "tmux main:2 %3",
      "tmux main:2 %2",
    ]);
  });

  it("sorts headings and panes naturally: busy:2 before busy:10, %9 before %10", () => {
    const agents = [
      pane("a", "/s", "busy", "%10"),
      {
        ...pane("b", "/s", "busy", "%9"),
        terminal: { app: "tmux", tmuxPane: "%9", tmuxSocket: "/s", tmuxSession: "busy", tmuxWindow: "10" },
      },
      {
        ...pane("c", "/s", "busy", "%11"),
        terminal: { app: "tmux", tmuxPane: "%11", tmuxSocket: "/s", tmuxSession: "busy", tmuxWindow: "2" },
      },
    ];
    expect(groupAgents(agents)[0]!.places.map((p) => p.place)).toEqual([
      "tmux busy:2 %10",
      "tmux busy:2 %11",
      "tmux busy:10 %9",
    ]);
  });

  it("names a watched host's agent where it is shown, as the Agents section does", () => {
    const remote = pane("codex-9@devbox", "/s", "main", "%4", "devbox");
    expect(whereLabel(remote)).toBe("on devbox · tmux main:2 %4");
    expect(whereLabel({ tty: "/dev/pts/2", terminal: { app: "kitty" }, host: "alex@devbox" })).toBe(
      "on alex@devbox · kitty · pts/2",
    );
  });
});
