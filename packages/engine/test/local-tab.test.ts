// The pure match from a remote agent's SSH_CONNECTION to the one local ssh client holding that
// connection (docs/remote.md#jump-to-a-remote-agent): exactly one, owning it alone, or a reason.
import { describe, expect, it } from "vitest";
import { LOCAL_TAB_TEXT, matchLocalTab, parseSshConnection, type LocalSshClient } from "../src/remote/local-tab.js";

const client = (pid: number, local: number, server = "10.0.0.5", port = 22, extra: Partial<LocalSshClient> = {}) => ({
  pid,
  argv: ["ssh", "devbox"],
  connections: [{ local: { addr: "192.168.1.20", port: local }, remote: { addr: server, port } }],
  ...extra,
});
const hint = parseSshConnection("192.168.1.20 50522 10.0.0.5 22");

describe("parseSshConnection", () => {
  it("reads the four fields, normalising the addresses", () => {
    expect(parseSshConnection("::ffff:127.0.0.1 50522 ::FFFF:127.0.0.1 2222")).toEqual({
      client: { addr: "127.0.0.1", port: 50522 },
      server: { addr: "127.0.0.1", port: 2222 },
    });
  });

  it("refuses anything else", () => {
    for (const bad of [
      undefined,
      "",
      "1.2.3.4 5 6.7.8.9",
      "1.2.3.4 99999 6.7.8.9 22",
      " 1.2.3.4 5 6.7.8.9 22",
      "a;b 1 c 2",
      "x".repeat(300),
    ])
      expect(parseSshConnection(bad)).toBeUndefined();
  });
});

describe("matchLocalTab", () => {
  it("picks the one client whose socket has the client port and the server's address and port", () => {
    expect(matchLocalTab(hint, [client(10, 50000), client(11, 50522), client(12, 50522, "10.0.0.6")])).toEqual({
      ok: true,
      pid: 11,
    });
  });

  it("refuses without a hint, with no holder, with several", () => {
    expect(matchLocalTab(undefined, [client(11, 50522)])).toEqual({ ok: false, reason: LOCAL_TAB_TEXT.noHint });
    expect(matchLocalTab(hint, [client(11, 50522, "10.0.0.5", 2222)])).toEqual({
      ok: false,
      reason: LOCAL_TAB_TEXT.noMatch,
    });
    expect(matchLocalTab(hint, [client(11, 50522), client(12, 50522)])).toEqual({
      ok: false,
      reason: LOCAL_TAB_TEXT.several(2),
    });
  });

  it("refuses a ControlMaster by its argv: a [mux] title, or -M (its listener: local-tabs.test.ts)", () => {
    const master = (extra: Partial<LocalSshClient>) => matchLocalTab(hint, [client(11, 50522, "10.0.0.5", 22, extra)]);
    expect(master({ argv: ["ssh: /home/alex/.ssh/cm-devbox [mux]"] })).toEqual({
      ok: false,
      reason: LOCAL_TAB_TEXT.controlMaster,
    });
    expect(master({ argv: ["ssh", "-NM", "devbox"] }).ok).toBe(false);
    expect(master({ argv: ["ssh", "-oControlMaster=no", "-l", "Mike", "devbox"] })).toEqual({ ok: true, pid: 11 });
  });
});
