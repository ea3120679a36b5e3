// The parse worker (prepare-offload.ts): a 1 MiB payload of tiny keys, grown from a real fixture, gets the event
// and id the loop's own path gives; bad big files get the same outcome as there; stop() with a parse in flight
// ends the thread, and the ingest then commits nothing and leaves the file in the spool. Real worker, real files.
import { existsSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatSpoolFile, SPOOL_MAX_PAYLOAD_BYTES } from "@mytty-bar/protocol";
import { createPreparer, defaultWorkerEntry, OFFLOAD_MIN_BYTES, type Preparer } from "../src/prepare-offload.js";
import { prepareSpool, type SpoolOutcome } from "../src/prepare.js";
import { createIntake } from "../src/intake.js";
import { createIngest } from "../src/ingest.js";
import { EngineCore } from "../src/core.js";
import { bigSpool as big, manyKeyPayload, payload, spool } from "./helpers.js";

const preparers: Preparer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const preparer of preparers.splice(0)) await preparer.stop();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const errors: string[] = [];
function preparer(): Preparer {
  // The worker runs the built copy (npm test builds first); without it every file would quietly stay on the loop.
  expect(existsSync(defaultWorkerEntry()), "packages/engine/dist is missing: run `npm run build`").toBe(true);
  const made = createPreparer({ onError: (kind) => void errors.push(kind) });
  preparers.push(made);
  return made;
}

const mapped = (outcome: SpoolOutcome | "stopped") => {
  if (outcome === "stopped" || outcome.status !== "mapped") throw new Error(`not mapped: ${JSON.stringify(outcome)}`);
  return outcome;
};

// A ceiling, not a timing: each test parses 1 MiB payloads of ~96,000 keys more than once on a shared box.
describe("the parse worker", { timeout: 90_000 }, () => {
  it("prepares a 1 MiB many-key payload with the same event and id as the loop", async () => {
    const bytes = big();
    expect(bytes.length).toBeGreaterThan(SPOOL_MAX_PAYLOAD_BYTES - 64);
    const now = new Date("2026-12-01T12:00:00.000Z");
    const prep = preparer();
    const offloaded = mapped(await prep.prepare(bytes, now));
    expect(prep.running()).toBe(true);
    const onLoop = mapped(prepareSpool(bytes, now));
    expect(offloaded.event).toEqual(onLoop.event);
    expect(offloaded.envelope).toEqual(onLoop.envelope);
    // Nothing reads the payload of a file without a hold: it stays in the worker.
    expect(offloaded).toMatchObject({ payload: {}, payloadLeft: true });
    expect(errors).toEqual([]);
  });

  it("keeps small files on the loop, payload and all", async () => {
    const bytes = spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 4242 });
    expect(bytes.length).toBeLessThan(OFFLOAD_MIN_BYTES);
    const now = new Date();
    const prep = preparer();
    expect(await prep.prepare(bytes, now)).toEqual(prepareSpool(bytes, now));
    expect(prep.running()).toBe(false);
  });

  it("refuses bad big payloads with the outcome the loop gives", async () => {
    // Past the threshold, not 1 MiB: each case is prepared twice, and the box is shared.
    const text = manyKeyPayload("claude-code", "PermissionRequest", 4 * OFFLOAD_MIN_BYTES);
    const cases = [
      spool("claude-code", text.slice(0, -1)), // not JSON: a cut the helper did not make
      spool("claude-code", `[${text}]`), // JSON, not an object
      spool("claude-code", `${"[".repeat(70_000)}${"]".repeat(70_000)}`), // too deep
      // Not UTF-8.
      formatSpoolFile(
        { provider: "claude-code", env: {} },
        Buffer.concat([Buffer.from('{"x":"'), Buffer.alloc(100_000, 0x61), Buffer.from([0xff, 0x22, 0x7d])]),
      ),
      // Exactly the cap and cut: its complete members are salvaged, the result says so.
      spool(
        "claude-code",
        `${text.slice(0, -2)}${",".repeat(SPOOL_MAX_PAYLOAD_BYTES)}`.slice(0, SPOOL_MAX_PAYLOAD_BYTES),
      ),
    ];
    const now = new Date();
    const prep = preparer();
    const outcomes: (SpoolOutcome | "stopped")[] = [];
    for (const bytes of cases) {
      expect(bytes.length).toBeGreaterThan(OFFLOAD_MIN_BYTES);
      const outcome = await prep.prepare(bytes, now);
      const onLoop = prepareSpool(bytes, now);
      if (onLoop.status === "mapped") expect(mapped(outcome).event).toEqual(onLoop.event);
      else expect(outcome).toEqual(onLoop);
      outcomes.push(outcome);
    }
    expect(outcomes.map((o) => (o === "stopped" ? o : o.status === "mapped" ? o.status : o.reason))).toEqual([
      "payload-not-json",
      "payload-not-object",
      "payload-too-deep",
      "payload-not-json",
      "mapped",
    ]);
    expect(prep.running()).toBe(true);
  });

  it("prepares on the loop, with the same outcome, when its thread cannot start", async () => {
    const kinds: string[] = [];
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "prepare-offload-"));
    dirs.push(dir);
    const broken = createPreparer({
      onError: (kind) => void kinds.push(kind),
      entry: new URL(`file://${path.join(dir, "no-such-worker.js")}`),
    });
    preparers.push(broken);
    const bytes = big();
    const now = new Date();
    expect(mapped(await broken.prepare(bytes, now)).event).toEqual(mapped(prepareSpool(bytes, now)).event);
    expect(kinds).toEqual(["prepare-worker"]);
    expect(broken.running()).toBe(false);
  });

  it("ends its thread on stop() with a parse in flight; that file is not taken", async () => {
    const prep = preparer();
    const inFlight = prep.prepare(big(), new Date());
    expect(prep.running()).toBe(true);
    await prep.stop();
    expect(await inFlight).toBe("stopped");
    expect(prep.running()).toBe(false);
    expect(await prep.prepare(big(), new Date())).toBe("stopped");
    expect(prep.running()).toBe(false);
  });
});

