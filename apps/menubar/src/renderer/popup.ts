// The popup page: state from pushes, actions through window.myttyBar, nothing else reaches Electron.
import { SETTING_RANGES, type Settings, type SettingsPatch, type Snapshot } from "@mytty-bar/engine/view";
import type { Banner, IntegrationRow, MyttyBarBridge, Push } from "../ipc/contract.js";
import { formatElapsed } from "../view-model/model.js";
import { agoText, failedText, VIEW } from "../messages.js";
import { ANSWER_TEXT } from "../view-model/answer.js";
import { h, replaceBody } from "./dom.js";
import { renderIntegrations, renderSettings } from "./panels.js";
import { renderAgents, renderAttention, type Actions } from "./render.js";
import { installKeyboard, restoreFocus, focusKey } from "./keyboard.js";

declare global {
  interface Window {
    myttyBar: MyttyBarBridge;
  }
}

interface State {
  snapshot?: Snapshot;
  /** Page clock at the moment the snapshot arrived: elapsed times count from snapshot.at. */
  receivedAt: number;
  settings?: Settings;
  integrations?: IntegrationRow[];
  banners: Map<Banner["id"], Banner>;
}

const bridge = window.myttyBar;
const state: State = { receivedAt: performance.now(), banners: new Map() };

function now(): number {
  return state.snapshot ? Date.parse(state.snapshot.at) + (performance.now() - state.receivedAt) : Date.now();
}

function showBanner(banner: Banner): void {
  state.banners.set(banner.id, banner);
  renderBanners();
}

function fail(error: unknown): void {
  showBanner({ id: "error", text: failedText(error instanceof Error ? error.message : String(error)) });
}

const actions: Actions = {
  jump(agentId) {
    bridge.jump(agentId).then((outcome) => {
      if (outcome.status === "exact") state.banners.delete("focus");
      else state.banners.set("focus", { id: "focus", text: outcome.detail });
      renderBanners();
    }, fail);
  },
  acknowledge(itemId) {
    bridge.acknowledge(itemId).catch(fail);
  },
  copy(text) {
    return bridge.copyText(text).catch((error: unknown) => {
      fail(error);
      throw error;
    });
  },
  answer(requestId, answer) {
    bridge.answer(requestId, answer).then((result) => {
      if (!result.ok) showBanner({ id: "error", text: ANSWER_TEXT.refused(result.message) });
    }, fail);
  },
  fix(provider) {
    bridge.fixIntegration(provider).then((rows) => {
      state.integrations = rows;
      render();
    }, fail);
  },
};

function changeSettings(patch: SettingsPatch): void {
  bridge.setSettings(patch).then((settings) => {
    state.settings = settings;
    render();
  }, fail);
}

function renderBanners(): void {
  const box = document.getElementById("banners");
  box?.replaceChildren(
    ...[...state.banners.values()].map((b) =>
      h(
        "div",
        { className: "banner", "data-banner": b.id },
        b.text,
        " ",
        h(
          "button",
          { type: "button", "data-action": "dismiss", onclick: () => (state.banners.delete(b.id), renderBanners()) },
          VIEW.dismiss,
        ),
      ),
    ),
  );
}

function render(): void {
  const key = focusKey(document.activeElement);
  const snapshot = state.snapshot;
  const summary = document.getElementById("summary");
  if (summary)
    summary.textContent = !snapshot
      ? VIEW.waitingForEngine
      : snapshot.tray.title || (snapshot.agents.length ? VIEW.allQuiet : VIEW.noAgentsRunning);
  if (snapshot) {
    const t = now();
    replaceBody(document.getElementById("attention"), ...renderAttention(snapshot, state.integrations, t, actions));
    replaceBody(
      document.getElementById("agents"),
      ...renderAgents(
        snapshot,
        t,
        actions,
        state.settings?.lowContextPercent ?? SETTING_RANGES.lowContextPercent.default,
        {
          display: state.settings?.meterDisplay ?? "left",
          lowUsagePercent: state.settings?.lowUsagePercent ?? SETTING_RANGES.lowUsagePercent.default,
        },
      ),
    );
  }
  replaceBody(
    document.getElementById("integrations"),
    ...renderIntegrations(state.integrations, {
      diff: (provider) => bridge.diffIntegration(provider),
      fix: actions.fix,
      refresh: () => void bridge.refreshIntegrations().then((rows) => ((state.integrations = rows), render()), fail),
    }),
  );
  // Settings are rebuilt only when they change, so a half-typed value is not thrown away by a snapshot.
  const settingsBody = document.querySelector("#settings .body");
  if (settingsBody && settingsBody.getAttribute("data-for") !== JSON.stringify(state.settings ?? null)) {
    settingsBody.replaceChildren(...renderSettings(state.settings, changeSettings));
    settingsBody.setAttribute("data-for", JSON.stringify(state.settings ?? null));
  }
  renderBanners();
  restoreFocus(key);
}

function onPush(push: Push): void {
  switch (push.type) {
    case "snapshot":
      state.snapshot = push.snapshot;
      state.receivedAt = performance.now();
      break;
    case "settings":
      state.settings = push.settings;
      break;
    case "integrations":
      state.integrations = push.rows;
      break;
    case "banner":
      state.banners.set(push.banner.id, push.banner);
      break;
  }
  render();
}

function tick(): void {
  const t = now();
  for (const el of document.querySelectorAll<HTMLElement>("[data-since]")) {
    const since = Number(el.getAttribute("data-since"));
    const text = formatElapsed(t - since);
    el.textContent = el.closest(".attention") ? agoText(text) : text;
  }
}

// popup.html's fixed words come from messages.ts too: each element names its entry in data-text.
for (const el of document.querySelectorAll<HTMLElement>("[data-text]")) {
  const key = el.getAttribute("data-text") as keyof typeof VIEW;
  if (key in VIEW) el.textContent = VIEW[key];
}
document.getElementById("quit")?.addEventListener("click", () => void bridge.quit());
installKeyboard(document, actions);
bridge.onPush(onPush);
render();
setInterval(tick, 1000);
void bridge.ready();
