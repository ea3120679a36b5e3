// Integrations (doctor status, diff preview, one-click Fix) and settings: both only call the bridge.
import type { Settings, SettingsPatch } from "@mytty-bar/engine";
import type { IntegrationRow } from "../ipc/contract.js";
import { h } from "./dom.js";

const STATUS_TEXT: Record<IntegrationRow["status"], string> = {
  installed: "Installed",
  "needs-repair": "Needs repair",
  "not-installed": "Not installed",
  invalid: "Invalid",
  crashed: "Check crashed",
};

export interface IntegrationActions {
  diff(provider: IntegrationRow["id"]): Promise<string>;
  fix(provider: IntegrationRow["id"]): void;
  refresh(): void;
}

function diffNode(text: string): HTMLElement {
  const pre = h("pre", { className: "diff", "data-diff": "" });
  if (text.trim() === "") pre.append("No changes: the file already matches.");
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
  if (!rows) return [h("p", { className: "empty" }, "Checking hooks…")];
  if (rows.length === 0) return [h("p", { className: "empty" }, "No providers known.")];
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
        h("span", { className: `badge ${row.status}` }, STATUS_TEXT[row.status]),
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
                (error: unknown) =>
                  slot.replaceChildren(h("p", { className: "empty" }, `Diff failed: ${String(error)}`)),
              );
            },
          },
          "Diff",
        ),
        fixable
          ? h(
              "button",
              { type: "button", className: "primary", "data-action": "fix", onclick: () => actions.fix(row.id) },
              "Fix",
            )
          : null,
      ),
      slot,
    );
  });
  return [
    ...list,
    h("button", { type: "button", "data-action": "refresh", onclick: () => actions.refresh() }, "Check again"),
  ];
}

type Change = (patch: SettingsPatch) => void;

function checkbox(label: string, checked: boolean, name: string, onChange: (value: boolean) => void): HTMLElement {
  const input = h("input", { type: "checkbox", name, checked });
  input.addEventListener("change", () => onChange(input.checked));
  return h("label", {}, input, label);
}

function numberField(
  label: string,
  value: number,
  name: string,
  min: number,
  max: number,
  onChange: (value: number) => void,
): HTMLElement {
  const input = h("input", { type: "number", name, value, min, max, step: 1 });
  input.addEventListener("change", () => {
    const n = Number(input.value);
    if (Number.isFinite(n) && n >= min && n <= max) onChange(n);
  });
  return h("label", {}, label, input);
}

export function renderSettings(settings: Settings | undefined, change: Change): Node[] {
  if (!settings) return [h("p", { className: "empty" }, "Loading settings…")];
  const n = settings.notifications;
  const language = h(
    "select",
    { name: "pointerLanguage" },
    h("option", { value: "en" }, "English"),
    h("option", { value: "ja" }, "日本語"),
  );
  language.value = settings.pointerLanguage;
  language.addEventListener("change", () => change({ pointerLanguage: language.value === "ja" ? "ja" : "en" }));
  const shortcut = h("input", {
    type: "text",
    name: "globalShortcut",
    value: settings.globalShortcut,
    placeholder: "none",
    "aria-label": "Jump shortcut",
  });
  shortcut.addEventListener("change", () => change({ globalShortcut: shortcut.value.trim() }));
  return [
    h(
      "form",
      { className: "settings", onsubmit: (e: Event) => e.preventDefault() },
      h(
        "fieldset",
        {},
        h("legend", {}, "Notify me about"),
        checkbox("Approval requests", n.approval, "notify-approval", (v) => change({ notifications: { approval: v } })),
        checkbox("Input requests", n.input, "notify-input", (v) => change({ notifications: { input: v } })),
        checkbox("Failures", n.failure, "notify-failure", (v) => change({ notifications: { failure: v } })),
        checkbox("Completions", n.completion, "notify-completion", (v) => change({ notifications: { completion: v } })),
        numberField(
          "…after working at least (minutes)",
          settings.completionThresholdMinutes,
          "completionThresholdMinutes",
          0,
          1440,
          (v) => change({ completionThresholdMinutes: v }),
        ),
      ),
      h(
        "fieldset",
        {},
        h("legend", {}, "General"),
        checkbox("Keep the Mac awake while agents run", settings.preventSleep, "preventSleep", (v) =>
          change({ preventSleep: v }),
        ),
        numberField(
          "Warn when context left is below (%, 0 = off)",
          settings.lowContextPercent,
          "lowContextPercent",
          0,
          100,
          (v) => change({ lowContextPercent: v }),
        ),
        checkbox("Meters show the share used (not left)", settings.meterDisplay === "used", "meterDisplay", (v) =>
          change({ meterDisplay: v ? "used" : "left" }),
        ),
        numberField(
          "Warn when a usage limit left is below (%, 0 = off)",
          settings.lowUsagePercent,
          "lowUsagePercent",
          0,
          100,
          (v) => change({ lowUsagePercent: v }),
        ),
        checkbox(
          "Claude Code usage limits via its status line (applied by mytty-doctor install)",
          settings.claudeStatusLine,
          "claudeStatusLine",
          (v) => change({ claudeStatusLine: v }),
        ),
        numberField(
          "Look for agents every (seconds)",
          settings.pollIntervalSeconds,
          "pollIntervalSeconds",
          1,
          60,
          (v) => change({ pollIntervalSeconds: v }),
        ),
        h("label", {}, "Pointer language", language),
        checkbox("Launch at login", settings.launchAtLogin, "launchAtLogin", (v) => change({ launchAtLogin: v })),
        h("label", {}, "Jump shortcut", shortcut),
        // Read-only here: `mytty-bar remote add|remove` edits the list (docs/remote.md#watching-a-host).
        h(
          "p",
          { className: "remotes", "data-setting": "remotes" },
          (settings.remotes ?? []).length > 0
            ? `Watched hosts: ${settings.remotes.join(", ")} (change with \`mytty-bar remote add|remove\`)`
            : "No watched hosts (add one with `mytty-bar remote add <destination>`)",
        ),
      ),
    ),
  ];
}
