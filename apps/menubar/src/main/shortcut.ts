// The global shortcut that jumps to the most urgent agent. Re-applied whenever the setting changes.

export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface ShortcutResult {
  accelerator: string | null;
  ok: boolean;
  /** Why it is not active, for the popup. */
  problem?: string;
}

export function setupShortcut(
  globalShortcut: GlobalShortcutLike,
  onTrigger: () => void,
): (accelerator: string | null) => ShortcutResult {
  let current: string | null = null;
  return (accelerator) => {
    if (accelerator === current) return { accelerator, ok: true };
    if (current) globalShortcut.unregister(current);
    current = null;
    if (!accelerator) return { accelerator: null, ok: true };
    let ok = false;
    try {
      ok = globalShortcut.register(accelerator, onTrigger);
    } catch {
      ok = false; // Electron throws on a malformed accelerator.
    }
    if (!ok)
      return { accelerator, ok, problem: `${accelerator} could not be registered (malformed, or another app owns it)` };
    current = accelerator;
    return { accelerator, ok };
  };
}
