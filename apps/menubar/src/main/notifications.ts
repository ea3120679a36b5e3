// Notifications for the policy's notices. Every shown notification stays referenced until it closes
// (a collected one loses its click). Electron 42+ on macOS delivers nothing from an unsigned build
// and may say so with `failed`: from then on the tray and the popup carry the news instead, and the
// user is told once. An approval whose request the engine holds carries Allow / Deny buttons where
// the platform shows them (macOS: a signed build with alert-style notifications,
// docs/answering.md#from-the-popup-and-notifications); a click on the body still jumps to the pane.
import type { Notice } from "@mytty-bar/engine";
import { ANSWER_TEXT } from "../view-model/answer.js";

/** The Notification methods we use (Electron's Notification satisfies it). */
export interface NotificationLike {
  show(): void;
  on(event: "click", listener: () => void): unknown;
  on(event: "close", listener: () => void): unknown;
  on(event: "failed", listener: (event: unknown, error: string) => void): unknown;
  /** macOS: one of `actions` was clicked; `index` is its position. */
  on(event: "action", listener: (event: unknown, index: number) => void): unknown;
}

export interface NotificationAction {
  type: "button";
  text: string;
}

export interface NotificationOptions {
  title: string;
  body: string;
  silent: boolean;
  actions?: NotificationAction[];
}

export interface NotificationFactory {
  isSupported(): boolean;
  /** Whether this platform shows action buttons at all (Electron: macOS only). */
  actionsSupported?(): boolean;
  create(options: NotificationOptions): NotificationLike;
}

/** The buttons of an answerable approval, in this order (the first is macOS's primary button). */
export const APPROVAL_ACTIONS = [
  { decision: "allow", action: { type: "button", text: ANSWER_TEXT.notificationAllow } },
  { decision: "deny", action: { type: "button", text: ANSWER_TEXT.notificationDeny } },
] as const satisfies readonly { decision: "allow" | "deny"; action: NotificationAction }[];

export interface NotificationDeps {
  factory: NotificationFactory;
  /** Clicked: bring the agent's pane forward. */
  onClick(notice: Notice): void;
  /** Could not be shown: highlight the tray and open the popup. */
  onFallback(notice: Notice): void;
  /** Called once, the first time notifications turn out to be unavailable. */
  onUnavailable(reason: string): void;
  /** The id of the held request a notice can be answered for (approvals only), if any. */
  heldRequest?(notice: Notice): string | undefined;
  /** Allow or Deny was clicked on the notification of that request. */
  onAnswer?(notice: Notice, requestId: string, decision: "allow" | "deny"): void;
}

export interface Notifier {
  show(notice: Notice): void;
  /** How many notifications are held (shown and not yet closed). */
  live(): number;
  unavailable(): boolean;
}

export function setupNotifications(deps: NotificationDeps): Notifier {
  const live = new Map<string, NotificationLike>();
  let broken: string | undefined = deps.factory.isSupported()
    ? undefined
    : "this system does not support notifications";
  let told = false;

  const markBroken = (reason: string) => {
    broken ??= reason;
    if (!told) {
      told = true;
      deps.onUnavailable(broken);
    }
  };

  return {
    show(notice) {
      if (broken) {
        markBroken(broken);
        deps.onFallback(notice);
        return;
      }
      const requestId = deps.factory.actionsSupported?.() && deps.onAnswer ? deps.heldRequest?.(notice) : undefined;
      const options: NotificationOptions = {
        title: notice.title,
        body: notice.body,
        silent: notice.kind === "completion",
      };
      if (requestId) options.actions = APPROVAL_ACTIONS.map((a) => ({ ...a.action }));
      const n = deps.factory.create(options);
      live.set(notice.id, n);
      if (requestId)
        n.on("action", (_event, index) => {
          const chosen = APPROVAL_ACTIONS[index];
          if (!chosen) return; // not one of our buttons: answer nothing
          live.delete(notice.id);
          deps.onAnswer?.(notice, requestId, chosen.decision);
        });
      n.on("click", () => {
        live.delete(notice.id);
        deps.onClick(notice);
      });
      n.on("close", () => live.delete(notice.id));
      n.on("failed", (_event, error) => {
        live.delete(notice.id);
        markBroken(
          `macOS refused the notification (${error}); unsigned builds of Electron 42+ cannot show notifications`,
        );
        deps.onFallback(notice);
      });
      n.show();
    },
    live: () => live.size,
    unavailable: () => broken !== undefined,
  };
}
