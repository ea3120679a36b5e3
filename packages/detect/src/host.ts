// Which terminal app hosts a process (docs/terminals.md#which-terminal-app-hosts-a-tty): the ppid walk first, then
// the environment (TERM_PROGRAM and friends), then LaunchServices' __CFBundleIdentifier as the last resort.
import type { ClassificationCache } from "./cache.js";
import type { ProcessTable } from "./table.js";
import type { ProcessInfo, TerminalLocation } from "./types.js";

interface AppInfo {
  app: string;
  bundleId?: string;
}

// Bundle directory name (without .app) → display name + bundle id.
const BUNDLES: Record<string, AppInfo> = {
  terminal: { app: "Terminal", bundleId: "com.apple.Terminal" },
  iterm: { app: "iTerm2", bundleId: "com.googlecode.iterm2" },
  iterm2: { app: "iTerm2", bundleId: "com.googlecode.iterm2" },
  ghostty: { app: "Ghostty", bundleId: "com.mitchellh.ghostty" },
  wezterm: { app: "WezTerm", bundleId: "com.github.wez.wezterm" },
  kitty: { app: "kitty", bundleId: "net.kovidgoyal.kitty" },
  alacritty: { app: "Alacritty", bundleId: "org.alacritty" },
  warp: { app: "Warp", bundleId: "dev.warp.Warp-Stable" },
  hyper: { app: "Hyper", bundleId: "co.zeit.hyper" },
  tabby: { app: "Tabby", bundleId: "org.tabby" },
  "visual studio code": { app: "VS Code", bundleId: "com.microsoft.VSCode" },
  "visual studio code - insiders": { app: "VS Code Insiders", bundleId: "com.microsoft.VSCodeInsiders" },
  cursor: { app: "Cursor", bundleId: "com.todesktop.230313mzl4w4u92" },
  windsurf: { app: "Windsurf" },
  zed: { app: "Zed", bundleId: "dev.zed.Zed" },
  antigravity: { app: "Antigravity", bundleId: "com.google.antigravity" },
};

// Linux (and macOS CLI-launched) emulator process names.
const PROGRAMS: Record<string, AppInfo> = {
  "gnome-terminal-server": { app: "GNOME Terminal" },
  konsole: { app: "Konsole" },
  kitty: { app: "kitty" },
  alacritty: { app: "Alacritty" },
  "wezterm-gui": { app: "WezTerm" },
  ghostty: { app: "Ghostty" },
  xterm: { app: "xterm" },
  "xfce4-terminal": { app: "Xfce Terminal" },
  tilix: { app: "Tilix" },
  terminator: { app: "Terminator" },
  foot: { app: "foot" },
  code: { app: "VS Code" },
  cursor: { app: "Cursor" },
};

const TERM_PROGRAMS: Record<string, AppInfo> = {
  "iterm.app": BUNDLES.iterm!,
  apple_terminal: BUNDLES.terminal!,
  ghostty: BUNDLES.ghostty!,
  wezterm: BUNDLES.wezterm!,
  warpterminal: BUNDLES.warp!,
  hyper: BUNDLES.hyper!,
  tabby: BUNDLES.tabby!,
  zed: BUNDLES.zed!,
  vscode: BUNDLES["visual studio code"]!,
};

/** Terminal ids useful for focusing, copied from the environment when present. */
export const FOCUS_KEYS = [
  "ITERM_SESSION_ID",
  "TERM_SESSION_ID",
  "WEZTERM_PANE",
  "WEZTERM_UNIX_SOCKET",
  "KITTY_WINDOW_ID",
  "KITTY_LISTEN_ON",
  "GHOSTTY_SURFACE_ID",
  "VSCODE_IPC_HOOK_CLI",
  "ALACRITTY_WINDOW_ID",
  "WINDOWID",
] as const;

export type ProcessRole = AppInfo | { remote: "ssh" | "mosh" } | undefined;

