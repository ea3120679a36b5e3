// `mytty-doctor status --verbose`: the other tools' entries in the files we manage, each with its owner
// (packages/installers/src/neighbour-facts.ts), the events two tools alert on, and the tools that also
// answer approvals. On a settings.json shaped as six tools' installers write it (claude-code/neighbours-six-tools.json).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { duplicateNotifiers, foreignHandlers, ownerOf } from "@mytty-bar/installers";
import { testHome } from "./harness.js";

interface Verbose {
  neighbours: {
    path: string;
    foreign: { event: string; owner?: string; command: string }[];
    duplicates: { event: string; owners: string[] }[];
    approvalHolders: string[];
  }[];
}

describe("status --verbose", () => {
  it("names each other tool, flags the doubled alerts and the tools that also answer approvals", (t) => {
    const h = testHome(t);
    const before = h.put(h.claude, "claude-code/neighbours-six-tools.json");
    expect(h.run("install", "claude-code", "--no-pointers").code).toBe(0);
    const { value } = h.json<Verbose>("status", "--json", "--verbose");
    const claude = value.neighbours.find((n) => n.path === h.claude)!;
    const owners = [...new Set(claude.foreign.map((f) => f.owner ?? "?"))].sort();
    expect(owners).toEqual([
      "?",
      "CodeIsland",
      "Open Island",
      "agent-notifications",
      "cc-status-bar",
      "clawd-on-desk",
      "peon-ping",
    ]);
    expect(claude.foreign.find((f) => f.owner === undefined)).toMatchObject({
      event: "PreToolUse",
      command: "python3 ~/bin/audit-bash.py",
    });
    expect(claude.duplicates).toEqual([
      { event: "Notification", owners: ["Mytty Bar", "Open Island", "cc-status-bar", "peon-ping"] },
      { event: "PermissionRequest", owners: ["Mytty Bar", "Open Island", "clawd-on-desk"] },
      { event: "Stop", owners: ["Mytty Bar", "CodeIsland", "agent-notifications", "clawd-on-desk"] },
    ]);
    expect(claude.approvalHolders).toEqual(["Open Island", "clawd-on-desk"]);

    const text = h.run("status", "--verbose").stdout;
    expect(text).toContain("Other tools in these files:");
    expect(text).toContain("    Open Island: Notification, PermissionRequest");
    expect(text).toContain("    not recognised: python3 ~/bin/audit-bash.py: PreToolUse");
    expect(text).toContain(
      "[!] Notification: Mytty Bar, Open Island, cc-status-bar and peon-ping each alert on it, so you get 4 alerts every time.",
    );
    expect(text).toContain("[!] PermissionRequest: Open Island and clawd-on-desk also hold approvals");
    // Read only: the user's file is exactly what install left, and without --verbose nothing is listed.
    expect(h.run("status").stdout).not.toContain("Other tools");
    expect(h.run("uninstall", "claude-code").code).toBe(0);
    expect(readFileSync(h.claude)).toEqual(before);
  });
});

describe("the recognisers", () => {
  it("tell an exec-form or HTTP hook's owner, and never count our own helper", () => {
    expect(ownerOf("'/x/VibeIsland/bin/VibeIslandHooks' --source claude")?.name).toBe("Vibe Island");
    expect(ownerOf("cmux hooks claude notification")?.name).toBe("cmux");
    expect(ownerOf("/bin/echo done")).toBeUndefined();
    const root = {
      hooks: {
        stop: [
          { command: "/home/u/.local/share/mytty-bar/bin/mytty-bar-hook", args: ["cursor"] },
          { command: "terminal-notifier", args: ["-message", "done"] },
        ],
      },
    };
    const foreign = foreignHandlers(root, "flat");
    expect(foreign).toEqual([
      {
        event: "stop",
        command: "terminal-notifier -message done",
        owner: "terminal-notifier (a script)",
        notifies: true,
      },
    ]);
    expect(duplicateNotifiers(foreign, true)).toEqual([
      { event: "stop", owners: ["Mytty Bar", "terminal-notifier (a script)"] },
    ]);
    expect(duplicateNotifiers(foreign, false)).toEqual([]);
  });
});
