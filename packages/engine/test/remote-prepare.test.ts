// A watched host's big spool files are parsed in the parse worker the local spool uses (prepare-offload.ts),
// not on the engine's loop: one preparer for both, the host's files taken in its order, none lost, and a held
// request whose payload stays in the worker goes back to the host's terminal, and a file in the worker when the
// engine stops stays on the host for the next engine. A real engine, the real streamer
// run by sh through MYTTY_BAR_SSH (a stand-in for ssh that runs the remote command here, on a "host" data
// dir of its own), 1 MiB payloads of tiny keys grown from a real fixture.
import { promises as fs, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { posixQuote, SPOOL_MAX_PAYLOAD_BYTES, type AgentEvent } from "@mytty-bar/protocol";
import { createPreparer, type Preparer } from "../src/prepare-offload.js";
import { prepareSpool } from "../src/prepare.js";
import { hostEvent } from "../src/remote/host-ids.js";
import { bigSpool, manyKeyPayload, payload, quietEngine, spool } from "./helpers.js";

const HOST = "devbox";
const engines: Engine[] = [];
const preparers: Preparer[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const preparer of preparers.splice(0)) await preparer.stop();
  for (const root of roots.splice(0)) {
    // A keeper left by a cut link is ended by its pid file before its data dir goes.
    const pid = Number(await fs.readFile(path.join(root, "host", "remote-streamer.pid"), "utf8").catch(() => ""));
    try {
      if (pid > 0) process.kill(pid, "SIGKILL");
    } catch {
      // Gone already (a stale pid file): nothing left to end.
    }
    await fs.rm(root, { recursive: true, force: true });
  }
});

/** ssh's stand-in: skips ssh's options and the destination, then runs the remote command as a login shell would. */
const FAKE_SSH = `while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do shift; done
shift 2
exec sh -c "$1"
`;

async function world(settings: Partial<ReturnType<typeof defaultSettings>> = {}, again?: string) {
  let root = again;
  if (root === undefined) {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "remote-prepare-"));
    roots.push(root);
  }
  const ssh = path.join(root, "ssh");
  await fs.writeFile(ssh, FAKE_SSH, { mode: 0o700 });
  const host = path.join(root, "host");
  const paths = resolvePaths({ env: { HOME: path.join(root, "local") }, platform: "linux" });
  const preparer = createPreparer({ onError: () => undefined });
  preparers.push(preparer);
  const engine = await createEngine({
    paths,
    ...quietEngine,
    settings: { ...defaultSettings(), answerWaitSeconds: 0, ...settings, remotes: [HOST] },
    preparer,
    remote: {
      // The host's listing is this process's tree: a held "helper" there is this process.
      env: {
        PATH: process.env.PATH,
        HOME: root,
        MYTTY_BAR_DATA_DIR: host,
        MYTTY_BAR_SSH: `sh ${posixQuote(ssh)}`,
        MYTTY_BAR_REMOTE_SCAN_UNDER: String(process.pid),
      },
      tickMs: 50,
    },
  });
  engines.push(engine);
  await until(() => engine.snapshot().hosts?.[0]?.state === "connected", "the link");
  return { root, paths, host, engine, preparer };
}

