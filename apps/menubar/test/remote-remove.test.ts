// `mytty-bar remote remove` with no engine running (docs/remote.md#watching-a-host): the host leaves
// settings, nothing is started to reach it (MYTTY_BAR_SSH here records any call), one line, exit 0.
import { mkdtemp, readFile, rm, writeFile, mkdir, access } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { remoteMain } from "../src/remote-cli.js";

let home: string;
let paths: Paths;

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "mytty-remote-remove-"));
  paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  await mkdir(paths.dataDir, { recursive: true });
  await writeFile(paths.settingsFile, JSON.stringify({ remotes: ["devbox", "other"] }));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("remote remove without an engine", () => {
  it("removes the host from settings in one line, reaches for nothing, and exits 0", async () => {
    const called = path.join(home, "ssh-called");
    const out: string[] = [];
    const err: string[] = [];
    const env = { HOME: home, PATH: process.env.PATH, MYTTY_BAR_SSH: `touch ${called}; false` };
    const code = await remoteMain(["remove", "devbox"], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env,
      paths,
    });
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^No longer watching devbox \(removed from settings\)\. Mytty Bar is not running/);
    expect(JSON.parse(await readFile(paths.settingsFile, "utf8")).remotes).toEqual(["other"]);
    await expect(access(called)).rejects.toThrow();
  });
});

/** A stand-in engine on the control socket: answers every `snapshot` with no hosts (the link is gone). */
async function engineAnswering(socketPath: string): Promise<net.Server> {
  const server = net.createServer((socket) => {
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
        const req = JSON.parse(buffered.slice(0, nl)) as { id: number };
        buffered = buffered.slice(nl + 1);
        socket.write(`${JSON.stringify({ id: req.id, ok: true, result: { hosts: [] } })}\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return server;
}

describe("remote remove of a host never reached, with an engine running", () => {
  it("says it could not reach the host, and never that nothing runs there", async () => {
    await mkdir(path.dirname(paths.controlSocket), { recursive: true });
    const server = await engineAnswering(paths.controlSocket);
    const out: string[] = [];
    const err: string[] = [];
    const env = {
      HOME: home,
      PATH: process.env.PATH,
      MYTTY_BAR_SSH: "echo 'ssh: Could not resolve hostname devbox' >&2; exit 255 #",
    };
    try {
      const code = await remoteMain(["remove", "devbox"], {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        env,
        paths,
      });
      expect(code).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(err).toEqual([
      "Could not reach devbox to end a streamer left from a cut link (ssh: Could not resolve hostname devbox); it exits by itself within 15 minutes.",
    ]);
    expect(out).toEqual(["No longer watching devbox (removed from settings)."]);
    expect(JSON.parse(await readFile(paths.settingsFile, "utf8")).remotes).toEqual(["other"]);
  });
});

describe("remote add", () => {
  const run = async (dest: string) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await remoteMain(["add", dest], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { HOME: home, PATH: process.env.PATH },
      paths,
    });
    return { code, out, err };
  };

  it("refuses what ssh would misread or a shell would split, and leaves settings alone", async () => {
    for (const [dest, why] of [
      ["a;b", '"a;b" is not a host name'],
      ["user@host:22", "give the port as ssh://user@host:22"],
      ["ssh://devbox/x", "ssh://[user@]host[:port], with nothing after it"],
    ]) {
      const r = await run(dest!);
      expect(r.code, dest).toBe(2);
      expect(r.out).toEqual([]);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toContain(why);
    }
    expect(JSON.parse(await readFile(paths.settingsFile, "utf8")).remotes).toEqual(["devbox", "other"]);
  });

  it("prints the next step with the destination as sh reads it back", async () => {
    const plain = await run("ssh://alex@devbox:2222");
    expect(plain.out[0]).toContain("`mytty-doctor install <provider> --host ssh://alex@devbox:2222`");
    const v6 = await run("ssh://alex@[::1]:22");
    expect(v6.code).toBe(0);
    expect(v6.out[0]).toContain("`mytty-doctor install <provider> --host 'ssh://alex@[::1]:22'`");
  });
});
