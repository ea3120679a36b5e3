// Attention and agents sections: snapshot → DOM. Every row is focusable and names its actions.
import type { Snapshot } from "@mytty-bar/engine";
import type { IntegrationRow } from "../ipc/contract.js";
import {
  agentFor,
  agentName,
  formatElapsed,
  groupAgents,
  kindLabel,
  orderAttention,
  shortPath,
  stateLabel,
  whereLabel,
} from "../view-model/model.js";
import { contextLine } from "../view-model/context.js";
import { LOW_USAGE_PERCENT_DEFAULT, usageLine, type MeterDisplay } from "../view-model/usage.js";
import { copyableResume } from "../view-model/resume.js";
import { h } from "./dom.js";
import { hostLine } from "../view-model/hosts.js";

export interface Actions {
  jump(agentId: string): void;
  acknowledge(itemId: string): void;
  fix(provider: IntegrationRow["id"]): void;
  /** Copies a resume command through the bridge; resolves once main has written it. */
  copy(text: string): Promise<void>;
}

/** Providers whose missing hooks make attention states invisible: shown where Attention would be. */
export function hookHints(integrations: readonly IntegrationRow[] | undefined, snapshot: Snapshot): IntegrationRow[] {
  if (!integrations) return [];
  const present = new Set(snapshot.agents.map((a) => a.provider));
  return integrations.filter(
    (row) =>
      row.status !== "installed" && (row.id === "claude-code" || present.has(row.id) || row.status === "needs-repair"),
  );
}

function hintNode(row: IntegrationRow, actions: Actions): HTMLElement {
  const what =
    row.status === "needs-repair"
      ? "hooks need repair"
      : row.status === "invalid"
        ? "settings file cannot be parsed"
        : "hooks not installed";
  const fixable = row.status === "needs-repair" || row.status === "not-installed";
  return h(
    "div",
    { className: "hint", "data-hint": row.id },
    h("span", {}, `${row.name} ${what} — attention states need them`),
    fixable ? h("button", { type: "button", "data-action": "fix", onclick: () => actions.fix(row.id) }, "Fix") : null,
  );
}

export function renderAttention(
  snapshot: Snapshot,
  integrations: readonly IntegrationRow[] | undefined,
  now: number,
  actions: Actions,
): Node[] {
  const nodes: Node[] = [];
  const items = orderAttention(snapshot.attention);
  if (!items.some((i) => i.actionable))
    nodes.push(h("p", { className: "empty", "data-empty": "attention" }, "Nothing needs you."));
  for (const item of items) {
    const agent = agentFor(snapshot, item);
    const since = Date.parse(item.createdAt);
    const where = agent ? whereLabel(agent) : "agent gone";
    const jump = agent ? () => actions.jump(agent.id) : undefined;
    const ack = item.actionable ? () => actions.acknowledge(item.id) : undefined;
    nodes.push(
      h(
        "div",
        {
          className: `row attention${item.actionable ? "" : " resolved"}`,
          tabindex: 0,
          "data-row": "attention",
          "data-item": item.id,
          "data-agent": agent?.id,
          "aria-label": `${kindLabel(item.kind)}: ${agentName(agent ?? item)} ${item.message ?? ""}`,
        },
        h(
          "div",
          { className: "line1" },
          h("span", { className: `kind ${item.kind}` }, kindLabel(item.kind)),
          ` · ${agentName(agent ?? item)}`,
        ),
        h(
          "div",
          { className: "line2" },
          `${item.message ?? kindLabel(item.kind)} — ${where} · `,
          h("span", { "data-since": since }, `${formatElapsed(now - since)} ago`),
        ),
        h(
          "div",
          { className: "actions" },
          jump
            ? h("button", { type: "button", className: "primary", "data-action": "jump", onclick: jump }, "Jump")
            : null,
          ack
            ? h("button", { type: "button", "data-action": "acknowledge", onclick: ack }, "Acknowledge")
            : h("span", { className: "empty" }, item.acknowledgedAt ? "acknowledged" : "resolved"),
        ),
      ),
    );
  }
  for (const row of hookHints(integrations, snapshot)) nodes.push(hintNode(row, actions));
  return nodes;
}

