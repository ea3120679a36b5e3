import { describe, expect, it } from "vitest";
import { checkCommand, parseDestination, remoteInvocation, type Destination } from "@mytty-bar/remote";
import { shellWord } from "@mytty-bar/protocol/wire";

function parsed(text: string): Destination {
  const r = parseDestination(text);
  if (!r.ok) throw new Error(r.message);
  return r.destination;
}

describe("parseDestination", () => {
  it("takes what ssh takes, and containers", () => {
    expect(parsed("devbox")).toEqual({ kind: "ssh", target: "devbox", text: "devbox" });
    expect(parsed("alex@10.0.0.5")).toMatchObject({ kind: "ssh", target: "alex@10.0.0.5" });
    expect(parsed("ssh://alex@devbox:2222")).toMatchObject({ kind: "ssh", target: "ssh://alex@devbox:2222" });
    expect(parsed("docker://api-dev_1")).toEqual({
      kind: "docker",
      container: "api-dev_1",
      text: "docker://api-dev_1",
    });
    expect(parsed("podman://web")).toMatchObject({ kind: "podman", container: "web" });
  });

  it("refuses what could be read as an option or smuggle a second word or line", () => {
    for (const bad of [
      "",
      "-oProxyCommand=touch /tmp/x",
      "--",
      "dev\nbox",
      "dev box",
      "devbox\u0000",
      "dev\u200bbox",
      "docker://",
      "docker://-it",
      "docker://a b",
      "http://devbox",
      "x".repeat(256),
    ]) {
      const r = parseDestination(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).not.toContain("\n");
    }
  });
});

describe("parseDestination: what ssh would misread, or a shell would split, is refused", () => {
  // [destination, accepted?, the reason's words when refused]
  const CASES: Array<[string, boolean, string?]> = [
    ["devbox", true],
    ["alex@devbox", true],
    ["alex.smith@dev-box.example.com", true],
    ["build_user@10.0.0.5", true],
    ["alex@::1", true],
    ["fe80::1%eth0", true],
    ["ssh://devbox", true],
    ["ssh://alex@devbox:2222", true],
    ["ssh://alex@[::1]:22", true],
    ["a;b", false, '"a;b" is not a host name'],
    ["devbox&&id", false, "is not a host name"],
    ["$(id)@devbox", false, '"$(id)" is not a user name'],
    ["dev`id`box", false, "is not a host name"],
    ["dev|box", false, "is not a host name"],
    ["dev'box", false, "is not a host name"],
    ["dev*", false, "is not a host name"],
    ["user@host:22", false, 'ssh reads "host:22" as a host name, port and all: give the port as ssh://user@host:22'],
    ["host:2222", false, "give the port as ssh://host:2222"],
    ["a@b@c", false, '"a@b" is not a user name'],
    ["alex@", false, '"" is not a host name'],
    ["ssh://", false, '"" is not a host name'],
    ["ssh://devbox:0", false, '"0" is not a port'],
    ["ssh://devbox:99999", false, '"99999" is not a port'],
    ["ssh://devbox:22;id", false, '"22;id" is not a port'],
    ["ssh://devbox/path", false, "with nothing after it"],
    ["ssh://a;b", false, '"a;b" is not a host name'],
  ];

  it.each(CASES)("%s", (text, ok, why) => {
    const r = parseDestination(text);
    expect(r.ok).toBe(ok);
    if (!r.ok) {
      expect(r.message).toContain(why);
      expect(r.message).toContain("Give it as you would to ssh");
    }
  });
});

describe("shellWord", () => {
  it("prints a destination bare when sh reads it back as it is, quoted otherwise", () => {
    expect(shellWord("alex@devbox")).toBe("alex@devbox");
    expect(shellWord("ssh://alex@devbox:2222")).toBe("ssh://alex@devbox:2222");
    expect(shellWord("a;b")).toBe("'a;b'");
    expect(shellWord("ssh://alex@[::1]:22")).toBe("'ssh://alex@[::1]:22'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});

describe("remoteInvocation", () => {
  const script = "printf '%s\\n' \"$HOME\"";

  it("runs plain ssh in batch mode, nothing of the user's config switched off", () => {
    const inv = remoteInvocation(parsed("devbox"), script, ["a b"], {});
    expect(inv.file).toBe("ssh");
    expect(inv.args.slice(0, 4)).toEqual(["-o", "BatchMode=yes", "--", "devbox"]);
    expect(inv.args.join(" ")).not.toMatch(/ControlMaster|ControlPath|-F|StrictHostKeyChecking/);
    expect(inv.args[4]).toBe(`exec sh -c 'printf '\\''%s\\n'\\'' "$HOME"' mytty-bar 'a b'`);
  });

  it("runs MYTTY_BAR_SSH as a shell command line with our arguments appended, like GIT_SSH_COMMAND", () => {
    const inv = remoteInvocation(parsed("devbox"), script, [], { MYTTY_BAR_SSH: "ssh -F '/my dir/config'" });
    expect(inv.file).toBe("/bin/sh");
    expect(inv.args.slice(0, 3)).toEqual(["-c", `ssh -F '/my dir/config' "$@"`, "mytty-bar-ssh"]);
    expect(inv.args.slice(3, 7)).toEqual(["-o", "BatchMode=yes", "--", "devbox"]);
    expect(remoteInvocation(parsed("devbox"), script, [], { MYTTY_BAR_SSH: "  " }).file).toBe("ssh");
  });

  it("uses docker / podman exec -i with sh -c for containers", () => {
    expect(remoteInvocation(parsed("docker://api"), script, ["x"], {})).toEqual({
      file: "docker",
      args: ["exec", "-i", "api", "sh", "-c", script, "mytty-bar", "x"],
    });
    expect(remoteInvocation(parsed("podman://api"), script, [], {}).file).toBe("podman");
  });

  it("names the exact command that checks the link by hand", () => {
    expect(checkCommand(parsed("devbox"), {})).toBe("ssh -o BatchMode=yes devbox true");
    expect(checkCommand(parsed("devbox"), { MYTTY_BAR_SSH: "ssh -F /c" })).toBe(
      "ssh -F /c -o BatchMode=yes devbox true",
    );
    expect(checkCommand(parsed("docker://api"), {})).toBe("docker exec -i api sh -c true");
  });
});
