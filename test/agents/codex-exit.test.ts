// Quitting real Codex's default TUI does not end its session at once: the thread lives in the managed
// app-server daemon ("Disconnected from this task. Any running work continues."), which unloads it — and
// only then runs the SessionEnd hooks — once it has had no subscriber for `thread_unload_delay_secs`
// (60 s by default; docs/providers.md#codex, "Session end"). With the delay at 1 s
// (a user's setting) the row is disconnected right after the quit; with the default, a minute later.
import { afterAll, beforeAll, describe, it } from "vitest";
import { measured } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";

const AGENT = "codex";

describe("Codex 0.171: quitting the default TUI", () => {
  let codex: CodexWorld;
  beforeAll(async () => {
    codex = await CodexWorld.create({ config: { extra: ["thread_unload_delay_secs = 1"] } });
  }, 60_000);
  afterAll(async () => codex?.close(), 60_000);

  it("leaves the row disconnected once the daemon unloads the thread", async () => {
    const pane = await codex.start();
    await codex.submit(pane, "hello there");
    await pane.row((r) => r.state === "succeeded", "succeeded", 30_000);
    await pane.type("/quit");
    await new Promise((resolve) => setTimeout(resolve, 400));
    await pane.keys("Enter");
    // Its goodbye: "Disconnected from this task." and/or "To reconnect, run: codex resume <id>" (0.171
    // prints the first only while it still counts a turn as open; seen both ways under load).
    const quit = await pane.waitScreen(/Disconnected from this task|To reconnect, run:/, 10_000);
    const { at } = await pane.row((r) => r.state === "disconnected", "disconnected after /quit", 20_000);
    measured(AGENT, "exit", "quit→row disconnected", quit, at);
  }, 90_000);
});
