import { describe, expect, it } from "vitest";
import { checkCommand, parseDestination, remoteInvocation, type Destination } from "@mytty-bar/remote";

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
