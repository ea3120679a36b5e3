// Allow / Deny on an approval's notification (fake Electron Notification factory, real controller): the
// buttons answer the held request as "notification", a click on the body still jumps to the pane.
import type { Notice } from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import type { Answer, AnswerResult, AnswerSource } from "../src/ipc/answer-types.js";
import { MenubarController, type Services } from "../src/main/controller.js";
import { PushQueue } from "../src/main/ipc.js";
import { setupNotifications, type NotificationFactory } from "../src/main/notifications.js";
import { busySnapshot, claudeApproval } from "./fixtures/snapshots.js";
import { FakeEngine } from "./helpers/fake-engine.js";
import { FakeNotification } from "./helpers/fake-notification.js";

/** The engine double, plus the answer operation, recording who answered what. */
class AnsweringEngine extends FakeEngine {
  answers: string[] = [];
  override answer(requestId: string, answer: Answer, by: AnswerSource): AnswerResult {
    this.answers.push(`${by}:${requestId}:${answer.decision}`);
    return { ok: true };
  }
}

const REQUEST = { id: "req-7", kind: "approval" as const, tool: "Bash", summary: "npm test", heldUntil: 0 };

function heldSnapshot() {
  const snapshot = busySnapshot();
  snapshot.agents = snapshot.agents.map((a) => (a.id === claudeApproval.id ? { ...a, request: REQUEST } : a));
  return snapshot;
}

const notice = (kind: Notice["kind"] = "approval"): Notice => ({
  id: `n-${kind}`,
  kind,
  title: "Claude Code needs approval",
  body: "api/ · iTerm2",
  agentId: claudeApproval.id,
  itemId: "ev-approval-1",
});

function wired(actions = true) {
  const log: string[] = [];
  const services = {
    focus: async () => ({ status: "exact", host: "iTerm2", detail: "" }),
    showPopup: () => void log.push("popup"),
    updateTray: () => ({ icon: "idle", title: null, tooltip: "" }),
    log: (m: string) => void log.push(`log:${m}`),
  } as unknown as Services;
  const controller = new MenubarController(services, new PushQueue());
  const engine = new AnsweringEngine(heldSnapshot(), controller.ports());
  controller.attach(engine);
  const made: FakeNotification[] = [];
  const factory: NotificationFactory = {
    isSupported: () => true,
    actionsSupported: () => actions,
    create: (o) => {
      const n = new FakeNotification(o);
      made.push(n);
      return n;
    },
  };
  // The same wiring main.ts does.
  const notifier = setupNotifications({
    factory,
    onClick: (n) => controller.jumpTo(n.agentId),
    onFallback: () => undefined,
    onUnavailable: () => undefined,
    heldRequest: (n) => controller.heldApproval(n),
    onAnswer: (_n, requestId, decision) => void controller.answer(requestId, { decision }, "notification"),
  });
  return { notifier, made, engine, log };
}

describe("notification actions", () => {
  it("puts Allow and Deny on a held approval and answers from the notification", () => {
    const { notifier, made, engine } = wired();
    notifier.show(notice());
    expect(made[0]?.options).toEqual({
      title: "Claude Code needs approval",
      body: "api/ · iTerm2",
      silent: false,
      actions: [
        { type: "button", text: "Allow" },
        { type: "button", text: "Deny" },
      ],
    });
    made[0]?.emit("action", {}, 0);
    notifier.show({ ...notice(), id: "n-2" });
    made[1]?.emit("action", {}, 1);
    expect(engine.answers).toEqual(["notification:req-7:allow", "notification:req-7:deny"]);
    expect(notifier.live()).toBe(0);
  });

  it("still jumps to the pane on a click, and an unknown action index answers nothing", () => {
    const { notifier, made, engine } = wired();
    notifier.show(notice());
    made[0]?.emit("action", {}, 7);
    made[0]?.emit("click", {});
    expect(engine.answers).toEqual([]);
    expect(engine.calls).toEqual([`focus:${claudeApproval.id}`]);
  });

  it("offers no buttons where the platform shows none, for a request nobody holds, or for other kinds", () => {
    const off = wired(false);
    off.notifier.show(notice());
    expect(off.made[0]?.options.actions).toBeUndefined();

    const on = wired(true);
    on.notifier.show(notice("input"));
    on.engine.publish(busySnapshot()); // the hold ended: the row has no request any more
    on.notifier.show({ ...notice(), id: "n-late" });
    expect(on.made.map((n) => n.options.actions)).toEqual([undefined, undefined]);
  });

  it("logs a refused answer and never throws without an engine", () => {
    const log: string[] = [];
    const controller = new MenubarController(
      { log: (m: string) => void log.push(m) } as unknown as Services,
      new PushQueue(),
    );
    expect(controller.answer("req-1", { decision: "allow" }, "notification")).toEqual({
      ok: false,
      reason: "unknown",
      message: "the engine is not running",
    });
    expect(log).toEqual(["Answer to req-1 from the notification refused: the engine is not running"]);
  });
});
