// The generated OpenCode plugin, imported from the file the doctor writes and driven the way each
// OpenCode loader generation drives it (docs/providers.md#opencode):
// - 1.17-era loader: every export must be a function or `{ server }`; each is called, its `event` hook fed;
// - ≥ 1.18.29 loader: a default `{ id, server }` is taken first and `server(input, options)` called;
// - 2.x loader: the default export must decode as `{ id: string, setup | effect: function }`; `setup(ctx)`
//   is awaited, and events come from `ctx.event.subscribe()`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { opencodePluginText, resolvePaths, type Paths } from "@mytty-bar/installers";
import { EventStream, load117, load118, load2, type Mod } from "./helpers/opencode-loaders.js";

const fixture = (name: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/payloads/opencode", name);

let tmp: string;
let paths: Paths;
let received: string;

/** Writes the plugin exactly as the doctor does, with a recording helper, and imports it. */
async function importPlugin(
  helperBody = `#!/bin/sh\n{ printf '%s ' "$1"; cat; echo; } >> '${"RECEIVED"}'\n`,
): Promise<Mod> {
  fs.mkdirSync(paths.binDir, { recursive: true });
  fs.writeFileSync(paths.helper, helperBody.replace("RECEIVED", received), { mode: 0o755 });
  fs.mkdirSync(path.dirname(paths.opencodePlugin), { recursive: true });
  fs.writeFileSync(paths.opencodePlugin, opencodePluginText(paths));
  // A fresh module per test: the plugin keeps its run map at module level.
  return (await import(`${pathToFileURL(paths.opencodePlugin).href}?t=${Date.now()}-${Math.random()}`)) as Mod;
}

function forwarded(): Array<{ run_id: string; event: { type: string } }> {
  if (!fs.existsSync(received)) return [];
  // Only complete lines: 2.x events are forwarded in the background, a helper may be mid-write.
  const lines = fs.readFileSync(received, "utf8").split("\n").slice(0, -1);
  return lines.map((line) => {
    expect(line.startsWith("opencode ")).toBe(true);
    return JSON.parse(line.slice("opencode ".length)) as { run_id: string; event: { type: string } };
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-opencode-test-"));
  paths = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "data dir") } });
  received = path.join(tmp, "received");
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const v1 = (type: string, properties: Record<string, unknown>) => ({ type, properties });
const v2 = (type: string, data: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) => ({
  id,
  created: Date.now(),
  type,
  data,
});
const userMessage = (id: string, sessionID = "ses_1") =>
  v1("message.updated", { info: { id, sessionID, role: "user" } });

describe("the file the doctor writes", () => {
  it("imports only Node built-ins, so OpenCode has no dependency of ours to install", async () => {
    await importPlugin();
    const text = fs.readFileSync(paths.opencodePlugin, "utf8");
    const specifiers = [
      ...text.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|\brequire\s*\(\s*["']([^"']+)["']/g),
    ].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(specifiers).toEqual(["node:child_process"]);
  });

  it("has one export, a default { id: string, setup: function, server: function }", async () => {
    const mod = await importPlugin();
    expect(Object.keys(mod)).toEqual(["default"]);
    expect(mod.default).toEqual({ id: "mytty-bar", setup: expect.any(Function), server: expect.any(Function) });
  });
});

describe.each([
  ["OpenCode 1.17 loader", load117],
  ["OpenCode ≥ 1.18.29 loader", load118],
])("%s", (_name, load) => {
  it("forwards relevant events with the run id of the session's last user message", async () => {
    const hooks = await load(await importPlugin());
    expect(hooks).toHaveLength(1);
    const event = (e: unknown) => hooks[0]!.event!({ event: e });
    const idle = v1("session.idle", { sessionID: "ses_1" });
    await event(idle); // no run id yet: dropped
    await event(userMessage("msg_u1"));
    await event(v1("message.updated", { info: { id: "msg_a1", sessionID: "ses_1", role: "assistant" } }));
    await event(v1("tui.toast.show", { sessionID: "ses_1" })); // not relevant
    await event(idle);
    await event(idle); // run forgotten after idle
    expect(forwarded().map((p) => [p.run_id, p.event.type])).toEqual([
      ["msg_u1", "message.updated"],
      ["msg_u1", "message.updated"],
      ["msg_u1", "session.idle"],
    ]);
  });

  it("does not restart a finished turn when OpenCode updates its user message after session.idle", async () => {
    const hooks = await load(await importPlugin());
    const event = (e: unknown) => hooks[0]!.event!({ event: e });
    // What OpenCode 1.18.33 sends: the turn's user message again, now with its diff summary, ~150 ms after idle.
    const summary = JSON.parse(fs.readFileSync(fixture("message.updated-summary.json"), "utf8")) as {
      event: { properties: { info: { id: string; sessionID: string } } };
    };
    const { id, sessionID } = summary.event.properties.info;
    await event(userMessage(id, sessionID));
    await event(v1("session.idle", { sessionID }));
    await event(summary.event);
    await event(userMessage("msg_next", sessionID)); // the next prompt is a new run
    expect(forwarded().map((p) => [p.run_id, p.event.type])).toEqual([
      [id, "message.updated"],
      [id, "session.idle"],
      ["msg_next", "message.updated"],
    ]);
  });

  it("ends the run at an assistant message that ends with an error, so the idle after it is not a success", async () => {
    const hooks = await load(await importPlugin());
    const event = (e: unknown) => hooks[0]!.event!({ event: e });
    // Recorded from OpenCode 1.18.33 against the stand-in: Esc before the model's first token.
    const aborted = JSON.parse(fs.readFileSync(fixture("message.updated-assistant-aborted.json"), "utf8")) as {
      run_id: string;
      event: { properties: { sessionID: string } };
    };
    const { sessionID } = aborted.event.properties;
    await event(userMessage(aborted.run_id, sessionID));
    await event(aborted.event);
    await event(v1("session.idle", { sessionID }));
    expect(forwarded().map((p) => [p.run_id, p.event.type])).toEqual([
      [aborted.run_id, "message.updated"],
      [aborted.run_id, "message.updated"],
    ]);
  });

  it("keeps the order of events OpenCode fires without awaiting", async () => {
    const hooks = await load(await importPlugin());
    const event = (e: unknown) => hooks[0]!.event!({ event: e });
    await event(userMessage("msg_u2"));
    const asked = v1("permission.asked", { id: "per_1", sessionID: "ses_1", permission: "bash", patterns: ["ls"] });
    await Promise.all([
      event(asked),
      event(v1("permission.replied", { sessionID: "ses_1", requestID: "per_1", reply: "once" })),
    ]);
    expect(forwarded().map((p) => p.event.type)).toEqual(["message.updated", "permission.asked", "permission.replied"]);
  });
});

