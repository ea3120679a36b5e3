// The popup's answer channel: only our popup may call it, and only with a request id and one of the four
// answer shapes; the controller hands it to the engine as the popup's answer.
import { describe, expect, it } from "vitest";
import type { Answer, AnswerResult, AnswerSource } from "../src/ipc/answer-types.js";
import { MenubarController, type Services } from "../src/main/controller.js";
import { popupSenderCheck, PushQueue, setupIpc, type InvokeEventLike } from "../src/main/ipc.js";
import { APP_ORIGIN } from "../src/main/protocol.js";
import { busySnapshot } from "./fixtures/snapshots.js";
import { FakeEngine } from "./helpers/fake-engine.js";

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown;

class AnsweringEngine extends FakeEngine {
  answers: [string, Answer, AnswerSource][] = [];
  override answer(requestId: string, answer: Answer, by: AnswerSource): AnswerResult {
    this.answers.push([requestId, answer, by]);
    return requestId === "gone" ? { ok: false, reason: "expired", message: "the hold ended" } : { ok: true };
  }
}

function wired() {
  const handlers = new Map<string, Listener>();
  const ipcMain = { handle: (c: string, l: Listener) => void handlers.set(c, l), removeHandler: () => undefined };
  const services = {
    updateTray: () => ({ icon: "idle", title: null, tooltip: "" }),
    log: () => undefined,
  } as unknown as Services;
  const controller = new MenubarController(services, new PushQueue());
  const engine = new AnsweringEngine(busySnapshot(), controller.ports());
  controller.attach(engine);
  const popup = { id: "popup" };
  setupIpc(
    ipcMain,
    popupSenderCheck(() => popup, APP_ORIGIN),
    controller.handlers(),
  );
  const fromPopup: InvokeEventLike = { sender: popup, senderFrame: { url: `${APP_ORIGIN}/popup.html` } };
  const answer = (event: InvokeEventLike, ...args: unknown[]) => handlers.get("mytty:answer")!(event, ...args);
  return { engine, answer, fromPopup };
}

describe("the mytty:answer channel", () => {
  it("passes a valid answer to the engine as the popup's and returns the engine's result", async () => {
    const { engine, answer, fromPopup } = wired();
    expect(await answer(fromPopup, "req-1", { decision: "allow" })).toEqual({ ok: true });
    expect(await answer(fromPopup, "req-1", { decision: "option", label: "Keep" })).toEqual({ ok: true });
    expect(await answer(fromPopup, "gone", { decision: "deny" })).toEqual({
      ok: false,
      reason: "expired",
      message: "the hold ended",
    });
    expect(engine.answers).toEqual([
      ["req-1", { decision: "allow" }, "popup"],
      ["req-1", { decision: "option", label: "Keep" }, "popup"],
      ["gone", { decision: "deny" }, "popup"],
    ]);
  });

  it("refuses another sender and every malformed answer before the engine sees it", async () => {
    const { engine, answer, fromPopup } = wired();
    const stranger: InvokeEventLike = { sender: { id: "other" }, senderFrame: { url: `${APP_ORIGIN}/popup.html` } };
    await expect(async () => answer(stranger, "req-1", { decision: "allow" })).rejects.toThrow("unexpected sender");
    for (const bad of [
      ["req-1", { decision: "always" }],
      ["req-1", { decision: "allow", rule: "Bash(*)" }],
      ["req-1", { decision: "option" }],
      ["req-1", { decision: "option", label: "" }],
      ["", { decision: "allow" }],
      [42, { decision: "allow" }],
      ["x".repeat(257), { decision: "allow" }],
      ["req-1"],
      ["req-1", { decision: "deny", message: "m".repeat(1001) }],
    ])
      await expect(async () => answer(fromPopup, ...bad)).rejects.toThrow("refused mytty:answer: invalid arguments");
    expect(engine.answers).toEqual([]);
  });
});
