// The orchestration guide (English only, docs/architecture.md#orchestration-guide-and-pointers): exactly what
// `mytty-team guide` prints and what <data>/mytty-team.md holds. Every `mytty-team …` line in a code block is parsed
// by the real command-line program in apps/team's tests, so the manual cannot name a command that does not exist.
import type { Paths } from "./paths.js";

export function teamGuide(paths: Paths): string {
  return `# mytty-team — running a team of coding agents

This is the operating manual of \`mytty-team\`, the command-line side of Mytty Bar. It lets you, a
coding agent, start other coding agents in tmux panes beside you, wait until they finish, read what
they did, send them follow-ups and close them. The same text is printed by \`mytty-team guide\` and
kept at ${paths.guide}.

## Before you start

- \`spawn\`, \`send\`, \`read\`, \`focus\` and \`close\` work inside tmux only: your pane must have
  \`TMUX\` and \`TMUX_PANE\` set. Outside tmux they print one line and exit with code 5.
- \`list\`, \`wait\`, \`stats\` and \`status\` talk to the Mytty Bar engine over its control socket
  (${paths.controlSocket}). When the engine is not running they say how to start it and exit with
  code 3; the user starts it with \`mytty-bar\` (menu bar) or \`mytty-bar --headless\`.
- An agent is addressed by its id from \`mytty-team list\` (such as \`codex-48213\`) or by the label
  you gave it at spawn. Labels must be unique to be useful.
- Exit codes: 0 done, 1 failed (unknown agent, tmux refused), 2 bad arguments, 3 engine not running,
  4 \`wait\` timed out, 5 tmux needed.

## Codex: leave the sandbox for these commands

Codex's sandbox refuses connections to Unix sockets (\`connect\` fails with EPERM). Both the engine's
control socket and the tmux server are Unix sockets, so every \`mytty-team\` command fails inside the
sandbox. Run them with escalated permissions (ask for approval to run outside the sandbox) or ask the
user to approve them; do not retry them inside the sandbox.

## Commands

- \`mytty-team list [--json]\`: every agent Mytty Bar sees, with id, provider, state (idle, running,
  waiting-approval, waiting-input, succeeded, failed, disconnected), whether it needs attention, its
  last status note and its terminal (tmux pane).
- \`mytty-team spawn --provider <claude-code|codex|cursor|opencode|gemini> --task <text>\` (or
  \`--task-file <path>\`), with optional \`--label <name>\`, \`--cwd <dir>\`, \`--model <model>\`,
  \`--direction auto|left|right|up|down\` and \`--json\`: opens a pane beside yours (several spawns
  share the space evenly), starts that agent's CLI with the task as its first prompt, and prints the
  new agent's id and pane.
- \`mytty-team wait <agent> --until running|attention|completed [--timeout-seconds N]\`: blocks until
  the agent starts working, needs a human (approval or a question), or finishes its turn
  (succeeded, failed, or exited). Exit 4 when the timeout passes first.
- \`mytty-team read <agent> [--lines N] [--json]\`: prints the last N lines (default 100) of the
  agent's pane, history included.
- \`mytty-team send <agent> <text> [--enter]\`: types the text into the agent's pane literally;
  \`--enter\` submits it. Keep it on one line: some agents submit at the first newline.
- \`mytty-team focus <agent>\`: shows the agent's pane to the user (selects its window and pane).
- \`mytty-team close <agent>\`: ends the agent by closing its pane. It never closes your own pane.
- \`mytty-team status <note>\`: for workers: one line about what you are doing, shown next to your
  row in \`list\` and in the menu bar popup.
- \`mytty-team stats [--json]\`: hook events the engine accepted, rejected and last saw per provider.
- \`mytty-team guide\`: prints this manual.

## The flow: spawn → wait → read

1. Split the job into tasks that can be done without talking to each other. Write each task as one
   self-contained prompt: what to do, where, what not to touch, and what to report at the end.
2. \`spawn\` one worker per task and keep the printed id (or use the label).
3. \`wait\` for each worker \`--until completed\`. If \`wait --until attention\` returns, the worker asks
   for approval or input: \`read\` it, then answer with \`send … --enter\`, or \`focus\` it for the user.
4. \`read\` each worker's output and decide the next stage.
5. \`close\` workers you no longer need; every open agent costs the user money and screen space.

To give a finished worker a follow-up, \`send\` it with \`--enter\`, then \`wait --until running\`
followed by \`wait --until completed\` (a plain \`wait --until completed\` right after \`send\` may
return at once, with the previous turn's result). If \`wait --until running\` times out, the turn may
already be over: \`read\` the pane.

## Example: investigate, implement, review

Stage 1, two read-only investigators in parallel:

\`\`\`sh
mytty-team spawn --provider claude-code --label scout-api --task "Read only, do not edit files. Explain how authentication works in src/api: entry points, token checks, the files involved. End with a short summary."
mytty-team spawn --provider codex --label scout-tests --task "Read only, do not edit files. List the tests that cover authentication and the code paths no test reaches. End with a short summary."
mytty-team wait scout-api --until completed --timeout-seconds 1800
mytty-team wait scout-tests --until completed --timeout-seconds 1800
mytty-team read scout-api --lines 200
mytty-team read scout-tests --lines 200
mytty-team close scout-api
mytty-team close scout-tests
\`\`\`

Stage 2, one implementer, briefed with what the investigators found:

\`\`\`sh
mytty-team spawn --provider claude-code --label implementer --task "Add rate limiting to the login endpoint in src/api. Findings so far: (paste the summaries here). Add tests for the new behaviour and run them. End with the list of files you changed."
mytty-team wait implementer --until completed --timeout-seconds 3600
mytty-team read implementer --lines 200
\`\`\`

Stage 3, a reviewer, then the fixes:

\`\`\`sh
mytty-team spawn --provider codex --label reviewer --task "Review the uncommitted changes (git diff) for bugs, missing tests and security problems. Do not edit files. List each problem with file and line."
mytty-team wait reviewer --until completed --timeout-seconds 1800
mytty-team read reviewer --lines 200
mytty-team send implementer "Fix these review findings, then run the tests again: (paste them here)" --enter
mytty-team wait implementer --until running --timeout-seconds 120
mytty-team wait implementer --until completed --timeout-seconds 3600
mytty-team close reviewer
mytty-team close implementer
\`\`\`

A worker keeps the user informed with:

\`\`\`sh
mytty-team status "tests written, running them"
\`\`\`

## Good habits

- Give parallel workers separate files or read-only tasks; two writers in one tree undo each other.
- Say "read only, do not edit files" in investigation tasks, and ask every worker for a summary at
  the end so \`read\` has something short to return.
- Prefer \`wait\` to polling with \`read\` in a loop.
- Never approve a worker's risky action for the user: \`focus\` it and tell the user instead.
`;
}
