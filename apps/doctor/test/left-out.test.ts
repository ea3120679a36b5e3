// `mytty-doctor agents --all`'s wording of what was left out (src/commands/agents/left-out.ts): here, on
// a host that left some out (more than it names, too), and on a host that cannot tell owners apart.
import { expect, it } from "vitest";
import type { LeftOutAgent } from "@mytty-bar/detect";
import { hostOwners, renderLeftOut } from "../src/commands/agents/left-out.js";

const agent = (pid: number, uid: number, provider: LeftOutAgent["provider"] = "claude-code"): LeftOutAgent => ({
  pid,
  uid,
  provider,
  tty: `pts/${pid % 10}`,
  executable: "claude",
});

it("names each left-out agent with its uid, and says when a host's owners are unknown", () => {
  const hosts = hostOwners([
    { host: "fine", state: "connected", since: "2026-12-02T10:00:00.000Z" },
    {
      host: "devbox",
      state: "connected",
      since: "2026-12-02T10:00:00.000Z",
      leftOut: { count: 3, agents: [agent(811, 1001), agent(905, 1002, "codex")] },
    },
    { host: "old", state: "connected", since: "2026-12-02T10:00:00.000Z", ownersUnknown: true },
  ]);
  expect(renderLeftOut([agent(4242, 502)], 501, hosts).split("\n")).toEqual([
    "Here: 1 agent process of another user left out: uid 502 (Claude Code, pid 4242, pts/2). Only uid 501's agents are shown and joined to hook events.",
    "On devbox: 3 agent processes of other users left out: uid 1001 (Claude Code, pid 811, pts/1), uid 1002 (Codex, pid 905, pts/5), and 1 more. Only the ssh user's agents are shown.",
    "On old: owners unknown (its ps lists no uid column, or `id -u` said nothing), so every user's agents there are shown.",
    "",
  ]);
  expect(renderLeftOut([], 501, [])).toBe(
    "Here: no agent processes of other users (only uid 501's agents are shown).\nWatched hosts: nothing left out.\n",
  );
});
