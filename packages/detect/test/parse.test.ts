import { describe, expect, it } from "vitest";
import {
  parseClients,
  parseEnvListing,
  parsePanes,
  parsePsList,
  parseStat,
  sanitizeLabel,
  serverSocket,
  socketOptions,
  tmuxQueryArgs,
  ttyFromNr,
  type DetectEffects,
  type ProcessInfo,
} from "@mytty-bar/detect";

describe("parsePsList", () => {
  it("reads macOS rows with ?? ttys, padded lstart days and args holding spaces", () => {
    const text = [
      "    1     0     1     0 ??       Mon Nov  2 08:02:11 2026 /sbin/launchd",
      "  971   907   971   971 ttys004  Mon Nov 23 09:20:51 2026 claude --model opus",
      " 3050  3000  3000     0 ??       Mon Nov 23 10:10:02 2026 /Applications/Visual Studio Code.app/Contents/MacOS/Electron",
      "garbage line",
      "  977   907   977   971 ttys004  Mon Nov 23 09:20:51 2026",
    ].join("\n");
    expect(parsePsList(text)).toEqual([
      { pid: 1, ppid: 0, pgid: 1, tpgid: 0, tty: null, startTime: "Mon Nov 2 08:02:11 2026", argv: ["/sbin/launchd"] },
      {
        pid: 971,
        ppid: 907,
        pgid: 971,
        tpgid: 971,
        tty: "ttys004",
        startTime: "Mon Nov 23 09:20:51 2026",
        argv: ["claude", "--model", "opus"],
      },
      {
        pid: 3050,
        ppid: 3000,
        pgid: 3000,
        tpgid: 0,
        tty: null,
        startTime: "Mon Nov 23 10:10:02 2026",
        argv: ["/Applications/Visual", "Studio", "Code.app/Contents/MacOS/Electron"],
      },
      { pid: 977, ppid: 907, pgid: 977, tpgid: 971, tty: "ttys004", startTime: "Mon Nov 23 09:20:51 2026", argv: [] },
    ]);
  });

  it("reads Linux rows with -1 tpgid and ? tty", () => {
    expect(parsePsList("   13  1  13  -1 ?  Sun Nov 29 23:29:18 2026 tmux -S /tmp/x/sock new -d\n")[0]).toMatchObject({
      tpgid: -1,
      tty: null,
      argv: ["tmux", "-S", "/tmp/x/sock", "new", "-d"],
    });
  });
});

describe("parseEnvListing", () => {
  it("strips the known args and splits KEY=value entries; a value with spaces survives", () => {
    const text =
      "  971 claude --model opus TERM_PROGRAM=iTerm.app PS1=a b c MYTTY_AGENT=  Claude-Code   HOME=/Users/a\n";
    const env = parseEnvListing(text, () => "claude --model opus").get(971);
    expect(env).toEqual({ TERM_PROGRAM: "iTerm.app", PS1: "a b c", MYTTY_AGENT: "  Claude-Code  ", HOME: "/Users/a" });
  });

  it("falls back to the first KEY= when the args changed since the listing", () => {
    expect(parseEnvListing("  5 node x.js TMUX_PANE=%3", () => "other").get(5)).toEqual({ TMUX_PANE: "%3" });
  });
});

describe("/proc parsing", () => {
  it("parses stat after the last parenthesis (comm may hold spaces and parens)", () => {
    const stat = "4242 (my (odd) name) S 10 4242 4242 34819 4250 4194560 1 0 0 0 0 0 0 0 20 0 1 0 987654 0 0";
    expect(parseStat(stat)).toEqual({
      comm: "my (odd) name",
      ppid: 10,
      pgid: 4242,
      ttyNr: 34819,
      tpgid: 4250,
      startTicks: "987654",
    });
  });

  it("decodes tty_nr into ps's names", () => {
    expect(ttyFromNr(0)).toBeNull();
    expect(ttyFromNr(34816)).toBe("pts/0");
    expect(ttyFromNr(34819)).toBe("pts/3");
    expect(ttyFromNr((137 << 8) | 4)).toBe("pts/260");
    expect(ttyFromNr((4 << 8) | 1)).toBe("tty1");
  });
});