function basename(token: string): string {
  return token.slice(token.lastIndexOf("/") + 1);
}

/** What one process says about hosting: a GUI bundle, a known emulator, an inbound ssh/mosh server. */
export function roleOf(p: ProcessInfo): ProcessRole {
  // Joined args keep spaces in paths ("Visual Studio Code.app") that argv splitting broke.
  const text = [p.executable ?? "", p.argv.join(" ")].join("\n");
  // Outermost bundle: helpers live in X.app/Contents/Frameworks/… Helper.app.
  const bundle = /\/([^/\n]+)\.app\/Contents\//i.exec(text);
  if (bundle) {
    const name = bundle[1]!;
    return BUNDLES[name.toLowerCase()] ?? { app: name };
  }
  const names = [p.executable, p.argv[0]].filter((t): t is string => !!t).map((t) => basename(t).toLowerCase());
  if (names.some((n) => n === "sshd" || n.startsWith("sshd:") || n === "sshd-session")) return { remote: "ssh" };
  if (names.some((n) => n === "mosh-server")) return { remote: "mosh" };
  for (const n of names) if (PROGRAMS[n]) return PROGRAMS[n];
  return undefined;
}

/** Walks up from `start` to the first process that names a host; stops at init/launchd. */
export function walkToHost(table: ProcessTable, cache: ClassificationCache, start: ProcessInfo): TerminalLocation {
  for (const p of table.ancestry(start)) {
    if (p.pid <= 1) break;
    const role = cache.memo(p, "role", () => roleOf(p));
    if (!role) continue;
    if ("remote" in role) return { remote: role.remote };
    return role.bundleId ? { app: role.app, bundleId: role.bundleId } : { app: role.app };
  }
  return {};
}

/** App named by the environment; `TERM_PROGRAM=vscode` is Cursor when Cursor's own variable is set. */
export function appFromEnv(env: Record<string, string>): AppInfo | undefined {
  const program = env.TERM_PROGRAM?.toLowerCase();
  if (program === "vscode" && env.CURSOR_TRACE_ID) return BUNDLES.cursor;
  if (program && program !== "tmux" && program !== "screen")
    return TERM_PROGRAMS[program] ?? { app: env.TERM_PROGRAM! };
  if (env.KITTY_WINDOW_ID) return BUNDLES.kitty;
  if (env.ALACRITTY_WINDOW_ID || env.TERM === "alacritty") return BUNDLES.alacritty;
  if (env.GNOME_TERMINAL_SCREEN) return PROGRAMS["gnome-terminal-server"];
  if (env.KONSOLE_DBUS_SESSION) return PROGRAMS.konsole;
  const bundleId = env.__CFBundleIdentifier;
  if (bundleId) return Object.values(BUNDLES).find((b) => b.bundleId === bundleId) ?? { app: bundleId, bundleId };
  return undefined;
}

export function focusHints(env: Record<string, string>): Record<string, string> | undefined {
  const hints: Record<string, string> = {};
  for (const key of FOCUS_KEYS) if (env[key]) hints[key] = env[key];
  return Object.keys(hints).length > 0 ? hints : undefined;
}

/** Host of a process outside tmux (or of a tmux client): walk, then fill gaps from its environment. */
export function describeHost(
  table: ProcessTable,
  cache: ClassificationCache,
  start: ProcessInfo,
  env: Record<string, string> | undefined,
): TerminalLocation {
  const location = walkToHost(table, cache, start);
  if (env) {
    if (!location.app && !location.remote) {
      const fromEnv = appFromEnv(env);
      if (fromEnv) {
        location.app = fromEnv.app;
        if (fromEnv.bundleId) location.bundleId = fromEnv.bundleId;
      } else if (env.SSH_CONNECTION || env.SSH_TTY) location.remote = "ssh";
    }
    const hints = focusHints(env);
    if (hints) location.hints = hints;
  }
  return location;
}
