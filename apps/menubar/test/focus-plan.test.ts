import { describe, expect, it } from "vitest";
import {
  appleScriptString,
  focusAgent,
  ghosttyScript,
  identifyHost,
  iTermScript,
  pickClient,
  planFocus,
  resolveToolPaths,
  terminalAppScript,
  tmuxFocusCommands,
  type Command,
  type CommandResult,
  type FocusTarget,
  type ToolPaths,
} from "../src/focus/index.js";

const tools: ToolPaths = {
  tmux: "/opt/homebrew/bin/tmux",
  osascript: "/usr/bin/osascript",
  open: "/usr/bin/open",
  wezterm: "/Applications/WezTerm.app/Contents/MacOS/wezterm",
  kitten: "/Applications/kitty.app/Contents/MacOS/kitten",
  code: "/usr/local/bin/code",
  cursor: "/usr/local/bin/cursor",
};
const mac = { platform: "darwin" as const, tools };
const linux = { platform: "linux" as const, tools: { ...tools, tmux: "/usr/bin/tmux" } };

const target = (terminal: FocusTarget["terminal"], tty: string | null = null, cwd?: string): FocusTarget => ({
  tty,
  terminal,
  ...(cwd ? { cwd } : {}),
});

describe("planFocus per host", () => {
  it("selects an iTerm2 session by tty through osascript arguments, never spliced into the script", () => {
    const plan = planFocus(target({ app: "iTerm2" }, "/dev/ttys004"), mac);
    expect(plan.host).toEqual({ kind: "iterm2", name: "iTerm2", bundleId: "com.googlecode.iterm2" });
    expect(plan.precise).toEqual([
      { argv: ["/usr/bin/osascript", "-e", iTermScript(), "/dev/ttys004"], expectStdout: "true" },
    ]);
    expect(plan.precise[0]?.argv[2]).not.toContain("ttys004");
    expect(plan.activate).toEqual([{ argv: ["/usr/bin/open", "-b", "com.googlecode.iterm2"] }]);
    expect(plan.reach).toBe("exact");
  });

  it("selects a Terminal.app tab by tty", () => {
    const plan = planFocus(target({ app: "Terminal", bundleId: "com.apple.Terminal" }, "/dev/ttys010"), mac);
    expect(plan.precise).toEqual([
      { argv: ["/usr/bin/osascript", "-e", terminalAppScript(), "/dev/ttys010"], expectStdout: "true" },
    ]);
    expect(terminalAppScript()).toContain("set selected tab of w to t");
  });

  it("focuses a Ghostty terminal by tty and activates its window first", () => {
    const plan = planFocus(target({ app: "Ghostty" }, "/dev/ttys012"), mac);
    expect(plan.precise[0]?.argv).toEqual(["/usr/bin/osascript", "-e", ghosttyScript(), "/dev/ttys012"]);
    const script = ghosttyScript();
    expect(script.indexOf("activate window w")).toBeLessThan(script.indexOf("focus term"));
  });

  it("guards every AppleScript so a terminal that is not running is not launched", () => {
    for (const script of [iTermScript(), terminalAppScript(), ghosttyScript()]) {
      expect(script.split("\n")[2]).toMatch(/^if application id ".+" is not running then return "false"$/);
    }
  });

  it("activates WezTerm's pane with its CLI and socket, then the app", () => {
    const plan = planFocus(
      target(
        {
          app: "WezTerm",
          hints: { WEZTERM_PANE: "17", WEZTERM_UNIX_SOCKET: "/Users/a/.local/share/wezterm/gui-sock-99" },
        },
        "/dev/ttys001",
      ),
      mac,
    );
    expect(plan.precise).toEqual([
      {
        argv: [tools.wezterm, "cli", "activate-pane", "--pane-id", "17"],
        env: { WEZTERM_UNIX_SOCKET: "/Users/a/.local/share/wezterm/gui-sock-99" },
      },
    ]);
    expect(plan.activateAfter).toBe(true);
    expect(plan.activate).toEqual([{ argv: ["/usr/bin/open", "-b", "com.github.wez.wezterm"] }]);
  });

  it("focuses a kitty window over remote control only when kitty listens", () => {
    const on = planFocus(
      target({ app: "kitty", hints: { KITTY_WINDOW_ID: "3", KITTY_LISTEN_ON: "unix:/tmp/kitty-77" } }, "/dev/ttys002"),
      mac,
    );
    expect(on.precise).toEqual([
      { argv: [tools.kitten, "@", "--to", "unix:/tmp/kitty-77", "focus-window", "--match", "id:3"] },
    ]);
    const off = planFocus(target({ app: "kitty", hints: { KITTY_WINDOW_ID: "3" } }, "/dev/ttys002"), mac);
    expect(off.precise).toEqual([]);
    expect(off.limitation).toBe("kitty remote control is off (set allow_remote_control and listen_on in kitty.conf)");
    expect(off.activate).toEqual([{ argv: ["/usr/bin/open", "-b", "net.kovidgoyal.kitty"] }]);
  });

  it("raises the VS Code or Cursor window that runs the agent through its CLI and IPC hook", () => {
    const hook = "/var/folders/x/vscode-ipc-1.sock";
    const vs = planFocus(
      target({ app: "VS Code", hints: { VSCODE_IPC_HOOK_CLI: hook } }, "/dev/ttys020", "/Users/a/src/api"),
      mac,
    );
    expect(vs.precise).toEqual([
      { argv: ["/usr/local/bin/code", "--", "/Users/a/src/api"], env: { VSCODE_IPC_HOOK_CLI: hook } },
    ]);
    expect(vs.reach).toBe("window");
    const cursor = planFocus(
      target(
        { app: "vscode", bundleId: "com.todesktop.230313mzl4w4u92", hints: { VSCODE_IPC_HOOK_CLI: hook } },
        null,
        "/w",
      ),
      mac,
    );
    expect(cursor.host.name).toBe("Cursor");
    expect(cursor.precise[0]?.argv).toEqual(["/usr/local/bin/cursor", "--", "/w"]);
    // A cwd that is not absolute (it could read as an option) is never passed.
    const relative = planFocus(
      target({ app: "VS Code", hints: { VSCODE_IPC_HOOK_CLI: hook } }, null, "--install-extension=evil"),
      mac,
    );
    expect(relative.precise).toEqual([]);
  });

  it("only activates apps without tab scripting (Warp)", () => {
    const plan = planFocus(target({ app: "Warp", bundleId: "dev.warp.Warp-Stable" }, "/dev/ttys030"), mac);
    expect(plan.precise).toEqual([]);
    expect(plan.activate).toEqual([{ argv: ["/usr/bin/open", "-b", "dev.warp.Warp-Stable"] }]);
    expect(plan.limitation).toBe("Warp offers no way to select a tab from outside");
  });

  it("fails closed: an unknown tty never selects a guessed tab", () => {
    const plan = planFocus(target({ app: "iTerm2" }, null), mac);
    expect(plan.precise).toEqual([]);
    expect(plan.limitation).toBe("the tab's tty is unknown");
    const odd = planFocus(target({ app: "iTerm2" }, '/dev/ttys1" & do shell script "x'), mac);
    expect(odd.precise).toEqual([]);
  });

  it("selects the tmux pane, switches the right client, then the host tab showing that client", () => {
    const plan = planFocus(
      target({ app: "iTerm2", tmuxPane: "%3", tmuxSocket: "/tmp/s", tmuxClientTty: "/dev/ttys009" }, "/dev/ttys050"),
      mac,
    );
    expect(plan.precise.map((c) => c.argv)).toEqual([
      ["/opt/homebrew/bin/tmux", "-u", "-S", "/tmp/s", "select-window", "-t", "%3"],
      ["/opt/homebrew/bin/tmux", "-u", "-S", "/tmp/s", "select-pane", "-t", "%3"],
      ["/opt/homebrew/bin/tmux", "-u", "-S", "/tmp/s", "switch-client", "-c", "/dev/ttys009", "-t", "%3"],
      ["/usr/bin/osascript", "-e", iTermScript(), "/dev/ttys009"],
    ]);
    expect(plan.reach).toBe("exact");
  });

  it("keeps the tmux pane but only activates the host when no client shows the session", () => {
    const plan = planFocus(target({ app: "Terminal", tmuxPane: "%8" }, "/dev/ttys050"), mac);
    expect(plan.precise.map((c) => c.argv.slice(2))).toEqual([
      ["select-window", "-t", "%8"],
      ["select-pane", "-t", "%8"],
    ]);
    expect(plan.reach).toBe("app");
    expect(plan.limitation).toBe("tmux pane selected; no tmux client is attached to show this pane in Terminal");
  });

  it("uses tmux alone on Linux and never plans AppleScript there", () => {
    const plan = planFocus(target({ app: "tmux", tmuxPane: "%1", tmuxSocket: "/tmp/x/sock" }, "/dev/pts/3"), linux);
    expect(plan.host.name).toBe("tmux");
    expect(plan.precise.map((c) => c.argv[0])).toEqual(["/usr/bin/tmux", "/usr/bin/tmux"]);
    expect(plan.activate).toEqual([]);
    expect(plan.reach).toBe("exact");
    expect(planFocus(target({ app: "iTerm2" }, "/dev/ttys004"), linux).limitation).toBe(
      "iTerm2 is scripted through AppleScript, which needs macOS",
    );
  });

  it("rejects pane ids that are not tmux's %N form", () => {
    expect(() => tmuxFocusCommands("tmux", { pane: "%1; kill-server" })).toThrow("not a tmux pane id");
    expect(planFocus(target({ app: "Terminal", tmuxPane: "main:1" }, "/dev/ttys001"), mac).precise[0]?.argv[0]).toBe(
      "/usr/bin/osascript",
    );
  });
});

