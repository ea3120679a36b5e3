// classifyFailure on the container CLIs' own words: docker exits 1 for the daemon's errors, podman 125.
// The texts are what the CLIs print (docker 28.2 here, with no engine running; podman's from its
// issue tracker, docs/remote.md#containers); a script's own exit 1 stays the script's.
import { describe, expect, it } from "vitest";
import { classifyFailure, parseDestination, type Destination, type RemoteResult } from "../src/index.js";

function dest(text: string): Destination {
  const parsed = parseDestination(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.destination;
}

const result = (code: number, stderr: string): RemoteResult => ({
  stdout: Buffer.alloc(0),
  stderr,
  code,
  timedOut: false,
  overflow: false,
});

describe("classifyFailure for containers", () => {
  it("a missing docker container (exit 1) is no-container, with the check command", () => {
    expect(
      classifyFailure(dest("docker://api"), result(1, "Error response from daemon: No such container: api\n"), {}),
    ).toEqual({
      kind: "no-container",
      message:
        "Cannot reach container api (Error response from daemon: No such container: api): start it, then try `docker exec -i api sh -c true`.",
    });
  });

  it("no docker daemon (exit 1) says to start Docker", () => {
    const said = "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n";
    expect(classifyFailure(dest("docker://api"), result(1, said), {})?.message).toBe(
      "Cannot reach docker's engine for container api (Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?): start Docker, then try `docker exec -i api sh -c true`.",
    );
  });

  it("a missing podman container (exit 125) is no-container", () => {
    const said = 'Error: no container with name or ID "web" found: no such container\n';
    expect(classifyFailure(dest("podman://web"), result(125, said), {})?.kind).toBe("no-container");
  });

  it("the script's own exit 1 is not the transport's", () => {
    expect(classifyFailure(dest("docker://api"), result(1, "cat: x: No such file or directory\n"), {})).toBeUndefined();
  });
});
