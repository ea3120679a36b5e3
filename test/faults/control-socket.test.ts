// The control socket under a crowd: idle connections and long waits must not lock out the clients
// that ask something, and a real refusal reads "busy", never "not running". Real engine, real CLIs.
import { promises as fs } from "node:fs";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, type AgentRow } from "@mytty-bar/engine";
import { BIN, fixture, runCli, until } from "../engine-harness.js";
import { Engine, hookCall, makeWorld, rawConnection, removeWorld, type World } from "./world.js";

describe("64 idle connections and 16 waits on a running engine", () => {
  let world: World;
  let engine: Engine;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    world = await makeWorld(["claude-code"]);
    engine = new Engine(world);
    await engine.start();
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await engine?.stop();
    await removeWorld(world);
  });

  it("still answers mytty-team list within a second, and mytty-doctor status still sees the engine", async () => {
    const session = "fa017000-0000-4000-8000-000000000001";
    await hookCall(world, ["claude-code"], fixture("claude-code", "UserPromptSubmit", { session_id: session }));
    const agent = await until(
      async () => (await engine.list()).find((r: AgentRow) => r.sessionId === session),
      10_000,
      "the agent",
    );
    for (let i = 0; i < 64; i += 1) sockets.push(await rawConnection(world.paths.controlSocket));
    const answeredWaits: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const socket = await rawConnection(world.paths.controlSocket);
      socket.on("data", (d) => answeredWaits.push(String(d)));
      socket.write(`${JSON.stringify({ id: 1, op: "wait", agent: agent.id, until: "completed" })}\n`);
      sockets.push(socket);
    }
    // Raw, with the engine's answer held to one second.
    const listed = await request<{ agents: AgentRow[] }>(
      world.paths.controlSocket,
      { op: "list" },
      { timeoutMs: 1000 },
    );
    expect(listed.agents.map((r) => r.id)).toContain(agent.id);
    const team = await runCli(world, BIN.team, ["list", "--json"]);
    expect(team).toMatchObject({ code: 0, stderr: "" });
    expect((JSON.parse(team.stdout) as AgentRow[]).map((r) => r.id)).toContain(agent.id);
    // Made to ask the socket: without the file the engine published, status connects like any client.
    await fs.rm(world.paths.engineStatus, { force: true });
    const doctor = await runCli(world, BIN.doctor, ["status", "--json"]);
    expect((JSON.parse(doctor.stdout) as { engine: { running: boolean; pid?: number } }).engine).toMatchObject({
      running: true,
      pid: engine.child!.pid,
    });
    // The waits are really waiting (no answer yet), and were never dropped to make room.
    expect(answeredWaits).toEqual([]);
    expect(sockets.slice(64).filter((s) => s.destroyed)).toEqual([]);
  });

  it("closes a connection that sends no request within a few seconds", async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const socket = await rawConnection(world.paths.controlSocket);
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once("close", () => resolve()));
    expect(socket.destroyed).toBe(true);
  }, 10_000);
});
