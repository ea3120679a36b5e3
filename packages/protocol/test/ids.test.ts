// Stable ids (docs/architecture.md#ids-hygiene-and-quoting).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CANONICAL_MAX_ENTRIES,
  canonicalJson,
  eventId,
  generationRunId,
  hashUuid,
  runId,
  syntheticId,
} from "@mytty-bar/protocol";

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("ids", () => {
  it("canonical JSON sorts keys at every level and keeps arrays in order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson("é\n")).toBe('"é\\n"');
    expect(canonicalJson([undefined])).toBe("[null]");
  });

  it("event id = first 16 bytes of SHA-256 over the documented preimage, as a v5/variant-10 UUID", () => {
    const payload = { session_id: "s", hook_event_name: "Stop" };
    const digest = createHash("sha256")
      .update('event\0codex\0succeeded\0{"hook_event_name":"Stop","session_id":"s"}')
      .digest("hex");
    const id = eventId("codex", "succeeded", payload);
    expect(id).toMatch(UUID_V5);
    const hex = id.replaceAll("-", "");
    expect(hex.slice(0, 12)).toBe(digest.slice(0, 12));
    expect(hex.slice(13, 16)).toBe(digest.slice(13, 16));
    expect(hex.slice(18, 32)).toBe(digest.slice(18, 32));
  });

  it("key order never changes an event id; provider, kind or a value does", () => {
    const a = eventId("codex", "started", { x: 1, y: { p: 1, q: 2 } });
    expect(eventId("codex", "started", { y: { q: 2, p: 1 }, x: 1 })).toBe(a);
    expect(eventId("claude-code", "started", { x: 1, y: { p: 1, q: 2 } })).not.toBe(a);
    expect(eventId("codex", "running", { x: 1, y: { p: 1, q: 2 } })).not.toBe(a);
    expect(eventId("codex", "started", { x: 2, y: { p: 1, q: 2 } })).not.toBe(a);
  });

  it("run ids come from provider and run key only", () => {
    expect(runId("cursor", "g-1")).toBe(hashUuid("run\0cursor\0g-1"));
    expect(runId("cursor", "g-1")).not.toBe(runId("codex", "g-1"));
    expect(runId("cursor", "g-1")).toMatch(UUID_V5);
  });

  it("synthetic ids keep tuples apart and generation 0 is the key's own run", () => {
    expect(syntheticId("a,b")).not.toBe(syntheticId("a", "b"));
    expect(syntheticId("a", "b")).toBe(syntheticId("a", "b"));
    expect(generationRunId("r", 0)).toBe("r");
    expect(generationRunId("r", 1)).not.toBe(generationRunId("r", 2));
    expect(generationRunId("r", 1)).toMatch(UUID_V5);
  });
});

describe("event ids of huge payloads", () => {
  const huge = (order: 1 | -1) => {
    const payload: Record<string, string> = { session_id: "s1" };
    const n = CANONICAL_MAX_ENTRIES + 10;
    for (let i = 0; i < n; i += 1) payload[`k${order === 1 ? i : n - 1 - i}`] = "v";
    return payload;
  };

  it("are stable and follow content, without sorting past the budget (key order then counts)", () => {
    expect(eventId("codex", "started", huge(1))).toBe(eventId("codex", "started", huge(1)));
    expect(eventId("codex", "started", huge(1))).not.toBe(eventId("codex", "started", { ...huge(1), k0: "w" }));
    // No sort of 10,010 keys: the same entries in another order are another id (a retry sends the same bytes).
    expect(eventId("codex", "started", huge(1))).not.toBe(eventId("codex", "started", huge(-1)));
    // Within the budget key order never matters.
    expect(eventId("codex", "started", { a: 1, b: [1, 2] })).toBe(eventId("codex", "started", { b: [1, 2], a: 1 }));
  });
});
