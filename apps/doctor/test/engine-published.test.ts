// The engine's part of `mytty-doctor status` comes from what the running engine published
// (<data>/engine-status.json, packages/engine/src/published-status.ts) while that can be trusted, and
// from the control socket otherwise. Here the "socket" is a plain file nobody listens on: a run that
// reports the engine running read the published facts, one that does not asked the socket.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { publishedText } from "@mytty-bar/engine/published-status";
import { ENGINE_LEASE_SECONDS } from "@mytty-bar/paths";
import { testHome, type Home } from "./harness.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A live process standing for the engine, its lease renewed `renewedAgo` s ago, and its published facts. */
function publishedBy(h: Home, renewedAgo = 0): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  const pid = child.pid!;
  fs.mkdirSync(h.data, { recursive: true });
  fs.writeFileSync(path.join(h.data, "control.sock"), "");
  const pidFile = path.join(h.data, "engine.pid");
  fs.writeFileSync(pidFile, `${pid}\n`);
  const end = Date.now() / 1000 - renewedAgo + ENGINE_LEASE_SECONDS;
  fs.utimesSync(pidFile, end, end);
  const facts = { pid, lastEventAt: { codex: "2026-12-01T09:00:00.000Z" }, hostProblems: ["h: down"] };
  fs.writeFileSync(path.join(h.data, "engine-status.json"), publishedText(facts));
  return pid;
}

type Engine = { running: boolean; pid?: number; lastEventAt?: object; hostProblems?: string[]; detail?: string };

it("status --json and the text view show what a live engine published, without a connection", (t) => {
  const h = testHome(t);
  const pid = publishedBy(h);
  expect(h.json<{ engine: Engine }>("status").value.engine).toEqual({
    running: true,
    pid,
    lastEventAt: { codex: "2026-12-01T09:00:00.000Z" },
    hostProblems: ["h: down"],
  });
  const text = h.run("status").stdout;
  expect(text).toContain("Mytty Bar engine is running");
  expect(text).toContain("last Codex event 2026-12-01T09:00:00.000Z");
  expect(text).toContain("h: down");
});

it("asks the socket when the lease went stale, the engine died, or there is no socket", async (t) => {
  const h = testHome(t);
  publishedBy(h, 31); // three renewals missed: a stuck loop
  expect(h.json<{ engine: Engine }>("status").value.engine.running).toBe(false);

  publishedBy(h);
  const dead = children.at(-1)!;
  const exited = new Promise((resolve) => dead.once("exit", resolve));
  dead.kill("SIGKILL");
  await exited;
  expect(h.json<{ engine: Engine }>("status").value.engine.running).toBe(false);

  publishedBy(h);
  fs.rmSync(path.join(h.data, "control.sock"));
  expect(h.json<{ engine: Engine }>("status").value.engine).toEqual({ running: false });
});