describe("OpenCode 2.x loader", () => {
  it("setup returns at once; events from ctx.event.subscribe() are forwarded by execution run", async () => {
    const stream = new EventStream();
    const unload = await load2(await importPlugin(), stream);
    stream.push(v2("session.status", { sessionID: "ses_2", status: { type: "busy" } })); // not forwarded
    stream.push(v2("permission.v2.asked", { id: "per_0", sessionID: "ses_2", action: "bash", resources: ["ls"] })); // no run yet
    stream.push(v2("session.execution.started", { sessionID: "ses_2" }, "evt_run1"));
    // A 2.x message event never renames the run (only 1.x user messages do).
    stream.push(v2("message.updated", { info: { id: "msg_x", sessionID: "ses_2", role: "user" } }));
    stream.push(
      v2("permission.v2.asked", { id: "per_1", sessionID: "ses_2", action: "bash", resources: ["cargo publish"] }),
    );
    stream.push(v2("permission.v2.replied", { sessionID: "ses_2", requestID: "per_1", reply: "once" }));
    stream.push(
      v2("form.created", { form: { id: "frm_1", sessionID: "ses_2", title: "Deploy", mode: "form", fields: [] } }),
    );
    stream.push(
      v2("form.created", {
        form: { id: "frm_g", sessionID: "global", title: "MCP sign-in", mode: "url", url: "https://x" },
      }),
    );
    stream.push(v2("form.replied", { id: "frm_1", sessionID: "ses_2", answer: {} }));
    stream.push(v2("session.execution.succeeded", { sessionID: "ses_2" }));
    stream.push(v2("session.idle", { sessionID: "ses_2" })); // run already over: dropped
    await until(() => forwarded().length === 7);
    expect(forwarded().map((p) => [p.run_id, p.event.type])).toEqual([
      ["evt_run1", "session.execution.started"],
      ["evt_run1", "message.updated"],
      ["evt_run1", "permission.v2.asked"],
      ["evt_run1", "permission.v2.replied"],
      ["evt_run1", "form.created"],
      ["evt_run1", "form.replied"],
      ["evt_run1", "session.execution.succeeded"],
    ]);
    await unload();
    expect(stream.closed).toBe(true);
  });

  it("a user abort ends the run it interrupted; the next execution gets a new run id", async () => {
    const stream = new EventStream();
    const unload = await load2(await importPlugin(), stream);
    stream.push(v2("session.execution.started", { sessionID: "ses_3" }, "evt_a"));
    stream.push(v2("session.execution.interrupted", { sessionID: "ses_3", reason: "user" }));
    stream.push(v2("session.execution.started", { sessionID: "ses_3" }, "evt_b"));
    await until(() => forwarded().length === 3);
    expect(forwarded().map((p) => p.run_id)).toEqual(["evt_a", "evt_a", "evt_b"]);
    await unload();
  });

  it("an event too big to spool goes with its type and ids only", async () => {
    const stream = new EventStream();
    const unload = await load2(await importPlugin(), stream);
    stream.push(v2("session.execution.started", { sessionID: "ses_4" }, "evt_big"));
    stream.push(
      v2("session.execution.failed", {
        sessionID: "ses_4",
        error: { type: "APIError", message: "Overloaded" },
        dump: "x".repeat(2 * 1024 * 1024),
      }),
    );
    await until(() => forwarded().length === 2);
    const [, failed] = forwarded();
    expect(failed).toEqual({
      run_id: "evt_big",
      event: {
        type: "session.execution.failed",
        data: { sessionID: "ses_4", error: { type: "APIError", message: "Overloaded" }, dump: "x".repeat(1000) },
      },
    });
    await unload();
  });
});

describe("a helper that fails", () => {
  it("never throws when the helper is missing", async () => {
    const hooks = await load118(await importPlugin("#!/bin/sh\nexit 0\n"));
    fs.rmSync(paths.helper);
    await hooks[0]!.event!({ event: userMessage("m", "s") });
    await expect(hooks[0]!.event!({ event: v1("session.idle", { sessionID: "s" }) })).resolves.toBeUndefined();
  });

  it("kills a hung helper instead of holding up OpenCode", async () => {
    const hooks = await load118(await importPlugin(`#!/bin/sh\necho $$ > 'RECEIVED'\nexec sleep 60\n`));
    await hooks[0]!.event!({ event: userMessage("m", "s") });
    const pid = Number(fs.readFileSync(received, "utf8"));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
