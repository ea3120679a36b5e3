// Claude Code's session registry, pure half: the records in fixtures/claude-sessions/ (real-shaped, see
// its README) → records, the pid-reuse guard, and the event each status means for the run it describes.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runId } from "@mytty-bar/protocol";
import { interruptedEvent, mergeRegistryEvents, parseRegistryRecord, registryEvent } from "../src/insights/index.js";
import { registryMatches, tmuxPaneOf, waitingKind } from "../src/insights/index.js";
import type { RegistryRecord, RegistryRun } from "../src/insights/index.js";

const dir = fileURLToPath(new URL("../../../fixtures/claude-sessions/", import.meta.url));
const text = (name: string) => readFileSync(`${dir}${name}.json`, "utf8");
const record = (name: string): RegistryRecord => {
  const parsed = parseRegistryRecord(text(name));
  if (parsed === undefined) throw new Error(`${name} did not parse`);
  return parsed;
};
const SESSION = "5b0c6a52-3f0e-4d8a-9a57-2c4f1e7d9b31";
// After every fixture's statusUpdatedAt (2026-09-22), so no status is clamped to now.
const NOW = new Date(Date.UTC(2026, 8, 23));

describe("parseRegistryRecord", () => {
  it.each([
    ["busy", "busy"],
    ["idle", "idle"],
    ["shell", "shell"],
    ["waiting-permission", "waiting"],
    ["waiting-dialog", "waiting"],
    ["waiting-input", "waiting"],
  ])("reads %s as status %s, with the pid-reuse guard and session id", (name, status) => {
    const expected = { pid: 48213, sessionId: SESSION, procStart: "174097251", status, version: "2.1.278" };
    expect(record(name)).toMatchObject(expected);
  });

  it("keeps waitingFor verbatim and the status time", () => {
    const waiting = record("waiting-permission");
    expect(waiting).toMatchObject({ waitingFor: "permission prompt", statusUpdatedAt: 1790074025104 });
    expect(record("busy").waitingFor).toBeUndefined();
  });

  it("accepts a just-registered record that has no status yet", () => {
    const registering = record("registering");
    expect(registering.status).toBeUndefined();
    expect(registering.sessionId).toBe(SESSION);
  });

  it("reads macOS's `ps -o lstart` procStart", () => {
    expect(record("darwin-busy")).toMatchObject({ pid: 12158, procStart: "Thu Sep 10 08:31:58 2026", status: "busy" });
  });

  it.each([
    ["the legacy pid-<n>.json generation (no procStart, snake_case session_id)", text("legacy-pid-48213")],
    ["a session parked in the background", text("parked")],
    ["a torn write", text("busy").slice(0, 80)],
    ["not JSON", "not json"],
    ["an array", "[]"],
    ["a pid that is a string", text("busy").replace('"pid":48213', '"pid":"48213"')],
    ["a session id with control characters", text("busy").replace(SESSION, "5b0c\\u001b[2J")],
    ["an oversized file", `${text("busy").slice(0, -2)},"pad":"${"x".repeat(70_000)}"}`],
  ])("refuses %s", (_what, body) => {
    expect(parseRegistryRecord(body)).toBeUndefined();
  });

  it("keeps a record whose status is one it does not know, without a status", () => {
    const parsed = parseRegistryRecord(text("busy").replace('"status":"busy"', '"status":"dreaming"'));
    expect(parsed?.sessionId).toBe(SESSION);
    expect(parsed?.status).toBeUndefined();
  });
});

describe("registryMatches (pid reuse)", () => {
  it("matches Linux start ticks verbatim and nothing else", () => {
    expect(registryMatches(record("busy"), 48213, "174097251")).toBe(true);
    expect(registryMatches(record("busy"), 48213, "174097252")).toBe(false);
    expect(registryMatches(record("busy"), 48214, "174097251")).toBe(false);
    expect(registryMatches(record("busy"), 48213, undefined)).toBe(false);
  });

  it("ignores `ps` padding in macOS start times", () => {
    const padded = { ...record("darwin-busy"), procStart: "Tue Sep  1 08:31:58 2026" };
    expect(registryMatches(padded, 12158, "Tue Sep 1 08:31:58 2026")).toBe(true);
  });
});

describe("waitingKind", () => {
  it("calls only a permission prompt an approval", () => {
    expect(waitingKind("permission prompt")).toBe("approval-requested");
    expect(waitingKind("dialog open")).toBe("input-requested");
    expect(waitingKind("input needed")).toBe("input-requested");
    expect(waitingKind(undefined)).toBe("input-requested");
  });
});

const run = (state: RegistryRun["state"], extra: Partial<RegistryRun> = {}): RegistryRun => ({
  runKey: "prompt-1",
  state,
  updatedAt: "2026-09-22T00:00:00.000Z",
  sessionId: SESSION,
  ...extra,
});
const event = (name: string, current: RegistryRun | undefined, estimateRuns: boolean) =>
  registryEvent({ record: record(name), ...(current ? { run: current } : {}), estimateRuns, now: NOW });

