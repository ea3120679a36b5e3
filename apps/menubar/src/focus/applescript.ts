// AppleScript sources for the hosts that can select a tab by tty. Dynamic values (the tty, a folder)
// never enter the script text: they travel as osascript arguments and arrive in `on run argv`.
// The only text spliced in is the bundle id, which goes through appleScriptString.

/** Quote text as an AppleScript string literal; control characters are refused rather than guessed. */
export function appleScriptString(text: string): string {
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) throw new Error("AppleScript literal must not contain control characters");
  }
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * The frame every by-tty script shares: take the tty from argv, give up (without launching the app)
 * when it is not running, run `loop` inside `tell`, and report whether it found the target.
 */
function byTtyScript(bundleId: string, loop: string[]): string {
  return [
    "on run argv",
    "set wanted to item 1 of argv",
    // Guard first: `tell application` would launch an app that is not running.
    `if application id ${appleScriptString(bundleId)} is not running then return "false"`,
    `tell application id ${appleScriptString(bundleId)}`,
    ...loop,
    "end tell",
    'return "false"',
    "end run",
  ].join("\n");
}

/** The innermost match: run `select` for the object whose tty is the wanted one, then report success. */
function onMatch(ttyOf: string, select: string[]): string[] {
  return [`if tty of ${ttyOf} is wanted then`, ...select, "activate", 'return "true"', "end if"];
}

/** iTerm2: windows → tabs → sessions; select the session whose tty matches, then raise its window. */
export function iTermScript(bundleId = "com.googlecode.iterm2"): string {
  return byTtyScript(bundleId, [
    "repeat with w in windows",
    "repeat with t in tabs of w",
    "repeat with s in sessions of t",
    ...onMatch("s", ["select s", "select t", "select w"]),
    "end repeat",
    "end repeat",
    "end repeat",
  ]);
}

/** Terminal.app: tabs carry a tty; select the tab, bring its window to the front, activate. */
export function terminalAppScript(bundleId = "com.apple.Terminal"): string {
  return byTtyScript(bundleId, [
    "repeat with w in windows",
    "repeat with t in tabs of w",
    ...onMatch("t", ["set selected tab of w to t", "set index of w to 1"]),
    "end repeat",
    "end repeat",
  ]);
}

/**
 * Ghostty 1.3+: terminals have `tty` only in builds after 1.3.1. Reading it on an older build errors,
 * which makes osascript exit non-zero — the caller then only activates the app (fail-closed). The
 * window is activated before `focus`, which alone can leave another window on top.
 */
export function ghosttyScript(bundleId = "com.mitchellh.ghostty"): string {
  return byTtyScript(bundleId, [
    "repeat with w in windows",
    "repeat with t in tabs of w",
    "repeat with term in terminals of t",
    ...onMatch("term", ["activate window w", "select tab t", "focus term"]),
    "end repeat",
    "end repeat",
    "end repeat",
  ]);
}
