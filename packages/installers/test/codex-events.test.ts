// Codex hooks as Codex runs them: the timeouts it honours, and entries under events it never fires.
import { describe, expect, it } from "vitest";
import {
  CODEX_DISPATCHED_EVENTS,
  CODEX_EVENTS,
  codexSpec,
  installText,
  planHookJson,
  resolvePaths,
} from "@mytty-bar/installers";

const paths = resolvePaths({ env: { HOME: "/home/sam" }, platform: "linux" });
const none = () => undefined;

describe("Codex hooks.json", () => {
  it("writes SessionEnd and Interrupt with the 3 s Codex clamps them to, PermissionRequest past the longest hold, the rest with 5 s", () => {
    const written = JSON.parse(installText(null, codexSpec(paths))!) as {
      hooks: Record<string, { hooks: { timeout: number }[] }[]>;
    };
    const timeouts = Object.fromEntries(
      Object.entries(written.hooks).map(([event, groups]) => [event, groups[0]!.hooks[0]!.timeout]),
    );
    expect(timeouts).toEqual({
      SessionStart: 5,
      UserPromptSubmit: 5,
      PermissionRequest: 330,
      PostToolUse: 5,
      Stop: 5,
      PreToolUse: 5,
      Interrupt: 3,
      SessionEnd: 3,
    });
  });

  it("installs only events Codex dispatches", () => {
    expect(CODEX_EVENTS.filter((e) => !CODEX_DISPATCHED_EVENTS.includes(e))).toEqual([]);
  });

  it("knows the event list of Codex 0.169/0.171, which has no StopFailure", () => {
    expect([...CODEX_DISPATCHED_EVENTS].sort()).toEqual(
      [
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "PreCompact",
        "PostCompact",
        "SessionStart",
        "SessionEnd",
        "UserPromptSubmit",
        "SubagentStart",
        "SubagentStop",
        "Stop",
        "Interrupt",
        "PreModelRequest",
        "PostModelRequest",
      ].sort(),
    );
  });

  it("hooks PreToolUse for request_user_input only, and every tool's PostToolUse", () => {
    const written = JSON.parse(installText(null, codexSpec(paths))!) as {
      hooks: Record<string, { matcher?: string }[]>;
    };
    expect(written.hooks.PreToolUse!.map((g) => g.matcher)).toEqual(["^request_user_input$"]);
    expect(written.hooks.PostToolUse!.map((g) => g.matcher)).toEqual([undefined]);
  });

  it("calls an older install's StopFailure entry one that never runs, and fix takes it out", () => {
    const installed = JSON.parse(installText(null, codexSpec(paths))!) as { hooks: Record<string, unknown> };
    installed.hooks.StopFailure = installed.hooks.Stop;
    const old = JSON.stringify(installed, null, 2);
    const plan = planHookJson(codexSpec(paths), old, none);
    expect(plan.status).toBe("needs-repair");
    expect(plan.detail).toBe(
      "StopFailure: Codex does not fire StopFailure (not one of its hook events), so this entry never runs",
    );
    const fixed = JSON.parse(installText(old, codexSpec(paths))!) as { hooks: Record<string, unknown> };
    expect(Object.keys(fixed.hooks)).not.toContain("StopFailure");
    expect(planHookJson(codexSpec(paths), JSON.stringify(fixed, null, 2), none).status).toBe("installed");
  });

  it("repairs an older install whose SessionEnd asked for more than Codex runs", () => {
    const old = installText(null, codexSpec(paths))!.replace(
      /("SessionEnd": \[\s*\{\s*"hooks": \[\s*\{[^}]*"timeout": )3/,
      "$15",
    );
    expect(old).toContain('"timeout": 5');
    const plan = planHookJson(codexSpec(paths), old, none);
    expect(plan.status).toBe("needs-repair");
    expect(plan.detail).toBe("SessionEnd: entry differs (helper path, arguments or timeout)");
  });

  it("says so when an entry of ours sits under an event Codex does not fire", () => {
    const installed = JSON.parse(installText(null, codexSpec(paths))!) as { hooks: Record<string, unknown> };
    installed.hooks.Notification = installed.hooks.Stop;
    const plan = planHookJson(codexSpec(paths), JSON.stringify(installed, null, 2), none);
    expect(plan.status).toBe("needs-repair");
    expect(plan.detail).toBe(
      "Notification: Codex does not fire Notification (not one of its hook events), so this entry never runs",
    );
    const fixed = JSON.parse(installText(JSON.stringify(installed, null, 2), codexSpec(paths))!) as {
      hooks: Record<string, unknown>;
    };
    expect(Object.keys(fixed.hooks)).not.toContain("Notification");
  });
});
