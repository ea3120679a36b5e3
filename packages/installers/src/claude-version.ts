// Which hook events the installed Claude Code knows. Before 2.1.101 a settings.json that names a hook
// event the running version does not know is skipped whole ("Files with errors are skipped entirely,
// not just the invalid settings") — the user's permissions, env and statusLine with it. So an event is
// written only from the version that introduced it (dates and versions: docs/providers.md#claude-code).
// The version is read from where the `claude` binary lives, never by running it: status must stay fast.

/** Unknown hook event names are ignored (not fatal) from this version on. */
export const CLAUDE_TOLERANT_FROM = "2.1.101";

/**
 * First version that knows each event. The others we write are older than any version still met
 * (SessionStart 1.0.62, SessionEnd 1.0.85, the rest earlier), so they are always written.
 */
export const CLAUDE_EVENT_FLOORS: Readonly<Record<string, string>> = {
  PermissionRequest: "2.0.45",
  // "Added new Elicitation and ElicitationResult hooks" (Claude Code's changelog, 2.1.76; docs/providers.md#claude-code).
  Elicitation: "2.1.76",
  ElicitationResult: "2.1.76",
  StopFailure: "2.1.78",
  // Its release is not in the changelog (the hooks docs show it from ~April 2026); from 2.1.101 naming it
  // cannot hurt, so that is the floor until the real one is known.
  PostToolBatch: CLAUDE_TOLERANT_FROM,
};

type Triple = readonly [number, number, number];

export function parseVersion(text: string): Triple | undefined {
  const m = /^v?(\d{1,5})\.(\d{1,5})\.(\d{1,5})(?:[-+.][0-9A-Za-z.+-]*)?$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** version ≥ floor; an unparsable version counts as new enough (we cannot tell, and most users are current). */
export function atLeast(version: string, floor: string): boolean {
  const v = parseVersion(version);
  const f = parseVersion(floor);
  if (v === undefined || f === undefined) return true;
  for (let i = 0; i < 3; i += 1) if (v[i]! !== f[i]!) return v[i]! > f[i]!;
  return true;
}

export interface ClaudeEventChoice {
  events: string[];
  /** Events left out because this version does not know them, with the version each needs. */
  withheld: { event: string; needs: string }[];
}

/**
 * Of `all`, the events to write for `version`. Unknown (no `claude` found, or one we cannot place):
 * all of them, as before this check existed — and all are demanded, so a hand edit that removed one is
 * still "needs repair".
 */
export function claudeEventsFor(all: readonly string[], version: string | undefined): ClaudeEventChoice {
  if (version === undefined) return { events: [...all], withheld: [] };
  const withheld = all.flatMap((event) => {
    const needs = CLAUDE_EVENT_FLOORS[event];
    return needs !== undefined && !atLeast(version, needs) ? [{ event, needs }] : [];
  });
  return { events: all.filter((e) => !withheld.some((w) => w.event === e)), withheld };
}

/**
 * The version of the Claude Code whose binary really is `realFile` (symlinks resolved), or undefined.
 * Native installs name the file after the version (…/claude/versions/2.1.240); Homebrew keeps a version
 * directory (…/Caskroom/claude-code/2.1.240/claude); npm installs (and the old ~/.claude/local wrapper,
 * a script beside node_modules/) carry the package's package.json. `read` returns a small file's text.
 */
export function versionFromInstall(realFile: string, read: (file: string) => string | undefined): string | undefined {
  const parts = realFile.split("/").filter(Boolean);
  const base = parts.at(-1) ?? "";
  if (parseVersion(base) !== undefined && parts.at(-2) === "versions") return base;
  const dir = parts.at(-2);
  if (dir !== undefined && parseVersion(dir) !== undefined && parts.at(-3) === "claude-code") return dir;
  const dirs: string[] = [];
  for (let i = parts.length - 1; i >= 1 && dirs.length < 4; i -= 1) dirs.push(`/${parts.slice(0, i).join("/")}`);
  const candidates = [
    `${dirs[0] ?? ""}/node_modules/@anthropic-ai/claude-code/package.json`,
    ...dirs.map((d) => `${d}/package.json`),
  ];
  for (const file of candidates) {
    const text = read(file);
    if (text === undefined) continue;
    try {
      const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
      if (pkg.name === "@anthropic-ai/claude-code" && typeof pkg.version === "string" && parseVersion(pkg.version))
        return pkg.version;
    } catch {
      // not a package.json we can use; keep looking
    }
  }
  return undefined;
}

/** One line for status: what was left out, why, and what to do. */
export function withheldNote(
  claude: { version: string; path: string },
  withheld: ClaudeEventChoice["withheld"],
): string | undefined {
  if (withheld.length === 0) return undefined;
  const list = withheld.map((w) => `${w.event} (${w.needs}+)`).join(", ");
  return `Claude Code ${claude.version} (${claude.path}) does not know ${list}: left out, because an unknown hook event makes it skip the whole settings file. After updating Claude Code, run \`mytty-doctor fix\``;
}
