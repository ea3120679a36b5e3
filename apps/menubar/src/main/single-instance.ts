// One Mytty Bar at a time: a second launch hands over to the first (which shows its popup) and quits.
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  on(event: "second-instance", listener: () => void): unknown;
  quit(): void;
}

/** Returns false when another instance owns the lock; this one is then quitting. */
export function setupSingleInstance(app: SingleInstanceApp, onSecondInstance: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on("second-instance", onSecondInstance);
  return true;
}
