// The control socket's caps, and what a refusal says: an engine whose every slot is taken by
// requests in progress (a handler that never finishes) answers "busy", and the CLIs pass that on —
// never "not running", which would send the user off to start a second engine.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import type net from "node:net";
import { afterEach, beforeEach, expect, it } from "vitest";
import { request, ControlClientError } from "@mytty-bar/engine";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import {
  MAX_CONNECTIONS,
  MAX_HELD_CONNECTIONS,
  startControlServer,
  type ControlServer,
} from "../../packages/engine/src/control/server.js";
import { BIN, runCli, type World } from "../engine-harness.js";
import { rawConnection } from "./world.js";

let home: string;
let paths: Paths;
let server: ControlServer;
const sockets: net.Socket[] = [];
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-fault-busy-"));
  paths = resolvePaths({ env: { HOME: home }, platform: process.platform });
  await fs.mkdir(path.dirname(paths.controlSocket), { recursive: true });
  // "note" never finishes; "watch" holds its connection like the engine's; the rest answer.
  server = await startControlServer(paths.controlSocket, async (req, connection) => {
    if (req.op === "note") return new Promise(() => undefined);
    if (req.op === "watch") connection.hold();
    return { pid: process.pid, startedAt: new Date(0).toISOString(), version: "0", agents: [], lastEventAt: {} };
  });
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server.close();
  await fs.rm(home, { recursive: true, force: true });
});

async function occupy(count: number, op: "note" | "watch"): Promise<string[]> {
  const replies: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const socket = await rawConnection(paths.controlSocket);
    socket.on("data", (d) => replies.push(String(d)));
    socket.write(`${JSON.stringify(op === "note" ? { id: i, op, text: "x", pid: 1 } : { id: i, op })}\n`);
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  return replies;
}

it(`refuses the ${MAX_CONNECTIONS + 1}th connection with "busy" when every one has a request in progress`, async () => {
  await occupy(MAX_CONNECTIONS, "note");
  const refused = await request(paths.controlSocket, { op: "list" }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ControlClientError);
  expect(refused).toMatchObject({ code: "busy", message: expect.stringContaining("busy") });
  expect(server.connections()).toBe(MAX_CONNECTIONS);
});

it("says busy in mytty-team and running in mytty-doctor status when the engine refuses", async () => {
  await occupy(MAX_CONNECTIONS, "note");
  const world = { env: { PATH: process.env.PATH, HOME: home, LANG: "C" } } as unknown as World;
  const team = await runCli(world, BIN.team, ["list", "--json"]);
  expect(team.code).toBe(1);
  expect(team.stderr).toContain("busy");
  expect(team.stderr).not.toContain("not running");
  const doctor = await runCli(world, BIN.doctor, ["status", "--json"]);
  expect((JSON.parse(doctor.stdout) as { engine: unknown }).engine).toMatchObject({
    running: true,
    detail: expect.stringContaining("busy"),
  });
});

it(`holds at most ${MAX_HELD_CONNECTIONS} waiting or watching connections, and they leave room for requests`, async () => {
  const replies = await occupy(MAX_HELD_CONNECTIONS + 1, "watch");
  const busy = replies.filter((r) => r.includes('"busy"'));
  expect(busy).toHaveLength(1);
  // The held ones do not take the request slots: a plain request still gets its answer.
  await expect(request(paths.controlSocket, { op: "ping" }, { timeoutMs: 1000 })).resolves.toMatchObject({
    pid: process.pid,
  });
});