describe("registryEvent without hooks", () => {
  it("busy starts a run on the session id, dated by the status change", () => {
    const e = event("busy", undefined, true);
    const runOfSession = runId("claude-code", SESSION);
    expect(e).toMatchObject({ kind: "started", runKey: SESSION, runId: runOfSession, sessionId: SESSION });
    expect(e?.synthetic).toBe(true);
    expect(e?.at).toBe(new Date(1790074021870).toISOString());
  });

  it("waiting asks for approval on a permission prompt and for input otherwise, on the run it interrupts", () => {
    const approval = { kind: "approval-requested", runKey: "prompt-1" };
    expect(event("waiting-permission", run("running"), true)).toMatchObject(approval);
    expect(event("waiting-input", run("running"), true)).toMatchObject({ kind: "input-requested", runKey: "prompt-1" });
    const dialog = { kind: "input-requested", runKey: SESSION, message: "Waiting: dialog open" };
    expect(event("waiting-dialog", undefined, true)).toMatchObject(dialog);
  });

  it("idle: succeeded after a run seen working, idle after a wait, and a first sighting only shows the session", () => {
    expect(event("idle", run("running"), true)).toMatchObject({ kind: "succeeded", runKey: "prompt-1" });
    expect(event("idle", run("waiting-approval"), true)).toMatchObject({ kind: "idle", runKey: "prompt-1" });
    expect(event("idle", undefined, true)).toMatchObject({ kind: "idle", runKey: SESSION });
    expect(event("idle", run("succeeded"), true)).toBeUndefined();
    expect(event("idle", run("idle"), true)).toBeUndefined();
  });

  it("says nothing a run already shows, nor anything older than the run's last update", () => {
    expect(event("busy", run("running"), true)).toBeUndefined();
    expect(event("waiting-permission", run("waiting-approval"), true)).toBeUndefined();
    expect(event("idle", run("running", { updatedAt: "2026-09-22T12:00:00.000Z" }), true)).toBeUndefined();
  });

  it("shell neither starts nor ends a run, but ends a wait", () => {
    expect(event("shell", undefined, true)).toBeUndefined();
    expect(event("shell", run("running"), true)).toBeUndefined();
    expect(event("shell", run("waiting-input"), true)).toMatchObject({ kind: "running", runKey: "prompt-1" });
  });

  it("a run of another session (before /clear) is not the one the record describes", () => {
    const before = run("running", { sessionId: "other" });
    expect(event("busy", before, true)).toMatchObject({ kind: "started", runKey: SESSION });
  });

  it("a record with no status yet says nothing", () => {
    expect(event("registering", undefined, true)).toBeUndefined();
  });
});

describe("registryEvent with hooks installed (hooks win for the run they describe)", () => {
  it("never opens or finishes a run, nor turns a working run into a dialog's wait", () => {
    expect(event("busy", undefined, false)).toBeUndefined();
    expect(event("waiting-permission", undefined, false)).toBeUndefined();
    expect(event("waiting-dialog", run("running"), false)).toBeUndefined();
    expect(event("idle", run("running"), false)).toBeUndefined();
    expect(event("idle", undefined, false)).toBeUndefined();
  });

  it("corrects a wait the hooks left open: answered → running, dismissed → idle", () => {
    expect(event("busy", run("waiting-approval"), false)).toMatchObject({ kind: "running", runKey: "prompt-1" });
    expect(event("idle", run("waiting-approval"), false)).toMatchObject({ kind: "idle", runKey: "prompt-1" });
  });

  it("leaves a wait alone when a hook described it after the status changed", () => {
    expect(event("busy", run("waiting-approval", { updatedAt: "2026-09-22T12:00:00.000Z" }), false)).toBeUndefined();
  });
});