describe("tmux output", () => {
  it("parses panes and clients with session names holding spaces", () => {
    expect(parsePanes("%3 /dev/pts/4 77 2 my work\n\n")).toEqual([
      { paneId: "%3", tty: "pts/4", panePid: 77, window: "2", session: "my work" },
    ]);
    expect(parseClients("/dev/ttys002 1140 1732353850 my work\n")).toEqual([
      { tty: "ttys002", pid: 1140, activity: 1732353850, session: "my work" },
    ]);
  });

  it("splits the session from the pane label at the first colon and sanitises the label", () => {
    const long = "x".repeat(70);
    expect(
      parsePanes(
        `%3 /dev/pts/4 77 2 my work:  scout: api  \n%4 /dev/pts/5 78 3 w:\n%5 /dev/pts/6 79 0 w:a\u0007b\u200bc\n%6 /dev/pts/7 80 0 w:${long}\n`,
      ),
    ).toEqual([
      { paneId: "%3", tty: "pts/4", panePid: 77, window: "2", session: "my work", label: "scout: api" },
      { paneId: "%4", tty: "pts/5", panePid: 78, window: "3", session: "w" },
      { paneId: "%5", tty: "pts/6", panePid: 79, window: "0", session: "w", label: "abc" },
      { paneId: "%6", tty: "pts/7", panePid: 80, window: "0", session: "w", label: "x".repeat(64) },
    ]);
    expect(sanitizeLabel(" \t ")).toBeUndefined();
    expect(sanitizeLabel(`${"é".repeat(63)} tail`)).toBe("é".repeat(63));
    expect(tmuxQueryArgs()).toEqual([
      "-u",
      "list-panes",
      "-a",
      "-F",
      "#{pane_id} #{pane_tty} #{pane_pid} #{window_index} #{session_name}:#{=128:@mytty_label}",
      ";",
      "list-clients",
      "-F",
      "#{client_tty} #{client_pid} #{client_activity} #{client_session}",
    ]);
  });

  it("finds -S and -L among tmux's global options, clustered or not, and stops at the command", () => {
    expect(socketOptions(["tmux", "-S", "/tmp/s", "new"])).toEqual({ socketPath: "/tmp/s" });
    expect(socketOptions(["tmux", "-2uS/tmp/s2", "attach"])).toEqual({ socketPath: "/tmp/s2" });
    expect(socketOptions(["tmux", "-f", "/dev/null", "-L", "work", "new"])).toEqual({ socketName: "work" });
    expect(socketOptions(["tmux", "new", "-S", "/not/global"])).toEqual({});
  });
});

describe("serverSocket", () => {
  const server = (argv: string[]): ProcessInfo => ({
    pid: 7,
    ppid: 1,
    pgid: 7,
    tpgid: 0,
    tty: null,
    startTime: "t",
    argv,
  });
  const effects = (over: Partial<DetectEffects> = {}): DetectEffects => ({
    exec: async () => "",
    platform: "darwin",
    uid: 501,
    env: {},
    ...over,
  });

  it("prefers -S, then -L beside the default, then an open socket, then the default socket", () => {
    expect(serverSocket(server(["tmux", "-S", "/x/s", "new"]), effects())).toBe("/x/s");
    expect(serverSocket(server(["tmux", "-L", "work", "new"]), effects())).toBe("/private/tmp/tmux-501/work");
    expect(
      serverSocket(
        server(["tmux", "new"]),
        effects({ platform: "linux", uid: 0, socketsOf: () => ["/run/other.sock", "/tmp/custom/tmux-0/main"] }),
      ),
    ).toBe("/tmp/custom/tmux-0/main");
    expect(serverSocket(server(["tmux"]), effects({ env: { TMUX_TMPDIR: "/var/t" } }))).toBe("/var/t/tmux-501/default");
  });
});
