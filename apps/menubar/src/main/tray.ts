// Tray presentation: the engine's TrayModel → which template icon, the macOS title, the tooltip.
import type { TrayModel } from "@mytty-bar/engine";
import { trayTooltip } from "../messages.js";

export type TrayIcon = TrayModel["icon"];

export interface TrayView {
  icon: TrayIcon;
  /** Text beside the icon; macOS only (null elsewhere, where the tooltip carries the counts). */
  title: string | null;
  tooltip: string;
}

export interface TrayState {
  model: TrayModel;
  /** Notifications cannot be shown: mark the title so attention is not missed. */
  notificationsUnavailable: boolean;
}

export function trayView({ model, notificationsUnavailable }: TrayState, platform: NodeJS.Platform): TrayView {
  const tooltip = trayTooltip(model.title);
  if (platform !== "darwin") return { icon: model.icon, title: null, tooltip };
  // Compact counts for the menu bar: "2" running, "2 · 1!" when one needs you.
  let title = "";
  if (model.needsYou > 0) title = `${model.running} · ${model.needsYou}!`;
  else if (model.running > 0) title = String(model.running);
  if (notificationsUnavailable && model.needsYou > 0) title = `⚠ ${title}`;
  return { icon: model.icon, title, tooltip };
}

/** The Tray methods we call (Electron's Tray satisfies it). */
export interface TrayLike<Image> {
  setImage(image: Image): void;
  setTitle(title: string, options?: { fontType?: "monospaced" | "monospacedDigit" }): void;
  setToolTip(toolTip: string): void;
}

/** Applies views to the tray, touching it only when something changed. */
export function setupTray<Image>(
  tray: TrayLike<Image>,
  icons: Record<TrayIcon, Image>,
  platform: NodeJS.Platform,
): (state: TrayState) => TrayView {
  let last: TrayView | undefined;
  return (state) => {
    const view = trayView(state, platform);
    if (last?.icon !== view.icon) tray.setImage(icons[view.icon]);
    if (view.title !== null && last?.title !== view.title) tray.setTitle(view.title, { fontType: "monospacedDigit" });
    if (last?.tooltip !== view.tooltip) tray.setToolTip(view.tooltip);
    last = view;
    return view;
  };
}
