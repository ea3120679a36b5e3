// Mapping throughput of packages/protocol: every payload fixture through mapPayload, the same
// fixtures as spool files through parseSpoolFile + mapPayload, a near-1 MiB payload, and the tracker.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyEvent, emptyTracker, formatSpoolFile, mapPayload, parseSpoolFile } from "@mytty-bar/protocol";
import type { AgentEvent, MapInput, ProviderId, TrackerState } from "@mytty-bar/protocol";
import { summarize, time } from "./stats.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/payloads/", import.meta.url));
const NOW = new Date("2026-11-02T09:00:00.000Z");

function loadInputs(): MapInput[] {
  return readdirSync(FIXTURES).flatMap((provider) =>
    readdirSync(path.join(FIXTURES, provider))
      .filter((file) => file.endsWith(".json")) // each provider's README names the sources
      .map((file) => {
        const name = file.replace(/\.json$/, "");
        // Cursor and Antigravity get their event name in argv; fixture names start with it.
        const event = provider === "cursor" || provider === "antigravity" ? name.split("-")[0] : undefined;
        const payload = JSON.parse(readFileSync(path.join(FIXTURES, provider, file), "utf8")) as Record<
          string,
          unknown
        >;
        return { provider: provider as ProviderId, event, payload, now: NOW };
      }),
  );
}

function perSecond(count: number, samplesMs: number[]): number {
  return Math.round(count / (summarize(samplesMs, 4).median / 1000));
}

/** `agents` × 5 turns of started → approval → running → succeeded, one second apart. */
function trackerStream(agents: number): AgentEvent[] {
  const stream: AgentEvent[] = [];
  let t = NOW.getTime();
  for (let turn = 0; turn < 5; turn += 1) {
    for (let agent = 0; agent < agents; agent += 1) {
      for (const kind of ["started", "approval-requested", "running", "succeeded"] as const) {
        const runKey = `a${agent}-t${turn}`;
        t += 1000;
        stream.push({
          v: 1,
          id: `${runKey}-${kind}`,
          provider: "codex",
          kind,
          runKey,
          runId: `run-${runKey}`,
          sessionId: `s${agent}`,
          hook: kind,
          at: new Date(t).toISOString(),
        });
      }
    }
  }
  return stream;
}

/** The stream through a fresh tracker: its runs at the end. */
function track(stream: readonly AgentEvent[], inPlace: boolean): number {
  let state: TrackerState = emptyTracker();
  for (const event of stream) state = applyEvent(state, event, { inPlace }, `agent-${event.sessionId}`).state;
  return Object.keys(state.runs).length;
}

/**
 * Tracker throughput for `agents`, in place as the engine runs it (`inPlace`); `copying` is the immutable
 * mode, whose cost grows with the runs kept.
 */
async function trackerFigures(agents: number, inPlace = true): Promise<Record<string, unknown>> {
  const stream = trackerStream(agents);
  let runs = 0;
  const samples = await time(
    () => void (runs = track(stream, inPlace)),
    inPlace ? Math.max(5, 2000 / agents) : 5,
    inPlace ? 20 : 1,
  );
  return {
    events: stream.length,
    runsAtEnd: runs,
    eventsPerSecond: perSecond(stream.length, samples),
    usPerEvent: Number(((summarize(samples, 4).median * 1000) / stream.length).toFixed(2)),
    msPerStream: summarize(samples, 1),
  };
}

/**
 * Per-event cost at 20 and 200 agents, fairly compared: every sample is the same 4,000 events (the small
 * stream ten times, the large once), the sizes alternate so both meet the same JIT and heap state (the
 * benches share a process), and the first samples are warm-up. Measured back to back instead, the ratio
 * swung 0.9–2.2 between runs on this VM; alternated, 1.06–1.16.
 */
