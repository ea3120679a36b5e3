// The socket-table parsers behind a remote row's local tab (docs/remote.md#jump-to-a-remote-agent), on
// tables recorded from this kind of machine (fixtures/sockets, sources in its README), and the live /proc reader.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  listeningUnixInodes,
  lsofSocketReader,
  normaliseAddr,
  parseLsofTcp,
  parseProcNetTcp,
  procSocketReader,
} from "@mytty-bar/detect";

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/sockets/${name}`, import.meta.url), "utf8");

describe("parseProcNetTcp", () => {
  it("reads IPv4 rows: addresses in host byte order, ports, inode and state", () => {
    const rows = parseProcNetTcp(fixture("proc-net-tcp.txt"));
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual({
      local: { addr: "127.0.0.1", port: 45060 },
      remote: { addr: "127.0.0.1", port: 42585 },
      inode: "2732804",
      state: "01",
    });
    expect(rows[0]?.state).toBe("0A");
  });

  it("reads IPv6 rows, a v4-mapped address as its IPv4 form", () => {
    const rows = parseProcNetTcp(fixture("proc-net-tcp6.txt"));
    expect(rows.find((r) => r.inode === "2732805")).toMatchObject({
      local: { addr: "::1", port: 34112 },
      remote: { addr: "::1", port: 34065 },
    });
    expect(rows.find((r) => r.inode === "2732810")).toMatchObject({
      local: { addr: "127.0.0.1", port: 35107 },
      remote: { addr: "127.0.0.1", port: 51978 },
    });
    expect(rows.find((r) => r.inode === "2732806")?.local.addr).toBe("::");
  });

  it("reads a global and a link-local IPv6 connection (recorded), compressed as the hook's SSH_CONNECTION spells them", () => {
    const rows = parseProcNetTcp(fixture("proc-net-tcp6-global.txt"));
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r.inode === "4091756")).toEqual({
      local: { addr: "fd00::2", port: 36006 },
      remote: { addr: "fd00::2", port: 45023 },
      inode: "4091756",
      state: "01",
    });
    expect(rows.find((r) => r.inode === "4091762")).toMatchObject({
      local: { addr: "fe80::fc:ff:fe00:1", port: 51006 },
      remote: { addr: "fe80::fc:ff:fe00:1", port: 43009 },
    });
    expect(rows[0]).toMatchObject({ local: { addr: "fd00::2" }, remote: { addr: "::", port: 0 }, state: "0A" });
  });

  it("spells a table's 128-bit address as normaliseAddr spells the same address written by hand", () => {
    // The kernel prints four 32-bit words, each in host byte order (little-endian here).
    const word = (bytes: number[]) => Buffer.from(bytes.slice().reverse()).toString("hex").toUpperCase();
    const tableAddr = (groups: number[]) => {
      const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
      return [0, 4, 8, 12].map((i) => word(bytes.slice(i, i + 4))).join("");
    };
    const line = (a: number[], b: number[]) =>
      `   0: ${tableAddr(a)}:C350 ${tableAddr(b)}:0016 01 00000000:00000000 00:00000000 00000000  1000        0 77 1 0 20 4 30 10 -1`;
    // The spelling RFC 5952 gives each (lower case, the longest zero run compressed, the first on a tie), and
    // the hand-written form normaliseAddr must agree with.
    const cases: Array<[number[], string, string]> = [
      [[0x2001, 0xdb8, 0, 0, 1, 0, 0, 1], "2001:DB8:0:0:1:0:0:1", "2001:db8::1:0:0:1"], // a tie: the first run
      [[1, 0, 0, 2, 0, 0, 0, 3], "1:0:0:2:0:0:0:3", "1:0:0:2::3"], // the longer run wins
      [[1, 0, 2, 3, 4, 5, 6, 7], "1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7"], // one zero group stays
      [[0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x114], "::ffff:192.168.1.20", "192.168.1.20"], // v4-mapped: the v4 address
      [[0, 0, 0, 0, 0, 0, 0x0102, 0x0304], "::1.2.3.4", "::102:304"], // v4-compatible (deprecated): hex
      [[0x2a01, 0x4f8, 0xc17, 0xb8f, 0, 0, 0, 2], "2a01:04f8:0c17:0b8f::0002", "2a01:4f8:c17:b8f::2"],
    ];
    for (const [groups, written, spelled] of cases) {
      const [row] = parseProcNetTcp(`header\n${line(groups, [0xfd00, 0, 0, 0, 0, 0, 0, 2])}`);
      expect(row?.local).toEqual({ addr: spelled, port: 50000 });
      expect(normaliseAddr(written)).toBe(spelled);
      expect(row?.remote).toEqual({ addr: "fd00::2", port: 22 });
    }
  });

  it("drops what does not parse", () => {
    expect(parseProcNetTcp("header\n   0: zz:0016 00000000:0000 0A x x x 0 0 12\n\ngarbage")).toEqual([]);
  });
});

describe("parseLsofTcp", () => {
  it("reads established connections per pid, IPv4 and bracketed IPv6; LISTEN rows are not connections", () => {
    const byPid = parseLsofTcp(fixture("lsof-tcp.txt"));
    const conns = byPid.get(9710) ?? [];
    expect(conns).toHaveLength(6);
    expect(conns[0]).toEqual({ local: { addr: "127.0.0.1", port: 45060 }, remote: { addr: "127.0.0.1", port: 42585 } });
    expect(conns[1]).toEqual({ local: { addr: "::1", port: 34112 }, remote: { addr: "::1", port: 34065 } });
  });

  it("lsofSocketReader asks per pid and treats a failing lsof as no sockets", async () => {
    const calls: string[][] = [];
    const read = lsofSocketReader(async (_file, args) => {
      calls.push([...args]);
      if (args.at(-1) === "9710") return fixture("lsof-tcp.txt");
      throw new Error("exit 1");
    }, "lsof");
    const found = await read.connections([9710, 42]);
    expect(calls).toEqual([
      ["-a", "-nP", "-iTCP", "-p", "9710"],
      ["-a", "-nP", "-iTCP", "-p", "42"],
    ]);
    expect(found.get(9710)).toHaveLength(6);
    expect(found.get(42)).toEqual([]);
    expect(await read.listensOnUnix(9710)).toBe(false);
    expect(calls).toHaveLength(2);
  });
});

describe("normaliseAddr and listeningUnixInodes", () => {
  it("spells an address one way", () => {
    expect(normaliseAddr("::FFFF:10.0.0.5")).toBe("10.0.0.5");
    expect(normaliseAddr("0:0:0:0:0:ffff:a00:5")).toBe("10.0.0.5");
    expect(normaliseAddr("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(normaliseAddr("fe80::1")).toBe("fe80::1");
    expect(normaliseAddr("1:0:0:2:0:0:0:3")).toBe("1:0:0:2::3");
    expect(normaliseAddr("0000:0000:0000:0000:0000:0000:0000:0001")).toBe("::1");
    expect(normaliseAddr("0:0:0:0:0:0:0:0")).toBe("::");
    expect(normaliseAddr("192.168.1.20")).toBe("192.168.1.20");
    // Not an address a socket table prints: compared as written.
    for (const other of ["fe80::1%eth0", "1::2::3", "devbox", "::ffff:300.1.1.1"])
      expect(normaliseAddr(other)).toBe(other);
  });

  it("finds listening unix sockets (an ssh ControlMaster's) in /proc/net/unix", () => {
    expect([...listeningUnixInodes(fixture("proc-net-unix.txt"))]).toEqual(["2715779"]);
  });
});

describe("procSocketReader (this machine's /proc)", () => {
  it("finds the connection this process holds", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const client = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    try {
      const held = (await procSocketReader().connections([process.pid])).get(process.pid);
      expect(held).toContainEqual({
        local: { addr: "127.0.0.1", port: client.localPort },
        remote: { addr: "127.0.0.1", port },
      });
      // A TCP listener is no unix listener.
      expect(await procSocketReader().listensOnUnix(process.pid)).toBe(false);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("procSocketReader (a /proc-shaped root of the recorded tables)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "mytty-proc-net-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, "net"));
  for (const t of ["tcp", "tcp6", "unix"]) writeFileSync(path.join(root, "net", t), fixture(`proc-net-${t}.txt`));
  // The kernel's fd links: "socket:[inode]" for a socket, a path for anything else.
  const fds = (pid: number, links: string[]) => {
    mkdirSync(path.join(root, String(pid), "fd"), { recursive: true });
    links.forEach((to, fd) => symlinkSync(to, path.join(root, String(pid), "fd", String(fd))));
  };
  fds(100, ["/dev/pts/1", "socket:[2732804]", "socket:[2732805]", "socket:[2715736]"]);
  fds(200, ["/dev/pts/2", "socket:[2715779]", "socket:[2732810]"]);
  fds(400, ["/dev/null"]);

  it("lists each pid's established connections, IPv4 and IPv6; an exited pid is left out", async () => {
    const found = await procSocketReader(root).connections([100, 200, 300]);
    expect([...found.keys()]).toEqual([100, 200]);
    expect(found.get(100)).toEqual([
      { local: { addr: "127.0.0.1", port: 45060 }, remote: { addr: "127.0.0.1", port: 42585 } },
      { local: { addr: "::1", port: 34112 }, remote: { addr: "::1", port: 34065 } },
    ]);
    expect(found.get(200)).toEqual([
      { local: { addr: "127.0.0.1", port: 35107 }, remote: { addr: "127.0.0.1", port: 51978 } },
    ]);
  });

  it("tells the one holding a listening unix socket (a ControlMaster's)", async () => {
    const read = procSocketReader(root);
    expect(await read.listensOnUnix(200)).toBe(true);
    expect(await read.listensOnUnix(100)).toBe(false); // a connected unix socket, not a listener
    expect(await read.listensOnUnix(400)).toBe(false); // no sockets
    expect(await read.listensOnUnix(300)).toBe(false); // exited
  });
});