describe("ingest stopped with a parse in flight", () => {
  it("ends the worker's thread, commits nothing and leaves the file in the spool", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "big-payload-ingest-"));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, "big"), big());
    const real = preparer();
    let handed!: () => void;
    const inFlight = new Promise<void>((resolve) => (handed = resolve));
    const watched: Preparer = {
      prepare: (bytes, now) => {
        const outcome = real.prepare(bytes, now);
        handed();
        return outcome;
      },
      running: real.running,
      offloaded: real.offloaded,
      stop: real.stop,
    };
    const calls: string[] = [];
    const ingest = createIngest({
      dir,
      pollMs: 60_000,
      core: new EngineCore(30_000),
      scanner: { join: async () => ({ tty: null, terminal: {} }) },
      scheduler: { processes: () => [] },
      clock: () => new Date(),
      failed: (kind) => () => void calls.push(kind),
      onError: (kind) => void calls.push(kind),
      commit: () => void calls.push("commit"),
      publish: () => void calls.push("publish"),
      settle: async () => void calls.push("settle"),
      answering: { ingested: () => void calls.push("ingested") },
      preparer: watched,
    });
    ingest.start();
    await inFlight;
    expect(real.running()).toBe(true);
    ingest.stop();
    await watched.stop(); // as the engine stops its preparer right after the intake (engine-api.ts)
    await ingest.drain();
    expect(real.running()).toBe(false);
    expect(calls.filter((c) => c !== "settle")).toEqual([]);
    expect(await fs.readdir(dir)).toEqual(["big"]);
  });
});

describe("the intake", () => {
  it("leaves a file its handler did not take (false) for the next drain", async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), "big-payload-intake-"));
    dirs.push(home);
    await fs.writeFile(path.join(home, "one"), "bytes");
    let take: boolean = false;
    const seen: string[] = [];
    const intake = createIntake({ dir: home, onFile: (b) => (seen.push(b.toString()), take), onReject: () => {} });
    await intake.drain();
    intake.stop();
    expect(await fs.readdir(home)).toEqual(["one"]);
    take = true;
    const again = createIntake({ dir: home, onFile: (b) => (seen.push(b.toString()), take), onReject: () => {} });
    await again.drain();
    again.stop();
    expect(seen).toEqual(["bytes", "bytes"]);
    expect(await fs.readdir(home)).toEqual([]);
  });
});
