// Notifications for the policy's notices. Every shown notification stays referenced until it closes
// (a collected one loses its click). Electron 42+ on macOS delivers nothing from an unsigned build
// and may say so with `failed`: from then on the tray and the popup carry the news instead, and the
// user is told once.
import type { Notice } from "@mytty-bar/engine";

/** The Notification methods we use (Electron's Notification satisfies it). */
export interface NotificationLike {
  show(): void;
  on(event: "click", listener: () => void): unknown;
  on(event: "close", listener: () => void): unknown;
  on(event: "failed", listener: (event: unknown, error: string) => void): unknown;
}

export interface NotificationFactory {
  isSupported(): boolean;
  create(options: { title: string; body: string; silent: boolean }): NotificationLike;
}

export interface NotificationDeps {
  factory: NotificationFactory;
  /** Clicked: bring the agent's pane forward. */
  onClick(notice: Notice): void;
  /** Could not be shown: highlight the tray and open the popup. */
  onFallback(notice: Notice): void;
  /** Called once, the first time notifications turn out to be unavailable. */
  onUnavailable(reason: string): void;
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
      const n = deps.factory.create({ title: notice.title, body: notice.body, silent: notice.kind === "completion" });
      live.set(notice.id, n);
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
