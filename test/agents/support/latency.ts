// Latencies the real-agent scenarios measure (screen → row, answer → agent moves on). A run of the
// suite appends them, one JSON line each, to the file `MYTTY_AGENTS_LATENCY` names; without it they
// are dropped. `npm run bench -- agents` runs the suite with that set and prints p50/p95 per group.
import { appendFileSync } from "node:fs";

export interface Latency {
  agent: string;
  scenario: string;
  measure: string;
  ms: number;
}

export function recordLatency(entry: Latency, file = process.env.MYTTY_AGENTS_LATENCY): void {
  if (!file) return;
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}