/** "Copy resume" for an agent whose resume command is known; says "Copied" once main has it. */
function copyButton(command: string | undefined, actions: Actions): HTMLElement | null {
  if (command === undefined) return null;
  const button = h(
    "button",
    { type: "button", "data-action": "copy-resume", title: command, "aria-label": `Copy resume command: ${command}` },
    "Copy resume",
  );
  button.addEventListener(
    "click",
    () =>
      void actions.copy(command).then(
        () => (button.textContent = "Copied"),
        () => undefined,
      ),
  );
  return button;
}

/** Model and context left; a low-context warning is marked (⚠, colour) and explained in its tooltip. */
function contextNode(line: ReturnType<typeof contextLine>): HTMLElement | null {
  if (!line) return null;
  return h(
    "div",
    {
      className: `line3 context${line.low ? " low" : ""}`,
      "data-context": line.low ? "low" : "ok",
      title: line.warning ?? "",
    },
    line.low ? `⚠ ${line.text}` : line.text,
  );
}

/** Usage-limit meters ("5 h: 62 % left · resets 14:00"); a window below the low-usage threshold is marked. */
function usageNode(line: ReturnType<typeof usageLine>): HTMLElement | null {
  if (!line) return null;
  const meters = line.meters.map((m) =>
    h(
      "span",
      { className: `meter${m.low ? " low" : ""}`, "data-usage": m.low ? "low" : "ok" },
      m.low ? `⚠ ${m.text}` : m.text,
    ),
  );
  const parts = meters.flatMap((m, i) => (i === 0 ? [m] : [" · ", m]));
  return h(
    "div",
    { className: `line3 usage${line.warning ? " low" : ""}`, "data-meters": "usage", title: line.warning ?? "" },
    ...parts,
  );
}

export interface MeterSettings {
  display: MeterDisplay;
  lowUsagePercent: number;
}

export function renderAgents(
  snapshot: Snapshot,
  now: number,
  actions: Actions,
  lowContextPercent: number,
  meters: MeterSettings = { display: "left", lowUsagePercent: LOW_USAGE_PERCENT_DEFAULT },
): Node[] {
  const hosts = hostNodes(snapshot);
  if (snapshot.agents.length === 0) {
    return [
      ...hosts,
      h(
        "p",
        { className: "empty", "data-empty": "agents" },
        "No agents running. Start claude, codex, cursor-agent, opencode or gemini in any terminal.",
      ),
    ];
  }
  const groups = groupAgents(snapshot.agents).map((group) =>
    h(
      "div",
      { className: "group", "data-app": group.app },
      h("h3", {}, group.app),
      ...group.places.flatMap((place) => [
        h("div", { className: "place" }, place.place),
        ...place.agents.map((agent) => {
          const since = Date.parse(agent.startedAt ?? agent.updatedAt);
          const context = contextLine(agent, lowContextPercent, meters.display);
          const usage = usageLine(agent, meters.display, meters.lowUsagePercent, now);
          return h(
            "div",
            {
              className: "row agent",
              tabindex: 0,
              "data-row": "agent",
              "data-agent": agent.id,
              "aria-label": `${agentName(agent)} ${stateLabel(agent.state)} in ${group.app} ${place.place}${context?.low ? `, ${context.warning ?? ""}` : ""}${usage?.warning ? `, ${usage.warning}` : ""}`,
            },
            h(
              "div",
              { className: "line1" },
              `${agent.label ?? agentName(agent)} `,
              h("span", { className: `state ${agent.state}` }, stateLabel(agent.state)),
              " · ",
              h("span", { "data-since": since }, formatElapsed(now - since)),
            ),
            h(
              "div",
              { className: "line2", title: agent.cwd ?? "" },
              [agent.message ?? agent.note, shortPath(agent.cwd)].filter(Boolean).join(" — ") || agentName(agent),
            ),
            contextNode(context),
            usageNode(usage),
            h(
              "div",
              { className: "actions" },
              copyButton(copyableResume(agent), actions),
              h("button", { type: "button", "data-action": "jump", onclick: () => actions.jump(agent.id) }, "Jump"),
            ),
          );
        }),
      ]),
    ),
  );
  return [...hosts, ...groups];
}

/** One line per watched host whose link is not up: what is wrong and the command that fixes it. */
function hostNodes(snapshot: Snapshot): Node[] {
  return (snapshot.hosts ?? [])
    .filter((host) => host.state !== "connected" || host.helperMissing === true)
    .map((host) => h("div", { className: "hint", "data-host": host.host }, h("span", {}, hostLine(host))));
}
