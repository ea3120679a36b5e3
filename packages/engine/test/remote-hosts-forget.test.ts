// A host no longer watched (docs/remote.md#watching-a-host): its rows leave the list and the title at
// once — on `remote remove` while its link is still stopping, and at start for a host removed while no
// engine ran (rows restored from the event log) — instead of staying `running` until they age out.
import { describe, expect, it } from "vitest";
import { EngineCore } from "../src/core.js";
import { agentRows } from "../src/rows.js";
import { createRemoteHosts, type RemoteHostsDeps } from "../src/remote/hosts.js";
import { feed, payload, scanOf, spool, tmuxClaude } from "./helpers.js";

const t = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s));
const { claudeProc, claude, joined } = tmuxClaude();

/** A core holding one running claude on each of `hosts`. */
function coreWith(hosts: readonly string[]): EngineCore {
  const core = new EngineCore(300_000);
  for (const host of hosts) {
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0), host);
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 100 }), t(1), joined, host);
  }
  return core;
}

function hostsFor(core: EngineCore, published: { count: number }) {
  const deps: RemoteHostsDeps = {
    core,
    preparer: { prepare: () => Promise.reject(new Error("no file is expected")) },
    clock: () => t(2),
    commit: () => undefined,
    publish: () => void (published.count += 1),
    settle: () => Promise.resolve(),
    onError: () => undefined,
    pollSeconds: () => 2,
    answering: { ingested: () => undefined, holdSeconds: () => 0 },
    // The host is never reached: ssh here exits at once, as for a host that does not answer.
    env: { MYTTY_BAR_SSH: "exit 255 #" },
    tickMs: 60_000,
    backoffMs: { first: 60_000, cap: 60_000 },
  };
  return createRemoteHosts(deps);
}

// Never reached, the link reports the host down: its rows show `disconnected` until they go.
const rowHosts = (core: EngineCore) => agentRows(core).map((r) => r.host);

describe("a host no longer watched", () => {
  it("drops the host's rows as soon as it leaves the list, before its link has stopped", async () => {
    const core = coreWith(["devbox", "other"]);
    const published = { count: 0 };
    const hosts = hostsFor(core, published);
    hosts.sync(["devbox", "other"]);
    expect(rowHosts(core)).toEqual(["devbox", "other"]);
    const before = published.count;
    hosts.sync(["other"]);
    expect(rowHosts(core)).toEqual(["other"]);
    expect(published.count).toBeGreaterThan(before);
    expect(hosts.statuses().map((s) => s.host)).toEqual(["other"]);
    await hosts.stop();
  });

  it("drops rows restored for a host that was removed while no engine ran", async () => {
    const core = coreWith(["gone", "kept"]);
    const published = { count: 0 };
    const hosts = hostsFor(core, published);
    hosts.sync(["kept"]);
    expect(rowHosts(core)).toEqual(["kept"]);
    expect(published.count).toBeGreaterThan(0);
    await hosts.stop();
  });
});
