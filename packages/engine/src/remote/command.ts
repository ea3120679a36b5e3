// The command line that reaches a watched host: the user's own ssh (or `docker exec` / `podman exec`),
// never a connection of our own (docs/remote.md#watching-a-host). BatchMode=yes: a watcher in the
// background must never prompt; everything else — keys, jump hosts, ControlMaster — is the user's config.
import { shellQuote } from "@mytty-bar/installers";

export interface Destination {
  kind: "ssh" | "docker" | "podman";
  /** As the user wrote it: `devbox`, `alex@devbox`, `docker://web`. */
  text: string;
  /** The ssh destination or the container name. */
  target: string;
}

const SSH_DEST = /^[A-Za-z0-9_][A-Za-z0-9_.@%+:[\]-]{0,254}$/;
const CONTAINER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Parses a destination; an option-looking or odd one is refused (it would reach ssh's command line). */
export function parseDestination(text: string): Destination | { error: string } {
  const container = /^(docker|podman):\/\/(.*)$/.exec(text);
  if (container) {
    const target = container[2]!;
    if (!CONTAINER.test(target)) return { error: `not a container name: ${JSON.stringify(target)}` };
    return { kind: container[1] as "docker" | "podman", text, target };
  }
  if (!SSH_DEST.test(text)) return { error: `not an ssh destination: ${JSON.stringify(text)} (e.g. devbox, alex@devbox)` };
  return { kind: "ssh", text, target: text };
}

export interface CommandLine {
  file: string;
  args: string[];
}

/**
 * `script` runs under the far side's sh. Over ssh the remote command goes through the user's login
 * shell, so it is one POSIX-quoted `sh -c` word; `MYTTY_BAR_SSH` replaces `ssh` the way git's
 * GIT_SSH_COMMAND does (run by sh, our arguments appended).
 */
export function remoteCommand(dest: Destination, script: string, env: NodeJS.ProcessEnv): CommandLine {
  if (dest.kind !== "ssh") return { file: dest.kind, args: ["exec", "-i", dest.target, "sh", "-c", script] };
  const args = ["-o", "BatchMode=yes", "-T", "--", dest.target, `sh -c ${shellQuote(script)}`];
  const custom = env.MYTTY_BAR_SSH?.trim();
  if (custom) return { file: "/bin/sh", args: ["-c", `${custom} "$@"`, "mytty-bar-ssh", ...args] };
  return { file: "ssh", args };
}
