// The orchestration guide, <data>/mytty-team.md = exactly what `mytty-team guide` prints (English).
// It describes only commands that work today; extend it when mytty-team grows (and only then).
import type { Paths } from "./paths.js";

export function guideText(paths: Paths): string {
  return `# mytty-team: see and wait for the coding agents running on this machine

Mytty Bar watches coding agents (Claude Code, Codex, Cursor CLI, OpenCode, Antigravity) in every
terminal. \`mytty-team\` lets one agent see the others and wait for them. It talks to the Mytty Bar
engine over a local Unix socket (${paths.controlSocket}); when the engine is not running every
command prints how to start it and exits 3. Inside a sandbox (Codex), run it outside the sandbox:
the socket connection is refused there.

## List the agents

    mytty-team list
    mytty-team list --json

One row per agent: terminal (tty, host app, tmux pane), provider, state
(unknown, idle, running, waiting-approval, waiting-input, succeeded, failed, disconnected),
whether it needs a human (attention), its session id and the last message when known.

## Wait for an agent

    mytty-team wait <agent> --until running|attention|completed [--timeout-seconds N]

Blocks until the agent reaches the state: \`running\` (it started working), \`attention\` (it waits
for an approval or an answer) or \`completed\` (its turn ended: succeeded, failed or disconnected).
<agent> is an identifier from \`mytty-team list\`. With --timeout-seconds it gives up after N seconds
with a non-zero exit.

## Check that events arrive

    mytty-team stats --json

Counts of accepted, duplicate and rejected hook events, the spool backlog, and the time of the last
event per provider. If a provider never shows up here, run \`mytty-doctor status\`.
`;
}
