// Shared test helpers: fixture payloads as spool files, hand-made scans.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatSpoolFile, SPOOL_MAX_PAYLOAD_BYTES, type ProviderId, type SpoolEnvelope } from "@mytty-bar/protocol";
import type { DetectedAgent, ProcessInfo, ScanResult } from "@mytty-bar/detect";
import type { EngineOptions } from "@mytty-bar/engine";
import type { EngineCore } from "../src/core.js";
import { prepareSpool } from "../src/prepare.js";

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

/**
 * The core tests' Claude Code: pid 100 on pts/3 in tmux pane %1, and the join a hook from under it gets.
 * A watched host may list the very same process (remote-core.test.ts): only the host tells them apart.
 */
export function tmuxClaude() {
  const claudeProc = proc(100, 1, ["node", "/usr/lib/claude-code/cli.js"], "pts/3");
  const claude = agent(claudeProc, "claude-code", { app: "tmux", tmuxPane: "%1" });
  return { claudeProc, claude, joined: { agent: claude, tty: "pts/3", terminal: claude.terminal } };
}

/** One spool file through the core as the intake would: prepared, then joined (on `host`, if given) and applied. */
export function feed(
  core: EngineCore,
  bytes: Uint8Array,
  at: Date,
  joined?: Parameters<EngineCore["commit"]>[1],
  host?: string,
) {
  const prepared = core.accept(prepareSpool(bytes, at), at);
  if (prepared.kind !== "join") return prepared.status;
  const change = core.commit(prepared, joined, at, host);
  return change === "ignored" ? "ignored" : "applied";
}

/** Whether `pid` still runs (signal 0; any refusal counts as gone: the tests ask only of their own children). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function scanOf(processes: ProcessInfo[], agents: DetectedAgent[] = []): ScanResult {
  return { processes, agents, at: new Date() };
}

/**
 * A real fixture payload grown to just under `bytes` with tiny keys in its tool_input (~1 MiB → ~80,000
 * keys): the shape that costs JSON.parse and the event id the most per byte. Built as text, so the caller
 * holds no 80,000-key object (a bench must not measure its own garbage).
 */
export function manyKeyPayload(provider: string, name: string, bytes: number): string {
  const data = JSON.parse(readFileSync(`${FIXTURES}${provider}/${name}.json`, "utf8")) as Record<string, unknown>;
  const shell = JSON.stringify({ ...data, tool_input: 0 });
  const members: string[] = [];
  let room = bytes - Buffer.byteLength(shell) + 1; // the 0 placeholder goes
  room -= 2; // the braces
  for (let i = 0; ; i += 1) {
    const member = `"k${i}":${i % 10}`;
    if (member.length + (i > 0 ? 1 : 0) > room) break;
    room -= member.length + (i > 0 ? 1 : 0);
    members.push(member);
  }
  return shell.replace('"tool_input":0', `"tool_input":{${members.join(",")}}`);
}

/** A Claude Code PermissionRequest spool file of just under 1 MiB: ~96,000 tiny keys in its tool_input. */
export function bigSpool(envelope: Partial<SpoolEnvelope> = {}): Uint8Array {
  const body = manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES);
  return spool("claude-code", body, { event: "PermissionRequest", ppid: 4242, ...envelope });
}

/**
 * Options of an in-process engine that sees nothing of this machine: an empty process table (other
 * sessions' agents are not the caller's), no cwd or CPU reads, no control socket, no transcript insights.
 * Tests and benches that feed it spool files by hand spread this into createEngine's options.
 */
export const quietEngine = {
  scanner: {
    scan: async () => ({ processes: [], agents: [], at: new Date() }),
    join: async () => ({ tty: null, terminal: {} }),
  },
  source: { cwd: async () => undefined },
  cpu: async () => new Map(),
  control: false,
  insights: false,
} satisfies Partial<EngineOptions>;
