// `mytty-doctor install claude-code --statusline` with a real Claude Code: the JSON it pipes to its statusLine
// command reaches <data>/statusline/<pid>.json (docs/usage-meters.md), for this very session.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../engine-harness.js";
import { type ClaudeSession, isClaude, startClaude } from "./support/claude-session.js";

let session: ClaudeSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe("Claude Code's statusLine through our pass-through", () => {
  it("keeps the real statusLine input under the Claude Code pid, naming the row's session", async () => {
    const s = (session = await startClaude({ mode: "default", world: { install: ["claude-code", "--statusline"] } }));
    s.standin.script.queue({ kind: "text", text: "Hello from the stand-in." });
    await s.prompt("hello");
    const { row } = await s.pane.row((r) => isClaude(r) && r.state === "succeeded" && r.pid !== null, "succeeded");
    const file = path.join(s.world.paths.dataDir, "statusline", `${row.pid}.json`);
    const input = await until(
      async () => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : undefined),
      30_000,
      "the statusline file",
    );
    expect(input.session_id).toBe(row.sessionId);
    expect(input.version).toBe(s.version);
    expect(input).toMatchObject({ model: { id: expect.any(String) }, context_window: expect.any(Object) });
    // API-key billing: no rate_limits, so the row has no usage meters (docs/usage-meters.md).
    expect(row.usage ?? []).toEqual([]);
  }, 90_000);
});