describe("helpers", () => {
  it("escapes AppleScript literals and refuses control characters", () => {
    expect(appleScriptString('a "b" \\c')).toBe('"a \\"b\\" \\\\c"');
    expect(() => appleScriptString("a\nb")).toThrow("control characters");
  });

  it("identifies hosts by bundle id before name", () => {
    expect(identifyHost("vscode", "com.todesktop.230313mzl4w4u92").kind).toBe("cursor");
    expect(identifyHost("VS Code", undefined)).toEqual({
      kind: "vscode",
      name: "VS Code",
      bundleId: "com.microsoft.VSCode",
    });
    expect(identifyHost(undefined, undefined).kind).toBe("none");
    expect(identifyHost("Alacritty", undefined)).toEqual({ kind: "other", name: "Alacritty", bundleId: undefined });
  });

  it("picks the most recently active client of the pane's session", () => {
    const out = "/dev/ttys001\twork\t100\n/dev/ttys002\tother\t999\n/dev/ttys003\twork\t300\n";
    expect(pickClient(out, "work")).toBe("/dev/ttys003");
    expect(pickClient(out, "none")).toBeUndefined();
  });

  it("prefers absolute tool paths (a Finder-launched app has a minimal PATH)", () => {
    const paths = resolveToolPaths("darwin", (f) => f === "/usr/local/bin/tmux" || f === "/usr/bin/osascript");
    expect(paths.tmux).toBe("/usr/local/bin/tmux");
    expect(paths.osascript).toBe("/usr/bin/osascript");
    expect(paths.wezterm).toBe("wezterm");
  });
});