// Claude Code 2.1.328 in auto mode (its default): the classifier-unreachable dialog and the Bash approval
// after it fire no PermissionRequest hook; the registry says `waiting` / "permission prompt" at once, and
// the permission_prompt Notification comes ~20 s later.
describe("precedence of the registry over stale hook states (Claude Code 2.1.328)", () => {
  const SESSION_328 = "9e4b1c7a-2d58-4f03-8b6e-1a7c3d5e9f20";
  const WRITTEN = 1796203852236; // v2.1.328-auto-mode-permission.json's updatedAt
  const NOW_328 = new Date(WRITTEN + 60_000);
  const iso = (ms: number) => new Date(ms).toISOString();
  const hooked = (state: RegistryRun["state"], updatedAtMs: number, extra: Partial<RegistryRun> = {}) =>
    run(state, { sessionId: SESSION_328, updatedAt: iso(updatedAtMs), ...extra });
  const at328 = (name: string, current: RegistryRun) =>
    registryEvent({ record: record(name), run: current, estimateRuns: false, now: NOW_328 });

  it("reads the 2.1.328 record: its write time and the pane its `tmux` names", () => {
    expect(record("v2.1.328-auto-mode-permission")).toMatchObject({
      status: "waiting",
      waitingFor: "permission prompt",
      writtenAt: WRITTEN,
      tmuxPane: "%7",
      version: "2.1.328",
    });
    expect(tmuxPaneOf("dev:@3.%7")).toBe("%7");
    expect(tmuxPaneOf("%7")).toBeUndefined();
    expect(tmuxPaneOf("dev:@3")).toBeUndefined();
  });

  it("a record without updatedAt is dated by the file's mtime", () => {
    const body = text("v2.1.328-auto-mode-permission").replace(`"updatedAt":${WRITTEN},`, "");
    expect(parseRegistryRecord(body, WRITTEN + 5)?.writtenAt).toBe(WRITTEN + 5);
    expect(parseRegistryRecord(body)?.writtenAt).toBeUndefined();
  });

  it("a newer `waiting` for a permission prompt turns a hook's stale input wait into waiting-approval", () => {
    // The auto-mode Notification ("…needs your choice") set waiting-input before the file was written.
    const stale = hooked("waiting-input", WRITTEN - 1_000);
    const refined = at328("v2.1.328-auto-mode-permission", stale);
    expect(refined).toMatchObject({
      kind: "approval-requested",
      runKey: "prompt-1",
      sessionId: SESSION_328,
      message: "Waiting for permission",
      at: iso(WRITTEN),
      synthetic: true,
    });
  });

  it("refines a running run too: the approval dialog fired no hook at all", () => {
    const refined = at328("v2.1.328-auto-mode-permission", hooked("running", WRITTEN - 3_000));
    expect(refined).toMatchObject({ kind: "approval-requested", runKey: "prompt-1", at: iso(WRITTEN) });
  });

  it("hooks win when they are newer than the file's last write", () => {
    expect(at328("v2.1.328-auto-mode-permission", hooked("waiting-input", WRITTEN + 1))).toBeUndefined();
    expect(at328("v2.1.328-auto-mode-permission", hooked("running", WRITTEN))).toBeUndefined();
  });

  it("dates a `waiting` by the file's write, so a waitingFor that changed under one status still counts", () => {
    const body = text("v2.1.328-auto-mode-permission").replace(
      `"statusUpdatedAt":${WRITTEN}`,
      `"statusUpdatedAt":${WRITTEN - 10_000}`,
    );
    const parsed = parseRegistryRecord(body)!;
    const refined = registryEvent({
      record: parsed,
      run: hooked("waiting-input", WRITTEN - 5_000),
      estimateRuns: false,
      now: NOW_328,
    });
    expect(refined).toMatchObject({ kind: "approval-requested", at: iso(WRITTEN) });
  });

  it("leaves a held PermissionRequest's wait alone (the default mode's path)", () => {
    // PermissionRequest fired first; the file says the same thing a moment later: nothing to refine.
    expect(at328("v2.1.328-auto-mode-permission", hooked("waiting-approval", WRITTEN - 200))).toBeUndefined();
  });

  it("ignores a record of another session", () => {
    const other = hooked("waiting-input", WRITTEN - 1_000, { sessionId: SESSION });
    expect(at328("v2.1.328-auto-mode-permission", other)).toBeUndefined();
  });
});

describe("ESC with hooks installed and the registry live (Claude Code 2.1.328)", () => {
  const STATUS = 1796203866904; // v2.1.328-idle.json
  const NOW_328 = new Date(STATUS + 60_000);
  const input = (state: RegistryRun["state"], updatedAtMs: number, runKey = "prompt-1") => ({
    record: record("v2.1.328-idle"),
    run: run(state, {
      runKey,
      sessionId: "9e4b1c7a-2d58-4f03-8b6e-1a7c3d5e9f20",
      updatedAt: new Date(updatedAtMs).toISOString(),
    }),
    estimateRuns: false,
    now: NOW_328,
  });
  const esc = { promptId: "prompt-1", interruptedMessageId: "msg-1" };

  it("idle after busy plus the transcript's interruption of the run's prompt ends the run idle, Interrupted", () => {
    expect(interruptedEvent(input("running", STATUS - 4_000), esc)).toMatchObject({
      kind: "idle",
      runKey: "prompt-1",
      message: "Interrupted",
      hook: "mytty-bar.registry.interrupted",
      at: new Date(STATUS).toISOString(),
    });
  });

  it("passes through the registry merge, which lets no other transcript event through", () => {
    const edge = input("running", STATUS - 4_000);
    const merged = mergeRegistryEvents({ live: true, idleEdge: edge }, [], esc);
    expect(merged.map((e) => `${e.kind}:${e.runKey}:${e.message}`)).toEqual(["idle:prompt-1:Interrupted"]);
    expect(mergeRegistryEvents({ live: true, idleEdge: edge }, [], undefined)).toEqual([]);
  });

  it("does nothing for another prompt's interruption, a hook newer than the idle, or a run already ended", () => {
    expect(interruptedEvent(input("running", STATUS - 4_000), { ...esc, promptId: "prompt-0" })).toBeUndefined();
    expect(interruptedEvent(input("running", STATUS + 1), esc)).toBeUndefined();
    expect(interruptedEvent(input("succeeded", STATUS - 4_000), esc)).toBeUndefined();
    expect(interruptedEvent({ ...input("running", STATUS - 4_000), estimateRuns: true }, esc)).toBeUndefined();
  });
});
