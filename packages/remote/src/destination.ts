// Where a remote command goes: an ssh destination as the user types it to `ssh` (a Host alias from
// ~/.ssh/config, user@host, ssh://user@host:port) or a container (docker://name, podman://name).
// The text ends up as one argument on an ssh or docker command line, so anything ssh could read as an
// option (a leading "-") or that could smuggle a second line or word is refused (docs/remote.md#installing-on-a-host).

export type Destination =
  { kind: "ssh"; target: string; text: string } | { kind: "docker" | "podman"; container: string; text: string };

export type ParsedDestination = { ok: true; destination: Destination } | { ok: false; message: string };

const MAX_DESTINATION_BYTES = 255;
// Docker's and Podman's rule for a container name (an id is hex, which it also accepts).
const CONTAINER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
// Unicode "other, control" and "other, format": never part of a host name, invisible on screen.
const CONTROL = /[\p{Cc}\p{Cf}]/u;

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
  return { ok: true, destination: { kind: "ssh", target: text, text } };
}
