// Shared test helpers: fixture payloads as spool files, hand-made scans.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatSpoolFile, type ProviderId, type SpoolEnvelope } from "@mytty-bar/protocol";
import type { DetectedAgent, ProcessInfo, ScanResult } from "@mytty-bar/detect";

export const FIXTURES = fileURLToPath(new URL("../../../fixtures/payloads/", import.meta.url));

export function payload(provider: string, name: string, patch: Record<string, unknown> = {}): string {
  const data = JSON.parse(readFileSync(`${FIXTURES}${provider}/${name}.json`, "utf8")) as Record<string, unknown>;
  return JSON.stringify({ ...data, ...patch });
}

export function spool(provider: ProviderId, body: string, envelope: Partial<SpoolEnvelope> = {}): Uint8Array {
  return formatSpoolFile({ provider, env: {}, ...envelope }, body);
}

export function proc(
  pid: number,
  ppid: number,
  argv: string[],
  tty: string | null = null,
  startTime = `st-${pid}`,
): ProcessInfo {
  return { pid, ppid, pgid: pid, tpgid: -1, tty, startTime, argv };
}

export function agent(p: ProcessInfo, provider: ProviderId, terminal: DetectedAgent["terminal"] = {}): DetectedAgent {
  return {
    tty: p.tty,
    pid: p.pid,
    provider,
    via: "process",
    executable: p.argv[0] ?? "",
    argv: p.argv,
    startTime: p.startTime,
    terminal,
  };
}

export function scanOf(processes: ProcessInfo[], agents: DetectedAgent[] = []): ScanResult {
  return { processes, agents, at: new Date() };
}
