// Vitest global setup: the caller's shell never reaches a test. Every variable the code under test reads
// to find agents' files, the tmux server, an SSH session or the terminal is removed before the workers
// start (they, and every child they spawn with process.env, inherit what is left). A test that needs one
// sets it itself. The list is the code's own reads (grep `env.` in packages/*/src, apps/*/src, tools).
const NAMES = [
  "CLAUDE_CONFIG_DIR",
  "CODEX_HOME",
  "GEMINI_CLI_HOME",
  "OPENCODE_CONFIG",
  "OPENCODE_CONFIG_DIR",
  "CURSOR_TRACE_ID",
  "TMUX",
  "TMUX_PANE",
  "TMUX_TMPDIR",
  "SSH_CONNECTION",
  "SSH_CLIENT",
  "SSH_TTY",
  "SSH_AUTH_SOCK",
  "TERM_PROGRAM",
  "TERM_PROGRAM_VERSION",
  "KITTY_WINDOW_ID",
  "ALACRITTY_WINDOW_ID",
  "GNOME_TERMINAL_SCREEN",
  "KONSOLE_DBUS_SESSION",
  "WEZTERM_PANE",
  "WT_SESSION",
  "DISPLAY",
  "WAYLAND_DISPLAY",
  "NO_COLOR",
  "FORCE_COLOR",
  "ELECTRON_OVERRIDE_DIST_PATH",
  "__CFBundleIdentifier",
];
const PREFIXES = ["XDG_", "MYTTY_"];
// The test tooling's own settings, read by no product code: where the real agents are cached and
// where their scenarios record latencies, which versions they run (test/agents/support/).
export const KEPT = ["MYTTY_AGENTS_CACHE", "MYTTY_AGENTS_LATENCY", "MYTTY_AGENTS_VERSIONS"];

export const callerVariable = (name: string): boolean =>
  !KEPT.includes(name) && (NAMES.includes(name) || PREFIXES.some((prefix) => name.startsWith(prefix)));

export default function setup(): void {
  for (const name of Object.keys(process.env)) if (callerVariable(name)) delete process.env[name];
}
