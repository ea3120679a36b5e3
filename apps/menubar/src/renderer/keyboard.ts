// Keyboard: ↑/↓ (or j/k) move between rows, Enter jumps, A acknowledges, C copies an agent's resume
// command; Tab reaches every button too.
import type { Actions } from "./render.js";

const ROW = "[data-row]";

function rows(doc: Document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(ROW)].filter((el) => el.offsetParent !== null);
}

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
  );
}

export function installKeyboard(doc: Document, actions: Actions): void {
  doc.addEventListener("keydown", (event) => {
    if (typing(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
    const list = rows(doc);
    const current = (event.target as Element | null)?.closest?.(ROW) as HTMLElement | null;
    const index = current ? list.indexOf(current) : -1;
    const key = event.key;
    if (key === "ArrowDown" || key === "j") {
      list[Math.min(list.length - 1, index + 1)]?.focus();
      event.preventDefault();
    } else if (key === "ArrowUp" || key === "k") {
      list[Math.max(0, index - 1)]?.focus();
      event.preventDefault();
    } else if (key === "Enter" && current && event.target === current) {
      const agent = current.getAttribute("data-agent");
      if (agent) actions.jump(agent);
      event.preventDefault();
    } else if ((key === "a" || key === "A") && current) {
      const item = current.getAttribute("data-item");
      if (item && !current.classList.contains("resolved")) actions.acknowledge(item);
      event.preventDefault();
    } else if ((key === "c" || key === "C") && current) {
      // The row's own button, so the key and the click share the "Copied" feedback.
      current.querySelector<HTMLButtonElement>('[data-action="copy-resume"]')?.click();
      event.preventDefault();
    }
  });
}

/** A stable name for the focused element so focus survives a re-render. */
export function focusKey(el: Element | null): string | null {
  if (!el || el === document.body) return null;
  const row = el.closest(ROW);
  if (!row) return null;
  const id = row.getAttribute("data-item") ?? row.getAttribute("data-agent") ?? row.getAttribute("data-provider") ?? "";
  const action = el === row ? "" : (el.getAttribute("data-action") ?? "");
  return `${row.getAttribute("data-row") ?? ""}|${id}|${action}`;
}

export function restoreFocus(key: string | null): void {
  if (!key) return;
  const [kind, id, action] = key.split("|");
  for (const row of document.querySelectorAll<HTMLElement>(`[data-row="${kind ?? ""}"]`)) {
    const rowId =
      row.getAttribute("data-item") ?? row.getAttribute("data-agent") ?? row.getAttribute("data-provider") ?? "";
    if (rowId !== id) continue;
    const target = action ? row.querySelector<HTMLElement>(`[data-action="${action}"]`) : row;
    (target ?? row).focus();
    return;
  }
}
