// Pure planner: an agent's terminal location → the commands that bring its exact tab/pane forward.
// Fail-closed: when the exact target is unknown, the plan only activates the app; it never guesses a tab.
import type { AgentRow } from "@mytty-bar/engine";
import { ghosttyScript, iTermScript, terminalAppScript } from "./applescript.js";
import { identifyHost, type Host, type ToolPaths } from "./hosts.js";
import { isPaneId, tmuxFocusCommands } from "./tmux.js";
import type { Command } from "./types.js";
import { FOCUS_TEXT } from "../messages.js";

export type FocusTarget = Pick<AgentRow, "tty" | "cwd" | "terminal"> &
  Partial<Pick<AgentRow, "host" | "localTab" | "localTabProblem">>;

export interface FocusPlan {
  host: Host;
  /** Commands that select the exact target; all must succeed. */
  precise: Command[];
  /** Brings the host app forward without switching tabs (empty where the platform has no way). */
  activate: Command[];
  /** Run `activate` even after precise succeeded (CLIs that select a pane but do not raise the app). */
  activateAfter: boolean;
  /** How far precise reaches when it succeeds: the exact tab/pane, or only the right window. */
  reach: "exact" | "window" | "app";
  /** Said to the user when the plan cannot reach the exact tab/pane. */
  limitation?: string;
}

export interface PlanOptions {
  platform: NodeJS.Platform;
  tools: ToolPaths;
}

const TTY = /^\/dev\/(ttys\d{1,4}|pts\/\d{1,5})$/;
const DIGITS = /^\d{1,9}$/;

export function isTty(value: string | null | undefined): value is string {
  return typeof value === "string" && TTY.test(value);
}

function activation(host: Host, opts: PlanOptions): Command[] {
  if (opts.platform !== "darwin") return [];
  if (host.bundleId) return [{ argv: [opts.tools.open, "-b", host.bundleId] }];
  if (host.kind === "other") return [{ argv: [opts.tools.open, "-a", host.name] }];
  return [];
}

function osascript(opts: PlanOptions, script: string, tty: string): Command {
  return { argv: [opts.tools.osascript, "-e", script, tty], expectStdout: "true" };
}

interface HostStep {
  commands: Command[];
  activateAfter: boolean;
  reach: "exact" | "window";
}

/** The host's own way to select a tab, given the tty the host sees (the tmux client's tty inside tmux). */
function hostStep(
  host: Host,
  hostTty: string | undefined,
  target: FocusTarget,
  inTmux: boolean,
  opts: PlanOptions,
): HostStep | string {
  const hints = target.terminal.hints ?? {};
  const mac = opts.platform === "darwin";
  switch (host.kind) {
    case "iterm2":
    case "terminal":
    case "ghostty": {
      if (!mac) return FOCUS_TEXT.needsMac(host.name);
      if (!isTty(hostTty)) return inTmux ? FOCUS_TEXT.noTmuxClient(host.name) : FOCUS_TEXT.ttyUnknown;
      const script =
        host.kind === "iterm2" ? iTermScript() : host.kind === "terminal" ? terminalAppScript() : ghosttyScript();
      return { commands: [osascript(opts, script, hostTty)], activateAfter: false, reach: "exact" };
    }
    case "wezterm": {
      // Inside tmux the WEZTERM_PANE hint describes where the tmux server started, not this tab.
      const pane = inTmux ? undefined : hints.WEZTERM_PANE;
      if (!pane || !DIGITS.test(pane)) return FOCUS_TEXT.weztermPane;
      const socket = hints.WEZTERM_UNIX_SOCKET;
      const env = socket && socket.startsWith("/") ? { WEZTERM_UNIX_SOCKET: socket } : undefined;
      const command: Command = {
        argv: [opts.tools.wezterm, "cli", "activate-pane", "--pane-id", pane],
        ...(env ? { env } : {}),
      };
      return { commands: [command], activateAfter: true, reach: "exact" };
    }
    case "kitty": {
      const id = inTmux ? undefined : hints.KITTY_WINDOW_ID;
      const listen = hints.KITTY_LISTEN_ON;
      if (!id || !DIGITS.test(id)) return FOCUS_TEXT.kittyWindow;
      if (!listen || !/^(unix:|tcp:)/.test(listen)) {
        return FOCUS_TEXT.kittyRemoteOff;
      }
      const command: Command = {
        argv: [opts.tools.kitten, "@", "--to", listen, "focus-window", "--match", `id:${id}`],
      };
      return { commands: [command], activateAfter: true, reach: "exact" };
    }
    case "vscode":
    case "cursor": {
      // The CLI talks to the window whose IPC hook it is given; opening the folder it already shows raises it.
      const hook = hints.VSCODE_IPC_HOOK_CLI;
      // An absolute cwd only, after "--": a cwd like "--install-extension=x" must never read as an option.
      if (!hook || !hook.startsWith("/") || !target.cwd?.startsWith("/")) return FOCUS_TEXT.noWindow(host.name);
      const cli = host.kind === "vscode" ? opts.tools.code : opts.tools.cursor;
      return {
        commands: [{ argv: [cli, "--", target.cwd], env: { VSCODE_IPC_HOOK_CLI: hook } }],
        activateAfter: false,
        reach: "window",
      };
    }
    case "other":
      return FOCUS_TEXT.noTabSelection(host.name);
    case "none":
      return FOCUS_TEXT.appUnknown;
  }
}

export function planFocus(target: FocusTarget, opts: PlanOptions): FocusPlan {
  const t = target.terminal;
  const host = identifyHost(t.app, t.bundleId);
  const activate = activation(host, opts);
  const inTmux = isPaneId(t.tmuxPane);
  const tmuxCommands = inTmux
    ? tmuxFocusCommands(opts.tools.tmux, {
        pane: t.tmuxPane as string,
        ...(t.tmuxSocket ? { socket: t.tmuxSocket } : {}),
        ...(t.tmuxClientTty ? { clientTty: t.tmuxClientTty } : {}),
      })
    : [];
  const hostTty = inTmux ? t.tmuxClientTty : (target.tty ?? undefined);
  const step = hostStep(host, hostTty, target, inTmux, opts);

  if (typeof step !== "string") {
    return {
      host,
      precise: [...tmuxCommands, ...step.commands],
      activate,
      activateAfter: step.activateAfter,
      reach: step.reach,
    };
  }
  if (inTmux) {
    // The pane itself is exact; only the outer tab is not. With no host known there is nothing more to do.
    const hostless = host.kind === "none";
    return {
      host: hostless ? { kind: "none", name: "tmux" } : host,
      precise: tmuxCommands,
      activate,
      activateAfter: true,
      reach: hostless ? "exact" : "app",
      ...(hostless ? {} : { limitation: `tmux pane selected; ${step}` }),
    };
  }
  return { host, precise: [], activate, activateAfter: true, reach: "app", limitation: step };
}
