// Every sentence mytty-bar prints on the command line: what is wrong, why, and what to run instead.

export const HELP_TEXT = `
Mytty Bar watches the coding agents (Claude Code, Codex, Cursor CLI, OpenCode, Gemini/Antigravity)
running in your terminals and tells you when one needs you.

Modes:
  mytty-bar              the menu bar app (Electron): tray icon, popup, notifications that jump to the pane
  mytty-bar --tui        the same state as a terminal dashboard
  mytty-bar --headless   only the engine, in the foreground (for mytty-team and scripts); Ctrl-C stops it

  --no-fallback          where Electron cannot start, exit 1 instead of opening the terminal dashboard

Dashboard keys (--tui):
  ↑/↓ or j/k  move      enter  jump to the agent's tab/pane      a  acknowledge
  c  show and copy the resume command                            q  quit

Hooks are installed with mytty-doctor:   mytty-doctor install claude-code   (then: mytty-doctor status)
`;

export interface ElectronProblem {
  kind: "package-missing" | "binary-missing" | "spawn-failed" | "exited" | "no-display";
  detail?: string;
  code?: number | null;
}

const CONTINUE = "Use `mytty-bar --tui` for the terminal dashboard, or `mytty-bar --headless` for the engine alone.";

export function electronProblemText(problem: ElectronProblem): string {
  switch (problem.kind) {
    case "package-missing":
      return `The menu bar app needs the electron package, which is not installed here. Run \`npm install\` in the repository root. ${CONTINUE}`;
    case "binary-missing":
      return [
        "Electron's binary is not installed (it is downloaded on first use, and this machine could not: no network access, or Node older than 22.12).",
        "Run `npx install-electron` on a networked machine with Node 22.12 or newer, then start `mytty-bar` again.",
        CONTINUE,
      ].join("\n");
    case "spawn-failed":
      return `Electron could not start (${problem.detail ?? "unknown error"}). ${CONTINUE}`;
    case "exited":
      return `Electron stopped with exit code ${String(problem.code)}. If it cannot run on this machine: ${CONTINUE}`;
    case "no-display":
      return `The menu bar app needs a display (DISPLAY and WAYLAND_DISPLAY are unset). ${CONTINUE}`;
  }
}

/** The one line `mytty-bar` prints in a terminal before it opens the dashboard instead of the menu bar app. */
export function fallbackText(problem: ElectronProblem): string {
  const why = {
    "package-missing": "the electron package is not installed (`npm install`)",
    "binary-missing": "Electron's binary is not installed (`npx install-electron` needs network and Node 22.12+)",
    "spawn-failed": `Electron could not start (${problem.detail ?? "unknown error"})`,
    exited: `Electron stopped with exit code ${String(problem.code)}`,
    "no-display": "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)",
  }[problem.kind];
  return `The menu bar app cannot start here: ${why}. Opening the terminal dashboard instead (\`--no-fallback\` exits).`;
}

export const TUI_NEEDS_TTY =
  "mytty-bar --tui needs an interactive terminal (stdin and stdout must be a TTY). Use `mytty-bar --headless` in scripts.";

export function engineFailedText(detail: string): string {
  return `The engine could not start: ${detail}`;
}

/** `mytty-bar remote …` (docs/remote.md#watching-a-host). */
export const remoteText = {
  added: (host: string) =>
    `Watching ${host}. Install the hooks there with \`mytty-doctor install <provider> --host ${host}\`; a running Mytty Bar connects within one poll (\`mytty-bar remote list\` shows the link).`,
  alreadyWatched: (host: string) => `${host} is already watched (\`mytty-bar remote list\`).`,
  tooMany: (max: number) =>
    `At most ${max} hosts can be watched (one ssh session each): remove one with \`mytty-bar remote remove <destination>\`.`,
  notWatched: (host: string) => `${host} is not watched: \`mytty-bar remote list\` shows the watched hosts.`,
  removed: (host: string) => `No longer watching ${host}; nothing of Mytty Bar's runs there now.`,
  stopFailed: (host: string, stderr: string) =>
    `Could not reach ${host} to end a streamer left from a cut link (${stderr.trim().split("\n").at(-1) ?? ""}); it exits by itself within 15 minutes.`,
  none: "No hosts are watched. Add one with `mytty-bar remote add <destination>` (an ssh destination or docker://<container>).",
  line: (h: { host: string; state: string; since?: string; problem?: string; helperMissing?: boolean }) => {
    const state =
      h.state === "engine-not-running"
        ? "not watched now: Mytty Bar is not running (start it with `mytty-bar`)"
        : `${h.state}${h.since ? ` since ${h.since}` : ""}`;
    const hooks = h.helperMissing ? ` — no hooks there: \`mytty-doctor install <provider> --host ${h.host}\`` : "";
    return `${h.host}  ${state}${h.problem ? ` — ${h.problem}` : ""}${hooks}`;
  },
};

/** Jump on an agent of a watched host: fail closed (docs/remote.md#jump-to-a-remote-agent). */
export function remoteFocusText(host: string): string {
  return `This agent runs on ${host}: the local tab running \`ssh ${host}\` cannot be told apart exactly yet, so nothing was switched; open that tab yourself.`;
}