describe("focusAgent", () => {
  function runner(answers: (c: Command) => CommandResult) {
    const calls: Command[] = [];
    return { calls, run: async (c: Command) => (calls.push(c), answers(c)) };
  }
  const ok = { code: 0, stdout: "", stderr: "" };

  it("reports exact when the host script found the tab", async () => {
    const r = runner((c) => (c.argv[0] === "/usr/bin/osascript" ? { ...ok, stdout: "true\n" } : ok));
    const outcome = await focusAgent(target({ app: "iTerm2" }, "/dev/ttys004"), { runner: r, ...mac });
    expect(outcome).toEqual({
      status: "exact",
      host: "iTerm2",
      detail: "Brought the agent's iTerm2 pane to the front.",
    });
    expect(r.calls.map((c) => c.argv[0])).toEqual(["/usr/bin/osascript"]);
  });

  it("activates the app without switching tabs when the script did not find the tab", async () => {
    const r = runner((c) => (c.argv[0] === "/usr/bin/osascript" ? { ...ok, stdout: "false\n" } : ok));
    const outcome = await focusAgent(target({ app: "Terminal" }, "/dev/ttys004"), { runner: r, ...mac });
    expect(outcome).toEqual({
      status: "app-only",
      host: "Terminal",
      detail: "Opened Terminal without switching tabs: osascript did not find the tab.",
    });
    expect(r.calls.map((c) => c.argv)).toEqual([
      ["/usr/bin/osascript", "-e", terminalAppScript(), "/dev/ttys004"],
      ["/usr/bin/open", "-b", "com.apple.Terminal"],
    ]);
  });

  it("says why when Automation was refused (-1743)", async () => {
    const r = runner((c) =>
      c.argv[0] === "/usr/bin/osascript"
        ? { code: 1, stdout: "", stderr: "execution error: Not authorized to send Apple events to iTerm2. (-1743)\n" }
        : ok,
    );
    const outcome = await focusAgent(target({ app: "iTerm2" }, "/dev/ttys004"), { runner: r, ...mac });
    expect(outcome.status).toBe("app-only");
    expect(outcome.detail).toBe(
      "Opened iTerm2 without switching tabs: osascript failed: execution error: Not authorized to send Apple events to iTerm2. (-1743).",
    );
  });

  it("finds the tmux client from list-clients when detection did not name one", async () => {
    const r = runner((c) => {
      if (c.argv.includes("display-message")) return { ...ok, stdout: "work\n" };
      if (c.argv.includes("list-clients")) return { ...ok, stdout: "/dev/ttys009\twork\t5\n" };
      return c.argv[0] === "/usr/bin/osascript" ? { ...ok, stdout: "true" } : ok;
    });
    const outcome = await focusAgent(target({ app: "iTerm2", tmuxPane: "%3", tmuxSocket: "/tmp/s" }), {
      runner: r,
      ...mac,
    });
    expect(outcome.status).toBe("exact");
    expect(
      r.calls.map((c) => (c.argv[0] === "/usr/bin/osascript" ? `osascript ${c.argv[3] ?? ""}` : c.argv[4])),
    ).toEqual([
      "display-message",
      "list-clients",
      "select-window",
      "select-pane",
      "switch-client",
      "osascript /dev/ttys009",
    ]);
    expect(r.calls[4]?.argv).toEqual([
      "/opt/homebrew/bin/tmux",
      "-u",
      "-S",
      "/tmp/s",
      "switch-client",
      "-c",
      "/dev/ttys009",
      "-t",
      "%3",
    ]);
  });

  it("does nothing and says so when the host is unknown on Linux", async () => {
    const r = runner(() => ok);
    const outcome = await focusAgent(target({}, "/dev/pts/4"), { runner: r, ...linux });
    expect(outcome).toEqual({
      status: "nothing",
      host: "unknown terminal",
      detail: "Could not bring unknown terminal forward: the terminal app is unknown.",
    });
    expect(r.calls).toEqual([]);
  });
});