function trackerPerEvent(): { agents20: number; agents200: number } {
  const small = trackerStream(20);
  const large = trackerStream(200);
  const usPerEvent = (stream: readonly AgentEvent[], times: number) => {
    const t0 = performance.now();
    for (let i = 0; i < times; i += 1) track(stream, true);
    return ((performance.now() - t0) * 1000) / (stream.length * times);
  };
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const x = usPerEvent(small, large.length / small.length);
    const y = usPerEvent(large, 1);
    if (i < 10) continue;
    a.push(x);
    b.push(y);
  }
  return { agents20: summarize(a, 3).median, agents200: summarize(b, 3).median };
}

export default async function (): Promise<Record<string, unknown>> {
  const inputs = loadInputs();
  const rounds = 200;

  const mapSamples = await time(
    () => {
      for (let r = 0; r < rounds; r += 1) for (const input of inputs) mapPayload(input);
    },
    15,
    3,
  );

  const spools = inputs.map((input) =>
    formatSpoolFile(
      {
        provider: input.provider,
        event: input.event,
        ppid: 4242,
        cwd: "/home/sam/work/billing",
        env: { term_program: "iTerm.app", tmux_pane: "%1" },
      },
      JSON.stringify(input.payload),
    ),
  );
  const spoolSamples = await time(
    () => {
      for (let r = 0; r < rounds; r += 1) {
        for (const bytes of spools) {
          const parsed = parseSpoolFile(bytes);
          if (parsed.ok)
            mapPayload({
              provider: parsed.envelope.provider,
              event: parsed.envelope.event,
              payload: parsed.payload,
              now: NOW,
              cwd: parsed.envelope.cwd,
            });
        }
      }
    },
    15,
    3,
  );

  // Claude's PostToolBatch carries every tool response of the batch: the worst case is near the cap.
  const batch = inputs.find((i) => i.provider === "claude-code" && i.payload.hook_event_name === "PostToolBatch")!;
  const big = {
    ...batch.payload,
    tool_calls: Array.from({ length: 60 }, (_, i) => ({
      tool_name: "Read",
      tool_use_id: `toolu_${i}`,
      tool_input: { file_path: `/f/${i}` },
      tool_response: "x".repeat(16_000),
    })),
  };
  const bigSpool = formatSpoolFile({ provider: "claude-code", env: {} }, JSON.stringify(big));
  const bigSamples = await time(
    () => {
      const parsed = parseSpoolFile(bigSpool);
      if (!parsed.ok) throw new Error(parsed.error.message);
      mapPayload({ provider: "claude-code", payload: parsed.payload, now: NOW });
    },
    30,
    3,
  );

  const mapped = inputs.filter((input) => mapPayload(input).status === "mapped").length;
  return {
    fixtures: inputs.length,
    mappedFixtures: mapped,
    mapPayload: {
      eventsPerSecond: perSecond(rounds * inputs.length, mapSamples),
      msPerRound: summarize(
        mapSamples.map((ms) => ms / rounds),
        4,
      ),
    },
    spoolParseAndMap: {
      filesPerSecond: perSecond(rounds * spools.length, spoolSamples),
      msPerRound: summarize(
        spoolSamples.map((ms) => ms / rounds),
        4,
      ),
    },
    bigSpool: { bytes: bigSpool.length, parseAndMapMs: summarize(bigSamples, 3) },
    ...(await trackerComparison()),
  };
}

/** Target (issue 13): per event, 200 agents within 1.5x of 20 agents. */
async function trackerComparison(): Promise<Record<string, unknown>> {
  const perEvent = trackerPerEvent();
  const ratio = Number((perEvent.agents200 / perEvent.agents20).toFixed(2));
  return {
    tracker20Agents: await trackerFigures(20),
    tracker200Agents: await trackerFigures(200),
    trackerUsPerEventAlternated: perEvent,
    trackerPerEventRatio: { figure: ratio, target: "<= 1.5 (alternated samples of 4,000 events)", holds: ratio <= 1.5 },
    trackerCopying200Agents: await trackerFigures(200, false),
  };
}
