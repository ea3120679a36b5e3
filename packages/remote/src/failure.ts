// Why a remote command failed, in one line with the command that fixes it. ssh reports its own
// failures with exit code 255 and a message on stderr; the docker CLI exits 1 for the daemon's errors
// (no such container, no daemon) and 126/127 when the command cannot start, podman 125 for its own.
// The patterns are OpenSSH's and Docker's/Podman's own messages (docs/remote.md#containers).
import { shownText } from "@mytty-bar/protocol";
import type { Destination } from "./destination.js";
import { checkCommand } from "./command.js";
import type { RemoteResult } from "./run.js";

export type FailureKind =
  | "unreachable"
  | "key-refused"
  | "host-key"
  | "no-sh"
  | "timeout"
  | "no-client"
  | "no-container"
  | "output-too-large"
  | "failed";

export interface RemoteFailure {
  kind: FailureKind;
  /** One line: what is wrong and the command that fixes it. */
  message: string;
}

const UNREACHABLE =
  /Connection refused|Could not resolve hostname|No route to host|Network is unreachable|Connection timed out|Operation timed out|Connection reset|Connection closed by|kex_exchange_identification|Name or service not known|Temporary failure in name resolution|port \d+: Broken pipe/i;
const KEY_REFUSED = /Permission denied|Too many authentication failures|no mutual signature|Authentication failed/i;
const HOST_KEY = /Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED|No .* host key is known/i;
const NO_SH =
  /(^|[\s:])sh: (command )?not found|exec: sh: not found|"sh": executable file not found|sh: No such file or directory|exec: "sh"/i;
const NO_CONTAINER = /No such container|is not running|no container with name or ID|container state improper/i;
const NO_DAEMON =
  /Cannot connect to the Docker daemon|Is the docker daemon running|unable to connect to Podman socket/i;

/** The most telling line of stderr: the last non-empty one, through shownText (a host's text), at most 160 characters. */
function lastLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => shownText(l).trim())
    .filter((l) => l !== "" && !/^Warning: Permanently added/.test(l));
  const line = lines.at(-1) ?? "";
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * The transport's failure, or undefined when the link worked (the script's own exit status is its
 * caller's business). A script run through this must not exit 255 itself, so that code stays ssh's.
 */
export function classifyFailure(
  destination: Destination,
  result: RemoteResult,
  env: NodeJS.ProcessEnv = process.env,
): RemoteFailure | undefined {
  const name = destination.text;
  const check = `\`${checkCommand(destination, env)}\``;
  const client = destination.kind === "ssh" ? "ssh" : destination.kind;
  const said = lastLine(result.stderr);
  const because = said === "" ? "" : ` (${said})`;
  const fail = (kind: FailureKind, message: string): RemoteFailure => ({ kind, message });
  if (result.spawnError !== undefined)
    return fail(
      "no-client",
      `Cannot run ${client} to reach ${name} (${result.spawnError}): install it${client === "ssh" ? " (OpenSSH) or set MYTTY_BAR_SSH to the ssh command to use" : ""}, then try ${check}.`,
    );
  if (result.timedOut)
    return fail("timeout", `${name} did not answer in time: check that it is up and the link works with ${check}.`);
  if (result.overflow) return fail("output-too-large", `${name} sent more output than expected; nothing was used.`);
  if (result.code === 0) return undefined;
  if (NO_SH.test(result.stderr) && (result.code === 127 || result.code === 126))
    return fail(
      "no-sh",
      `${name} has no sh on its PATH${because}: Mytty Bar needs a POSIX sh there; check with ${check}.`,
    );
  if (destination.kind === "ssh") {
    if (result.code !== 255) return undefined;
    if (HOST_KEY.test(result.stderr))
      return fail(
        "host-key",
        `${name}'s host key is not known (or changed)${because}: connect once by hand to check and accept it with \`${checkCommand(destination, env).replace(" -o BatchMode=yes", "")}\`.`,
      );
    if (KEY_REFUSED.test(result.stderr))
      return fail(
        "key-refused",
        `${name} refused our key${because}: Mytty Bar never asks for a password, so load your key (ssh-add) or install it there (ssh-copy-id ${destination.target}), then try ${check}.`,
      );
    if (UNREACHABLE.test(result.stderr))
      return fail(
        "unreachable",
        `Cannot reach ${name}${because}: check the name and that the host is up, then try ${check}.`,
      );
    return fail("failed", `ssh to ${name} failed${because}: try ${check} to see why.`);
  }
  if (result.code !== 1 && result.code !== 125 && result.code !== 126 && result.code !== 127) return undefined;
  if (NO_DAEMON.test(result.stderr))
    return fail(
      "no-container",
      `Cannot reach ${client}'s engine for container ${destination.container}${because}: start ${client === "docker" ? "Docker" : "Podman (podman machine start)"}, then try ${check}.`,
    );
  if (NO_CONTAINER.test(result.stderr))
    return fail(
      "no-container",
      `Cannot reach container ${destination.container}${because}: start it, then try ${check}.`,
    );
  // Exit 1 without the daemon's words is the script's own status: its caller's business.
  if (result.code === 1) return undefined;
  return fail("failed", `${client} exec into ${destination.container} failed${because}: try ${check} to see why.`);
}
