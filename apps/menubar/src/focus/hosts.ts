// Which host terminal an agent row names, and the tools each host offers
// (docs/terminals.md#which-terminal-app-hosts-a-tty, docs/terminals.md#focusing-a-tab-or-pane).

export type HostKind = "iterm2" | "terminal" | "ghostty" | "wezterm" | "kitty" | "vscode" | "cursor" | "other" | "none";

export interface Host {
  kind: HostKind;
  /** Display name. */
  name: string;
  bundleId?: string;
}

interface KnownHost {
  kind: Exclude<HostKind, "other" | "none">;
  name: string;
  bundleIds: string[];
  /** Lower-case app names detect may report. */
  names: string[];
}

const KNOWN: KnownHost[] = [
  { kind: "iterm2", name: "iTerm2", bundleIds: ["com.googlecode.iterm2"], names: ["iterm2", "iterm", "iterm.app"] },
  {
    kind: "terminal",
    name: "Terminal",
    bundleIds: ["com.apple.Terminal"],
    names: ["terminal", "terminal.app", "apple_terminal"],
  },
  { kind: "ghostty", name: "Ghostty", bundleIds: ["com.mitchellh.ghostty"], names: ["ghostty"] },
  { kind: "wezterm", name: "WezTerm", bundleIds: ["com.github.wez.wezterm"], names: ["wezterm"] },
  { kind: "kitty", name: "kitty", bundleIds: ["net.kovidgoyal.kitty"], names: ["kitty"] },
  {
    kind: "vscode",
    name: "VS Code",
    bundleIds: ["com.microsoft.VSCode", "com.microsoft.VSCodeInsiders"],
    names: ["vs code", "vscode", "code", "visual studio code"],
  },
  { kind: "cursor", name: "Cursor", bundleIds: ["com.todesktop.230313mzl4w4u92"], names: ["cursor"] },
];

/** Bundle id wins over the name (names are ambiguous: Cursor's terminal says TERM_PROGRAM=vscode). */
export function identifyHost(app: string | undefined, bundleId: string | undefined): Host {
  const byBundle = bundleId ? KNOWN.find((h) => h.bundleIds.includes(bundleId)) : undefined;
  if (byBundle) return { kind: byBundle.kind, name: byBundle.name, bundleId };
  const lower = app?.trim().toLowerCase();
  if (lower === undefined || lower === "" || lower === "tmux") {
    return bundleId ? { kind: "other", name: bundleId, bundleId } : { kind: "none", name: "unknown terminal" };
  }
  const byName = KNOWN.find((h) => h.names.includes(lower));
  if (byName) return { kind: byName.kind, name: byName.name, bundleId: bundleId ?? byName.bundleIds[0] };
  return { kind: "other", name: app ?? "unknown terminal", bundleId };
}

/** Absolute paths of the tools focus runs (a Finder-launched app has a minimal PATH). */
export interface ToolPaths {
  tmux: string;
  osascript: string;
  open: string;
  wezterm: string;
  kitten: string;
  code: string;
  cursor: string;
}

const CANDIDATES: Record<keyof ToolPaths, { darwin: string[]; other: string[] }> = {
  tmux: {
    darwin: ["/opt/homebrew/bin/tmux", "/usr/local/bin/tmux", "/opt/local/bin/tmux"],
    other: ["/usr/bin/tmux", "/usr/local/bin/tmux"],
  },
  osascript: { darwin: ["/usr/bin/osascript"], other: [] },
  open: { darwin: ["/usr/bin/open"], other: [] },
  wezterm: {
    darwin: ["/Applications/WezTerm.app/Contents/MacOS/wezterm", "/opt/homebrew/bin/wezterm"],
    other: ["/usr/bin/wezterm"],
  },
  kitten: {
    darwin: ["/Applications/kitty.app/Contents/MacOS/kitten", "/opt/homebrew/bin/kitten"],
    other: ["/usr/bin/kitten"],
  },
  code: {
    darwin: ["/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code", "/usr/local/bin/code"],
    other: ["/usr/bin/code"],
  },
  cursor: {
    darwin: ["/Applications/Cursor.app/Contents/Resources/app/bin/cursor", "/usr/local/bin/cursor"],
    other: ["/usr/bin/cursor"],
  },
};

/** First existing candidate per tool, else the bare name (resolved through PATH at run time). */
export function resolveToolPaths(platform: NodeJS.Platform, exists: (file: string) => boolean): ToolPaths {
  const pick = (tool: keyof ToolPaths): string => {
    const list = platform === "darwin" ? CANDIDATES[tool].darwin : CANDIDATES[tool].other;
    return list.find((file) => exists(file)) ?? tool;
  };
  return {
    tmux: pick("tmux"),
    osascript: pick("osascript"),
    open: pick("open"),
    wezterm: pick("wezterm"),
    kitten: pick("kitten"),
    code: pick("code"),
    cursor: pick("cursor"),
  };
}
