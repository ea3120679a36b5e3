// The generated OpenCode plugin, loaded for real: it forwards the relevant bus events as
// {run_id, event} to the helper, once a user message gave the session a run id, and kills a hung helper.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { opencodePluginText, resolvePaths, type Paths } from "@mytty-bar/installers";

type Hook = { event: (input: { event: unknown }) => Promise<void> };
let tmp: string;
let paths: Paths;
let received: string;

async function loadPlugin(helperBody: string): Promise<Hook> {
  fs.mkdirSync(paths.binDir, { recursive: true });
  fs.writeFileSync(paths.helper, helperBody, { mode: 0o755 });
  const file = path.join(tmp, "mytty-bar.mjs");
  fs.writeFileSync(file, opencodePluginText(paths));
  const mod = (await import(pathToFileURL(file).href)) as { MyttyBarPlugin: () => Promise<Hook> };
  return mod.MyttyBarPlugin();
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-opencode-test-"));
  paths = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "data dir") } });
  received = path.join(tmp, "received");
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

it("forwards relevant events with the run id of the session's last user message", async () => {
  const plugin = await loadPlugin(`#!/bin/sh\n{ printf '%s ' "$1"; cat; echo; } >> '${received}'\n`);
  const idle = { type: "session.idle", properties: { sessionID: "ses_1" } };
  await plugin.event({ event: idle }); // no run id yet: dropped
  await plugin.event({ event: { type: "message.updated", properties: { info: { id: "msg_u1", sessionID: "ses_1", role: "user" } } } });
  await plugin.event({ event: { type: "message.updated", properties: { info: { id: "msg_a1", sessionID: "ses_1", role: "assistant" } } } });
  await plugin.event({ event: { type: "tui.toast.show", properties: { sessionID: "ses_1" } } }); // not relevant
  await plugin.event({ event: idle });
  await plugin.event({ event: idle }); // run forgotten after idle
  const lines = fs.readFileSync(received, "utf8").trim().split("\n");
  expect(lines.map((l) => l.split(" ")[0])).toEqual(["opencode", "opencode", "opencode"]);
  const payloads = lines.map((l) => JSON.parse(l.slice("opencode ".length)) as { run_id: string; event: { type: string } });
  expect(payloads.map((p) => [p.run_id, p.event.type])).toEqual([
    ["msg_u1", "message.updated"],
    ["msg_u1", "message.updated"],
    ["msg_u1", "session.idle"],
  ]);
});

it("never throws when the helper is missing", async () => {
  const plugin = await loadPlugin("#!/bin/sh\nexit 0\n");
  fs.rmSync(paths.helper);
  await plugin.event({ event: { type: "message.updated", properties: { info: { id: "m", sessionID: "s", role: "user" } } } });
  await expect(plugin.event({ event: { type: "session.idle", properties: { sessionID: "s" } } })).resolves.toBeUndefined();
});

it("kills a hung helper instead of holding up OpenCode", async () => {
  const plugin = await loadPlugin(`#!/bin/sh\necho $$ > '${received}'\nexec sleep 60\n`);
  await plugin.event({ event: { type: "message.updated", properties: { info: { id: "m", sessionID: "s", role: "user" } } } });
  const pid = Number(fs.readFileSync(received, "utf8"));
  expect(() => process.kill(pid, 0)).toThrow();
});
