// A stand-in for Electron's Notification (the one thing these tests may fake): it records show() and the
// listeners setupNotifications adds, so a test can fire click, close, failed or action itself.
import type { NotificationLike, NotificationOptions } from "../../src/main/notifications.js";

export class FakeNotification implements NotificationLike {
  listeners = new Map<string, (...args: unknown[]) => void>();
  shown = false;
  constructor(readonly options: NotificationOptions) {}
  show() {
    this.shown = true;
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, listener as (...args: unknown[]) => void);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.(...args);
  }
}
