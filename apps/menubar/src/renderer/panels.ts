// Integrations (doctor status, diff preview, one-click Fix) and settings: both only call the bridge.
import { SETTING_RANGES, type RangedSetting, type Settings, type SettingsPatch } from "@mytty-bar/engine/view";
import type { IntegrationRow } from "../ipc/contract.js";
import { diffFailedText, INTEGRATION_STATUS, SETTINGS_TEXT as T, VIEW, watchedHostsText } from "../messages.js";
import { h } from "./dom.js";

export interface IntegrationActions {
  diff(provider: IntegrationRow["id"]): Promise<string>;
  fix(provider: IntegrationRow["id"]): void;
  refresh(): void;
}

function diffNode(text: string): HTMLElement {
  const pre = h("pre", { className: "diff", "data-diff": "" });
  if (text.trim() === "") pre.append(VIEW.noChanges);
  for (const line of text.split("\n")) {
    const cls =
      line.startsWith("+") && !line.startsWith("+++")
        ? "add"
        : line.startsWith("-") && !line.startsWith("---")
          ? "del"
          : "";
    pre.append(cls ? h("span", { className: cls }, line) : line, "\n");
  }
  return pre;
}

export function renderIntegrations(rows: readonly IntegrationRow[] | undefined, actions: IntegrationActions): Node[] {
  if (!rows) return [h("p", { className: "empty" }, VIEW.checkingHooks)];
  if (rows.length === 0) return [h("p", { className: "empty" }, VIEW.noProviders)];
  const list = rows.map((row) => {
    const slot = h("div", { className: "diff-slot" });
    const fixable = row.status === "needs-repair" || row.status === "not-installed";
    return h(
      "div",
      { className: "row integration", "data-provider": row.id, tabindex: 0, "data-row": "integration" },
      h(
        "div",
        { className: "line1" },
        `${row.name} `,
        h("span", { className: `badge ${row.status}` }, INTEGRATION_STATUS[row.status]),
      ),
      h("div", { className: "line2", title: row.configPath ?? "" }, row.detail ?? row.configPath ?? ""),
      h(
        "div",
        { className: "actions" },
        h(
          "button",
          {
            type: "button",
            "data-action": "diff",
            onclick: () => {
              void actions.diff(row.id).then(
                (text) => slot.replaceChildren(diffNode(text)),
                (error: unknown) => slot.replaceChildren(h("p", { className: "empty" }, diffFailedText(String(error)))),
              );
            },
          },
          VIEW.diff,
        ),
        fixable
          ? h(
              "button",
              { type: "button", className: "primary", "data-action": "fix", onclick: () => actions.fix(row.id) },
              VIEW.fix,
            )
          : null,
      ),
      slot,
    );
  });
  return [
    ...list,
    h("button", { type: "button", "data-action": "refresh", onclick: () => actions.refresh() }, VIEW.checkAgain),
  ];
}

type Change = (patch: SettingsPatch) => void;

function checkbox(label: string, checked: boolean, name: string, onChange: (value: boolean) => void): HTMLElement {
  const input = h("input", { type: "checkbox", name, checked });
  input.addEventListener("change", () => onChange(input.checked));
  return h("label", {}, input, label);
}

/** A number setting, bounded as the engine's schema bounds it (SETTING_RANGES). */
function numberField(label: string, settings: Settings, name: RangedSetting, change: Change): HTMLElement {
  const { min, max } = SETTING_RANGES[name];
  const input = h("input", { type: "number", name, value: settings[name], min, max, step: 1 });
  input.addEventListener("change", () => {
    const n = Number(input.value);
    if (Number.isFinite(n) && n >= min && n <= max) change({ [name]: n });
  });
  return h("label", {}, label, input);
}

export function renderSettings(settings: Settings | undefined, change: Change): Node[] {
  if (!settings) return [h("p", { className: "empty" }, VIEW.loadingSettings)];
  const n = settings.notifications;
  const language = h(
    "select",
    { name: "pointerLanguage" },
    h("option", { value: "en" }, T.languages.en),
    h("option", { value: "ja" }, T.languages.ja),
  );
  language.value = settings.pointerLanguage;
  language.addEventListener("change", () => change({ pointerLanguage: language.value === "ja" ? "ja" : "en" }));
  const shortcut = h("input", {
    type: "text",
    name: "globalShortcut",
    value: settings.globalShortcut,
    placeholder: T.shortcutNone,
    "aria-label": T.shortcut,
  });
  shortcut.addEventListener("change", () => change({ globalShortcut: shortcut.value.trim() }));
  return [
    h(
      "form",
      { className: "settings", onsubmit: (e: Event) => e.preventDefault() },
      h(
        "fieldset",
        {},
        h("legend", {}, T.notifyLegend),
        checkbox(T.approval, n.approval, "notify-approval", (v) => change({ notifications: { approval: v } })),
        checkbox(T.input, n.input, "notify-input", (v) => change({ notifications: { input: v } })),
        checkbox(T.failure, n.failure, "notify-failure", (v) => change({ notifications: { failure: v } })),
        checkbox(T.completion, n.completion, "notify-completion", (v) => change({ notifications: { completion: v } })),
        numberField(T.completionThresholdMinutes, settings, "completionThresholdMinutes", change),
      ),
      h(
        "fieldset",
        {},
        h("legend", {}, T.generalLegend),
        checkbox(T.preventSleep, settings.preventSleep, "preventSleep", (v) => change({ preventSleep: v })),
        numberField(T.lowContextPercent, settings, "lowContextPercent", change),
        checkbox(T.meterUsed, settings.meterDisplay === "used", "meterDisplay", (v) =>
          change({ meterDisplay: v ? "used" : "left" }),
        ),
        numberField(T.lowUsagePercent, settings, "lowUsagePercent", change),
        checkbox(T.claudeStatusLine, settings.claudeStatusLine, "claudeStatusLine", (v) =>
          change({ claudeStatusLine: v }),
        ),
        numberField(T.pollIntervalSeconds, settings, "pollIntervalSeconds", change),
        h("label", {}, T.pointerLanguage, language),
        checkbox(T.launchAtLogin, settings.launchAtLogin, "launchAtLogin", (v) => change({ launchAtLogin: v })),
        h("label", {}, T.shortcut, shortcut),
        // Read-only here: `mytty-bar remote add|remove` edits the list (docs/remote.md#watching-a-host).
        h("p", { className: "remotes", "data-setting": "remotes" }, watchedHostsText(settings.remotes ?? [])),
      ),
    ),
  ];
}
