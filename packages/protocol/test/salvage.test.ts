// Oversized payloads: the helper cuts at SPOOL_MAX_PAYLOAD_BYTES, the parser salvages the complete
// top-level members of the cut prefix, and the mapped event keeps its name and ids (docs/hook-helper.md).
import { describe, expect, it } from "vitest";
import {
  formatSpoolFile,
  mapPayload,
  parseSpoolFile,
  salvageTopLevel,
  SPOOL_MAX_PAYLOAD_BYTES,
} from "@mytty-bar/protocol";
import type { SpoolParseResult } from "@mytty-bar/protocol";
import { loadFixture } from "./fixtures.js";

const enc = new TextEncoder();
const MiB = 1024 * 1024;
const now = new Date("2026-12-01T10:00:00Z");

/** What the helper spools for `payload`: header, then at most SPOOL_MAX_PAYLOAD_BYTES of it. */
function spooled(provider: "claude-code" | "cursor", payload: string, event?: string): SpoolParseResult {
  const body = enc.encode(payload).subarray(0, SPOOL_MAX_PAYLOAD_BYTES);
  return parseSpoolFile(formatSpoolFile({ provider, ...(event ? { event } : {}), ppid: 4242, env: {} }, body));
}

function big(provider: "claude-code" | "cursor", name: string, field: string, size: number): string {
  return JSON.stringify({ ...loadFixture(provider, name), [field]: "x".repeat(size) });
}

describe("cut payloads keep their event", () => {
  it("a 3 MiB Claude Code PostToolBatch maps to running with its session and prompt ids", () => {
    const payload = JSON.stringify({
      ...loadFixture("claude-code", "PostToolBatch"),
      tool_calls: [{ tool_use_id: "toolu_01Ab", tool_response: "x".repeat(3 * MiB) }],
    });
    const result = spooled("claude-code", payload);
    expect(result.ok && result.truncated).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toEqual({
      session_id: "a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83",
      transcript_path: "/home/sam/.claude/projects/-home-sam-work-billing/a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83.jsonl",
      cwd: "/home/sam/work/billing",
      prompt_id: "e5f60718-2a3b-4c5d-9e8f-0a1b2c3d4e5f",
      permission_mode: "default",
      hook_event_name: "PostToolBatch",
    });
    const mapped = mapPayload({ provider: "claude-code", payload: result.payload, now });
    expect(mapped.status === "mapped" && [mapped.event.kind, mapped.event.runKey, mapped.event.sessionId]).toEqual([
      "running",
      "e5f60718-2a3b-4c5d-9e8f-0a1b2c3d4e5f",
      "a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83",
    ]);
  });

  it("a large Stop still ends the run; complete members before the cut (background_tasks) survive", () => {
    const payload = JSON.stringify({
      ...loadFixture("claude-code", "Stop"),
      last_assistant_message: "y".repeat(2 * MiB),
    });
    const moved = payload.replace('"last_assistant_message"', '"background_tasks":[],"last_assistant_message"');
    const result = spooled("claude-code", moved);
    expect(result.ok && result.truncated).toBe(true);
    if (!result.ok) return;
    expect(result.payload.background_tasks).toEqual([]);
    expect(result.payload).not.toHaveProperty("last_assistant_message");
    const mapped = mapPayload({ provider: "claude-code", payload: result.payload, now });
    expect(mapped.status === "mapped" && mapped.event.kind).toBe("succeeded");
  });

  it("a large Cursor postToolUse keeps the argv event name, generation and tool_use_id", () => {
    const result = spooled("cursor", big("cursor", "postToolUse", "tool_output", 2 * MiB), "postToolUse");
    expect(result.ok && result.truncated).toBe(true);
    if (!result.ok) return;
    expect(result.envelope.event).toBe("postToolUse");
    const mapped = mapPayload({ provider: "cursor", event: result.envelope.event, payload: result.payload, now });
    expect(mapped.status === "mapped" && [mapped.event.kind, mapped.event.runKey, mapped.event.toolUseId]).toEqual([
      "running",
      "9a0b1c2d-3e4f-4051-8627-38495a6b7c8d",
      "toolu_del_01",
    ]);
  });

  it("a cut inside a multi-byte character is still salvaged", () => {
    const filler = "é".repeat(MiB); // 2 bytes each: the cut at an odd offset splits one
    const payload = `{"hook_event_name":"Stop","session_id":"s-1","pad":"${filler}"}`;
    const result = spooled("claude-code", ` ${payload}`);
    expect(result.ok && result.truncated && result.payload).toEqual({ hook_event_name: "Stop", session_id: "s-1" });
  });
});

describe("what is not salvaged", () => {
  const code = (r: SpoolParseResult) => (r.ok ? "ok" : r.error.code);

  it("a short payload that does not parse is still rejected (it was not cut)", () => {
    expect(code(spooled("claude-code", '{"hook_event_name":"Stop","session_id":"s-1",'))).toBe("payload-not-json");
  });

  it("cut bytes that do not start an object, or keep no complete member, are rejected", () => {
    expect(code(spooled("claude-code", "x".repeat(2 * MiB)))).toBe("payload-not-json");
    expect(code(spooled("claude-code", `{"tool_response":"${"x".repeat(2 * MiB)}"}`))).toBe("payload-not-json");
  });

  it("an exactly-cap-sized payload that parses is taken whole, not marked truncated", () => {
    const pad = SPOOL_MAX_PAYLOAD_BYTES - '{"session_id":"s-1","pad":""}'.length;
    const result = spooled("claude-code", `{"session_id":"s-1","pad":"${"z".repeat(pad)}"}`);
    expect(result.ok).toBe(true);
    expect(result.ok ? [result.truncated, result.payload.session_id] : undefined).toEqual([undefined, "s-1"]);
  });
});

describe("salvageTopLevel", () => {
  it("keeps a __proto__ member as data, never as the prototype", () => {
    const out = salvageTopLevel('{"__proto__":{"polluted":true},"session_id":"s","rest":"cu');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out && Object.keys(out)).toEqual(["__proto__", "session_id"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stops at a number the cut may have shortened, skips nested values over the size limit", () => {
    expect(salvageTopLevel('{"a":"b","n":12', 8)).toEqual({ a: "b" });
    expect(salvageTopLevel('{"big":[1,2,3,4,5,6,7,8,9],"a":"b","c":', 8)).toEqual({ a: "b" });
  });
});
