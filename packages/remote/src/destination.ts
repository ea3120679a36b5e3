// Where a remote command goes: an ssh destination as the user types it to `ssh` (a Host alias from
// ~/.ssh/config, user@host, ssh://user@host:port) or a container (docker://name, podman://name).
// The text ends up as one argument on an ssh or docker command line, and in the commands we print for the
// user to paste, so anything ssh could read as an option (a leading "-"), read otherwise than meant
// (`host:22` is a host name to ssh, not a port), or that a shell would split (`a;b`) is refused
// (docs/remote.md#installing-on-a-host).

export type Destination =
  { kind: "ssh"; target: string; text: string } | { kind: "docker" | "podman"; container: string; text: string };

export type ParsedDestination = { ok: true; destination: Destination } | { ok: false; message: string };

const MAX_DESTINATION_BYTES = 255;
// Docker's and Podman's rule for a container name (an id is hex, which it also accepts).
const CONTAINER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
// Unicode "other, control" and "other, format": never part of a host name, invisible on screen.
const CONTROL = /[\p{Cc}\p{Cf}]/u;
// A user name and a host name or ssh_config alias as ssh reads them; an IPv6 address (with its zone).
const USER = /^[A-Za-z0-9_][A-Za-z0-9._+-]*$/;
const HOST = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const IPV6 = /^[0-9A-Fa-f]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.-]+)?$/;
const SSH_URI = /^ssh:\/\/(?:([^@/]*)@)?(\[[^\]/]*\]|[^:/[\]]*)(?::([^/]*))?$/;

/** Why ssh would not read `user@host` (or the URI's parts) as meant, or undefined when it would. */
function sshProblem(user: string | undefined, host: string, port: string | undefined): string | undefined {
  if (user !== undefined && !USER.test(user)) return `"${user}" is not a user name (letters, digits and . _ + -)`;
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (!HOST.test(bare) && !IPV6.test(bare))
    return `"${host}" is not a host name (letters, digits and . _ -) or an IPv6 address`;
  if (port !== undefined && !(/^[0-9]{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    return `"${port}" is not a port (1-65535)`;
  return undefined;
}

/** The ssh destination's problem: plain `[user@]host`, or `ssh://[user@]host[:port]`. */
function sshDestinationProblem(text: string): string | undefined {
  if (text.startsWith("ssh://")) {
    const uri = SSH_URI.exec(text);
    if (!uri) return "an ssh:// destination is ssh://[user@]host[:port], with nothing after it";
    return sshProblem(uri[1], uri[2] ?? "", uri[3]);
  }
  const at = text.lastIndexOf("@");
  const user = at >= 0 ? text.slice(0, at) : undefined;
  const host = text.slice(at + 1);
  const withPort = /^([^:]+):([0-9]+)$/.exec(host);
  if (withPort)
    return `ssh reads "${host}" as a host name, port and all: give the port as ssh://${user !== undefined ? `${user}@` : ""}${withPort[1]}:${withPort[2]}`;
  return sshProblem(user, host, undefined);
}

export function parseDestination(text: string): ParsedDestination {
  const refuse = (why: string): ParsedDestination => ({
    ok: false,
    message: `${JSON.stringify(text)} is not a destination we can use: ${why}. Give it as you would to ssh (devbox, user@host) or as docker://<container> / podman://<container>.`,
  });
  if (text === "") return refuse("it is empty");
  if (Buffer.byteLength(text, "utf8") > MAX_DESTINATION_BYTES)
    return refuse(`it is longer than ${MAX_DESTINATION_BYTES} bytes`);
  if (CONTROL.test(text)) return refuse("it contains a control character");
  if (/\s/u.test(text)) return refuse("it contains white space");
  if (text.startsWith("-")) return refuse('it starts with "-", which ssh would read as an option');
  const container = /^(docker|podman):\/\/(.*)$/.exec(text);
  if (container) {
    const kind = container[1] as "docker" | "podman";
    const name = container[2] ?? "";
    if (!CONTAINER_NAME.test(name)) return refuse(`"${name}" is not a ${kind} container name`);
    return { ok: true, destination: { kind, container: name, text } };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !text.startsWith("ssh://"))
    return refuse("only ssh://, docker:// and podman:// are understood");
  const problem = sshDestinationProblem(text);
  if (problem !== undefined) return refuse(problem);
  return { ok: true, destination: { kind: "ssh", target: text, text } };
}
