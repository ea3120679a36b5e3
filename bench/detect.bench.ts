// Detection scan cost per process-table source, at this machine's process count and with 500 extra
// `sleep` processes, cold (new scanner each run) and steady (cache warm). A private tmux server with
// four fake agents gives the scans real work. Target (docs/architecture.md#targets): default source median ≤ 40 ms.
import { spawn, type ChildProcess } from "node:child_process";
import { createScanner, createSource, defaultSourceKind, type SourceKind } from "@mytty-bar/detect";
import { createLab } from "../packages/detect/test/helpers/fake-agents.js";
import { summarize, time } from "./stats.js";

const RUNS = 30;
const EXTRA = 500;
const SOURCES: SourceKind[] = process.platform === "linux" ? ["proc", "ps", "ps-list"] : ["ps", "ps-list"];

async function measure(kind: SourceKind) {
  const source = createSource(kind);
  const count = (await source.list()).length;
  const list = summarize(await time(() => source.list(), RUNS));
  const cold = summarize(await time(() => createScanner({ source: createSource(kind) }).scan(), RUNS));
  const steadyScanner = createScanner({ source });
  const agents = (await steadyScanner.scan()).agents.length;
  const steady = summarize(await time(() => steadyScanner.scan(), RUNS));
  return {
    processes: count,
    agents,
    listMs: list,
    coldScanMs: cold,
    steadyScanMs: steady,
    steadyUsPerProcess: Number(((steady.median * 1000) / count).toFixed(1)),
  };
}

async function measureAll() {
  const out: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const kind of SOURCES) out[kind] = await measure(kind);
  return out;
}

export default async function (): Promise<Record<string, unknown>> {
  const lab = createLab();
  const sleepers: ChildProcess[] = [];
  try {
    for (const [name, command] of [
      ["claude", "claude"],
      ["codex", "codex"],
      ["wrapped", "wrapper.sh"],
      ["hint", "MYTTY_AGENT=cursor mystery"],
      ["shell", undefined],
    ] as const)
      lab.open(name, command);
    await new Promise((r) => setTimeout(r, 1000));
    const base = await measureAll();
    for (let i = 0; i < EXTRA; i += 1) sleepers.push(spawn("sleep", ["600"], { stdio: "ignore" }));
    await new Promise((r) => setTimeout(r, 1000));
    const grown = await measureAll();
    const growth = Object.fromEntries(
      SOURCES.map((kind) => {
        const a = base[kind]!;
        const b = grown[kind]!;
        // Marginal cost per added process, and per-process cost at each size: near-equal means linear.
        const marginalUs = ((b.steadyScanMs.median - a.steadyScanMs.median) * 1000) / (b.processes - a.processes);
        return [
          kind,
          {
            usPerProcessBase: a.steadyUsPerProcess,
            usPerProcessGrown: b.steadyUsPerProcess,
            marginalUsPerProcess: Number(marginalUs.toFixed(1)),
          },
        ];
      }),
    );
    const kind = defaultSourceKind();
    return {
      default: {
        source: kind,
        steadyMedianMs: base[kind]!.steadyScanMs.median,
        coldMedianMs: base[kind]!.coldScanMs.median,
        targetMs: 40,
        meetsTarget: base[kind]!.steadyScanMs.median <= 40 && base[kind]!.coldScanMs.median <= 40,
      },
      base,
      [`plus${EXTRA}`]: grown,
      growth,
    };
  } finally {
    for (const s of sleepers) s.kill();
    lab.close();
  }
}