async function until(probe: () => boolean, what: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !probe(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

/** Spooled as the helper does: written in tmp, renamed into new, in the order given. */
async function spoolOn(dataDir: string, files: [string, Uint8Array][]): Promise<void> {
  await fs.mkdir(path.join(dataDir, "spool", "tmp"), { recursive: true });
  for (const [name, bytes] of files) await fs.writeFile(path.join(dataDir, "spool", "tmp", name), bytes);
  for (const [name] of files)
    await fs.rename(path.join(dataDir, "spool", "tmp", name), path.join(dataDir, "spool", "new", name));
}

function loggedEvents(paths: Paths): AgentEvent[] {
  return readFileSync(paths.eventLog, "utf8")
    .split("\n")
    .filter((line) => line.includes('"t":"event"'))
    .map((line) => (JSON.parse(line) as { event: AgentEvent }).event);
}

/** The id the engine logs a host's file under: its own, scoped to the host (remote/host-ids.ts). */
const idOf = (bytes: Uint8Array) => {
  const outcome = prepareSpool(bytes, new Date());
  if (outcome.status !== "mapped") throw new Error(`not mapped: ${outcome.reason}`);
  return hostEvent(outcome.event, HOST).id;
};

const huge = (n: number) =>
  spool(
    "claude-code",
    manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES - 64).replace(
      '"prompt_id":"',
      `"prompt_id":"huge-${n}-`,
    ),
    { event: "PermissionRequest", ppid: 4242 },
  );

// A ceiling, not a timing: each test parses 1 MiB payloads of ~96,000 keys on a shared box.
describe("a watched host's big spool files", { timeout: 120_000 }, () => {
  it("go through the local spool's parse worker, in the host's order, none lost", async () => {
    const { paths, host, engine, preparer } = await world();
    const session = { session_id: "c3e1a7f0-5b2d-4e8a-9f61-0d4b7c2e8a15" };
    const small = (hook: string, extra: Record<string, unknown> = {}) =>
      spool("claude-code", payload("claude-code", hook, { ...session, ...extra }), { ppid: 4242 });
    const files: [string, Uint8Array][] = [
      ["f0", small("UserPromptSubmit")],
      ["f1", huge(1)],
      ["f2", small("UserPromptSubmit", { prompt_id: "a" })],
      ["f3", huge(2)],
      ["f4", small("UserPromptSubmit", { prompt_id: "b" })],
      ["f5", small("Stop")],
    ];
    await spoolOn(host, files);
    await until(() => engine.stats().accepted === files.length, "the host's files");
    // A big local file meanwhile: the same worker takes it.
    await fs.writeFile(path.join(paths.spoolTmp, "local"), bigSpool({ ppid: 4343 }));
    await fs.rename(path.join(paths.spoolTmp, "local"), path.join(paths.spoolNew, "local"));
    await engine.drain();
    expect(engine.stats()).toMatchObject({ accepted: files.length + 1, rejected: 0, duplicates: 0 });
    expect(preparer.offloaded()).toBe(3);
    // Acknowledged once logged: the host's spool empties.
    await until(() => readdirOrEmpty(path.join(host, "spool", "new")).length === 0, "the host's acks");
    await engine.stop();
    // Each file's own event (the id the loop's path gives its bytes), in the host's order, then the local one.
    const logged = loggedEvents(paths);
    expect(logged.slice(0, files.length).map((e) => e.id)).toEqual(files.map(([, bytes]) => idOf(bytes)));
    expect(logged.map((e) => e.hook).slice(0, 2)).toEqual(["UserPromptSubmit", "PermissionRequest"]);
    expect(logged).toHaveLength(files.length + 1);
  });

  it("hand a held request whose payload stays in the worker back to the host's terminal", async () => {
    const { host, engine, preparer } = await world({ answerWaitSeconds: 60 });
    const name = `${process.pid}.4000.0`;
    await spoolOn(host, [[name, bigSpool({ pid: process.pid, hold: name })]]);
    await until(() => engine.stats().accepted === 1, "the held request");
    expect(preparer.offloaded()).toBe(1);
    // The empty answer: the helper returns to its terminal at once.
    await until(() => readdirOrEmpty(path.join(host, "answers")).includes(name), "the release");
    expect(readFileSync(path.join(host, "answers", name), "utf8")).toBe("");
    const row = engine.snapshot().agents[0]!;
    expect(row).toMatchObject({ host: HOST, state: "waiting-approval", answerable: false });
    expect(row.request).toBeUndefined();
  });
});

describe("an engine stopped while a host's big file is in the worker", { timeout: 120_000 }, () => {
  it("leaves it unacknowledged on the host, and the next engine logs it once", async () => {
    const first = await world();
    const bytes = huge(3);
    await spoolOn(first.host, [["f0", bytes]]);
    await until(() => first.preparer.offloaded() === 1, "the file in the worker");
    await first.engine.stop();
    const second = await world({}, first.root);
    await until(() => readdirOrEmpty(path.join(second.host, "spool", "new")).length === 0, "the host's ack");
    await second.engine.stop();
    expect(loggedEvents(second.paths).filter((e) => e.id === idOf(bytes))).toHaveLength(1);
  });
});

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return []; // not made yet
  }
}
