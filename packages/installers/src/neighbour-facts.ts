// The other tools that put hook entries in the files we manage, and how their commands name them: the
// install commands and hook scripts each project publishes (docs/doctor.md#other-tools-in-the-same-files
// names the projects). Matched case-insensitively against a handler's command (or an HTTP hook's url).

export interface Neighbour {
  name: string;
  patterns: readonly RegExp[];
  /** Holds the agent's approval with a blocking PermissionRequest of its own and answers it from its UI. */
  answersApprovals: boolean;
}

/**
 * Events a handler turns into something the user sees or hears. Every neighbour below alerts on the
 * ones it registers (a notch popup, a sound, a desktop banner, a push to a phone), and so does Mytty Bar
 * on the approval, question and finish events: two of them on one event means two alerts each time.
 */
export const NOTIFYING_EVENTS: readonly string[] = ["Notification", "PermissionRequest", "Stop", "AfterAgent", "stop"];

export const NEIGHBOURS: readonly Neighbour[] = [
  {
    name: "Open Island",
    patterns: [/openislandhooks/i, /open-island-bridge/i, /\/OpenIsland\/bin\//i],
    answersApprovals: true,
  },
  {
    name: "Vibe Island",
    patterns: [/vibeislandhooks/i, /vibe-island-bridge/i, /\/\.vibe-island\//i],
    answersApprovals: true,
  },
  {
    name: "CodeIsland",
    patterns: [/codeisland-hook\.sh/i, /codeisland-bridge/i, /\/\.codeisland\//i],
    answersApprovals: true,
  },
  { name: "MioIsland", patterns: [/codeisland-state\.py/i], answersApprovals: true },
  { name: "Claude Island", patterns: [/claude-island-state\.py/i], answersApprovals: true },
  {
    name: "cmux",
    patterns: [/\bcmux\s+hooks\s/i, /\bcmux\s+(?:claude|codex)-hook\b/i, /CMUX_AGENT_HOOK_VERSION=/],
    answersApprovals: true,
  },
  {
    name: "clawd-on-desk",
    patterns: [/clawd-hook\.js/i, /(?:gemini|cursor)-hook\.js/i, /:23333\/permission/],
    answersApprovals: true,
  },
  { name: "cctop", patterns: [/cctop-hook/i, /cctop.*\/run-hook\.sh/i], answersApprovals: false },
  {
    name: "cc-status-bar",
    patterns: [/(?:^|\/)CCStatusBar["']?\s+hook\b/i, /ccsb-codex-hook\.sh/i],
    answersApprovals: false,
  },
  { name: "agent-notifications", patterns: [/(?:^|[/"'\s])anot["']?\s+(?:claude|codex)\b/i], answersApprovals: false },
  {
    name: "claude-code-warp",
    patterns: [/\/scripts\/on-(?:stop|notification|permission-request|session-start|prompt-submit|post-tool-use)\.sh/i],
    answersApprovals: false,
  },
  {
    name: "peon-ping",
    patterns: [/peon-ping\/peon\.sh/i, /peon-ping\/scripts\/hook-handle-/i],
    answersApprovals: false,
  },
  { name: "CCNotify", patterns: [/ccnotify\.py/i], answersApprovals: false },
  // Hand-written hooks around a notifier rather than one tool: named for the notifier they call.
  { name: "terminal-notifier (a script)", patterns: [/\bterminal-notifier\b/i], answersApprovals: false },
  { name: "ntfy (a script)", patterns: [/\bntfy\b/i], answersApprovals: false },
  { name: "notify-send (a script)", patterns: [/\bnotify-send\b/i], answersApprovals: false },
  {
    name: "osascript notification (a script)",
    patterns: [/osascript.*display notification/i],
    answersApprovals: false,
  },
];
