// OpenCode answering end to end: the plugin `mytty-doctor install opencode` wrote, loaded the way OpenCode
// 1.x (≥ 1.18.29) and 2.x load it, fires permission and question requests through the real helper into a
// real engine (in this process, so the test answers as the popup would); the plugin must then reply to
// OpenCode through the API each generation hands it. Nobody answering means no reply at all.
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSource, scopedSource } from "@mytty-bar/detect";
import { acquireEngineLock, createEngine, type Engine, type EngineLock, type HeldRequest } from "@mytty-bar/engine";
import {
  EventStream,
  load118,
  load2,
  type Hooks,
  type Mod,
} from "../packages/installers/test/helpers/opencode-loaders.js";
import { BIN, makeWorld, PAYLOADS, runCli, until, type World } from "./engine-harness.js";

type Event = { type: string; properties?: Record<string, unknown>; data?: Record<string, unknown> };
const event = (name: string, patch: Record<string, unknown> = {}): Event => {
  const e = (JSON.parse(readFileSync(path.join(PAYLOADS, "opencode", `${name}.json`), "utf8")) as { event: Event })
    .event;
  return e.properties ? { ...e, properties: { ...e.properties, ...patch } } : { ...e, data: { ...e.data, ...patch } };
};

let world: World;
let engine: Engine;
let lock: EngineLock;
let mod: Mod;

beforeAll(async () => {
  world = await makeWorld(["cursor"]);
  expect((await runCli(world, BIN.doctor, ["install", "opencode"])).code).toBe(0);
  // The harness's worlds hold nothing (answerWaitSeconds 0); this one answers, so it holds.
  await writeFile(world.paths.settingsFile, JSON.stringify({ answerWaitSeconds: 30 }));
  lock = await acquireEngineLock(world.paths);
  // The engine sees only this test's processes (docs/development.md).
  engine = await createEngine({
    paths: world.paths,
    ports: {},
    version: "0.1.0",
    source: scopedSource(createSource(), process.pid),
  });
  mod = (await import(pathToFileURL(world.paths.opencodePlugin).href)) as Mod;
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await lock?.release();
});

/** The one request the engine holds right now. */
const held = () =>
  until(
    async () => engine.snapshot().agents.find((a) => a.request)?.request as HeldRequest | undefined,
    8000,
    "a held request",
  );

describe("OpenCode 1.x (client from server(input))", () => {
  const replies: unknown[] = [];
  const client = { _client: { post: async (options: unknown) => (replies.push(options), { data: true }) } };
  let hooks: Hooks[];
  const send = (e: Event) => hooks[0]!.event!({ event: e });

  beforeAll(async () => {
    hooks = await load118(mod, { client });
    await send(event("message.updated"));
  });

  it("an Allow from Mytty Bar replies once to permission.asked", async () => {
    await send(event("permission.asked"));
    const request = await held();
    expect([request.kind, request.tool, request.summary]).toEqual(["approval", "edit", "src/invoice.rs src/tax.rs"]);
    expect(engine.answer(request.id, { decision: "allow" }, "popup")).toEqual({ ok: true });
    await until(async () => replies.length === 1 || undefined, 8000, "the reply");
    expect(replies).toEqual([
      {
        url: "/permission/{requestID}/reply",
        path: { requestID: "per_7c1d2f" },
        body: { reply: "once" },
        headers: { "Content-Type": "application/json" },
      },
    ]);
  }, 30_000);

  it("a Deny replies reject with the reason", async () => {
    await send(event("permission.asked", { id: "per_deny" }));
    const request = await held();
    expect(engine.answer(request.id, { decision: "deny" }, "notification")).toEqual({ ok: true });
    await until(async () => replies.length === 2 || undefined, 8000, "the reply");
    expect(replies[1]).toMatchObject({
      path: { requestID: "per_deny" },
      body: { reply: "reject", message: "Denied by the user from Mytty Bar." },
    });
  }, 30_000);

  it("a question's option replies with that label", async () => {
    await send(event("question.asked"));
    const request = await held();
    expect(request.options?.map((o) => o.label)).toEqual(["half-even", "half-up"]);
    expect(engine.answer(request.id, { decision: "option", label: "half-up" }, "popup")).toEqual({ ok: true });
    await until(async () => replies.length === 3 || undefined, 8000, "the reply");
    expect(replies[2]).toMatchObject({
      url: "/question/{requestID}/reply",
      path: { requestID: "que_1" },
      body: { answers: [["half-up"]] },
    });
  }, 30_000);

  it("Answer in terminal, and a hold nobody answers, send no reply: OpenCode's own prompt stays", async () => {
    await send(event("permission.asked", { id: "per_terminal" }));
    expect(engine.answer((await held()).id, { decision: "terminal" }, "popup")).toEqual({ ok: true });
    await engine.updateSettings({ answerWaitSeconds: 2 });
    await send(event("permission.asked", { id: "per_nobody" }));
    await held();
    // The hold runs out: the request leaves the row, the helper exits with nothing to say.
    await until(async () => !engine.snapshot().agents.some((a) => a.request) || undefined, 8000, "the hold to end");
    await new Promise((r) => setTimeout(r, 500));
    expect(replies).toHaveLength(3);
    await engine.updateSettings({ answerWaitSeconds: 30 });
  }, 30_000);

  it("an answer given in OpenCode stops the hold: the request leaves Mytty Bar", async () => {
    await send(event("permission.asked", { id: "per_tui" }));
    const request = await held();
    await send(event("permission.replied", { requestID: "per_tui" }));
    await until(async () => !engine.snapshot().agents.some((a) => a.request) || undefined, 8000, "the release");
    expect(engine.answer(request.id, { decision: "allow" }, "popup").ok).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(replies).toHaveLength(3);
  }, 30_000);
});

describe("OpenCode 2.x (ctx.permission.reply in setup(ctx))", () => {
  it("an Allow replies once through ctx.permission.reply", async () => {
    const replies: unknown[] = [];
    const stream = new EventStream();
    const unload = await load2(mod, stream, {
      permission: { reply: async (input: unknown) => void replies.push(input) },
    });
    stream.push(event("v2-session.execution.started"));
    stream.push(event("v2-permission.v2.asked"));
    const request = await held();
    expect([request.tool, request.summary]).toEqual(["bash", "cargo publish --dry-run"]);
    expect(engine.answer(request.id, { decision: "allow" }, "popup")).toEqual({ ok: true });
    await until(async () => replies.length === 1 || undefined, 8000, "the reply");
    expect(replies).toEqual([{ sessionID: "ses_8a2f10c4e7ffQm4Ns7Vb", requestID: "per_8a2f12a1c0", reply: "once" }]);
    await unload();
  }, 30_000);
});
