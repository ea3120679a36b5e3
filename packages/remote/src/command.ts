// The command line that runs a POSIX sh script on a destination. ssh is the user's own: their
// ~/.ssh/config, keys, agent, jump hosts and ControlMaster all apply, because we add only
// `-o BatchMode=yes` (it must never prompt: nobody is there to answer). MYTTY_BAR_SSH replaces the
// `ssh` word the way GIT_SSH_COMMAND does for git: it is a shell command line, run by sh with our
// arguments appended (docs/remote.md#installing-on-a-host).
import { posixQuote, shellWord } from "@mytty-bar/protocol";
import type { Destination } from "./destination.js";

export interface Invocation {
  file: string;
  args: string[];
}

/** The user's override of the ssh command (MYTTY_BAR_SSH), or undefined for plain `ssh`. */
export function sshOverride(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.MYTTY_BAR_SSH;
  return value !== undefined && value.trim() !== "" ? value : undefined;
}

const SSH_OPTIONS = ["-o", "BatchMode=yes"];

/** The remote side runs `sh -c <script> mytty-bar <args…>`: the login shell only has to start sh. */
function remoteShellCommand(script: string, args: readonly string[]): string {
  return ["exec", "sh", "-c", posixQuote(script), "mytty-bar", ...args.map(posixQuote)].join(" ");
}

function sshInvocation(env: NodeJS.ProcessEnv, sshArgs: readonly string[]): Invocation {
  const override = sshOverride(env);
  if (override === undefined) return { file: "ssh", args: [...sshArgs] };
  // Like git: the override is a shell command line, our arguments follow it as "$@".
  return { file: "/bin/sh", args: ["-c", `${override} "$@"`, "mytty-bar-ssh", ...sshArgs] };
}

/** How to run `script` (with `args` as $1…) on `destination`, stdin and stdout passed through. */
export function remoteInvocation(
  destination: Destination,
  script: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Invocation {
  if (destination.kind !== "ssh")
    return {
      file: destination.kind,
      args: ["exec", "-i", destination.container, "sh", "-c", script, "mytty-bar", ...args],
    };
  // "--" ends ssh's options: neither the destination nor the command can be read as one.
  return sshInvocation(env, [...SSH_OPTIONS, "--", destination.target, remoteShellCommand(script, args)]);
}

/** The command a user runs to check the link by hand, exactly as we connect (shown in error messages). */
export function checkCommand(destination: Destination, env: NodeJS.ProcessEnv = process.env): string {
  if (destination.kind !== "ssh") return `${destination.kind} exec -i ${destination.container} sh -c true`;
  const ssh = sshOverride(env)?.trim() ?? "ssh";
  return `${ssh} -o BatchMode=yes ${shellWord(destination.target)} true`;
}
