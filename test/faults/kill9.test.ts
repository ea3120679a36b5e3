// kill -9 in the middle of a burst of hook calls, then a restart: every call whose helper had finished
// before the kill is in the event log afterwards (the spool file is deleted only after its event is
// written). Real helper, real `mytty-bar --headless`, a real SIGKILL.
import fs from "node:fs";
import { afterEach, beforeEach, expect, it } from "vitest";
import { mapPayload } from "@mytty-bar/protocol";
import { fixture, until } from "../engine-harness.js";
import { Engine, helperWorld, hookCall, inWaves, type World } from "./world.js";

const CALLS = 600;
let world: World;
const engines: Engine[] = [];
beforeEach(() => {
  world = helperWorld("mytty-fault-kill9-");
});
afterEach(async () => {
  for (const e of engines.splice(0))
    if (e.child && e.child.exitCode === null && e.child.signalCode === null) await e.stop("SIGKILL");
  fs.rmSync(world.home, { recursive: true, force: true });
});

const payload = (i: number) =>
  fixture("claude-code", "UserPromptSubmit", {
    session_id: "c0ffee00-0000-4000-8000-000000000009",
    prompt_id: `kill9-prompt-${i}`,
  });

function eventIdOf(i: number): string {
  const mapped = mapPayload({
    provider: "claude-code",
    payload: JSON.parse(payload(i)) as Record<string, unknown>,
    now: new Date(),
  });
  if (mapped.status !== "mapped") throw new Error(`fixture does not map: ${JSON.stringify(mapped)}`);
  return mapped.event.id;
}

function loggedIds(): Set<string> {
  const text = fs.existsSync(world.paths.eventLog) ? fs.readFileSync(world.paths.eventLog, "utf8") : "";
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    try {
      const entry = JSON.parse(line) as { t?: string; event?: { id?: string } };
      if (entry.t === "event" && entry.event?.id) ids.add(entry.event.id);
    } catch {
      // a torn last line
    }
  }
  return ids;
}

it(`loses no finished call when the engine is killed -9 (four times) during a ${CALLS}-call burst`, async () => {
  const KILLS = 4;
  const up: { at: number; engine: Engine }[] = [];
  const killedAt: number[] = [];
  const startEngine = async () => {
    const engine = new Engine(world);
    engines.push(engine);
    await engine.start();
    up.push({ at: Date.now(), engine });
  };
  await startEngine();
  let finished = 0;
  const startedAt: number[] = [];
  const doneAt: number[] = [];
  // Kill -9 once an engine has taken a good share of calls, and start again straight away; the burst
  // goes on meanwhile (calls while no engine runs are not spooled, and not expected).
  const servedBy = (since: number) => startedAt.filter((at, i) => at >= since && doneAt[i] !== undefined).length;
  const killer = (async () => {
    for (let k = 1; k <= KILLS; k += 1) {
      const since = up.at(-1)!.at;
      await until(
        async () => servedBy(since) >= CALLS / (KILLS + 2) || finished === CALLS,
        60_000,
        `calls for engine ${k}`,
      );
      killedAt.push(Date.now());
      up.at(-1)!.engine.child!.kill("SIGKILL");
      await startEngine();
    }
  })();
  await inWaves(CALLS, 24, async (i) => {
    startedAt[i] = Date.now();
    await hookCall(world, ["claude-code"], payload(i), true);
    doneAt[i] = Date.now();
    finished += 1;
  });
  await killer;
  // A call counts when it ran wholly while one engine was up (it saw a live pid and finished before the kill).
  const expected = startedAt.flatMap((at, i) =>
    killedAt.some((killed, k) => at >= up[k]!.at && doneAt[i]! < killed) ? [i] : [],
  );
  expect(expected.length).toBeGreaterThan(CALLS / 4);

  await until(async () => fs.readdirSync(world.paths.spoolNew).length === 0, 30_000, "the spool drained");
  await up.at(-1)!.engine.stop();
  const logged = loggedIds();
  const missing = expected.filter((i) => !logged.has(eventIdOf(i)));
  expect(missing).toEqual([]);
}, 120_000);
