// Attention and agents sections: snapshot → DOM. Every row is focusable and names its actions.
import { SETTING_RANGES, type MeterDisplay, type Snapshot } from "@mytty-bar/engine/view";
import type { IntegrationRow } from "../ipc/contract.js";
import {
  agentFor,
  agentName,
  formatElapsed,
  groupAgents,
  itemMessage,
  kindLabel,
  orderAttention,
  shortPath,
  stateLabel,
  tmuxServers,
  whereLabel,
} from "../view-model/model.js";
import { contextLine } from "../view-model/context.js";
import { usageLine } from "../view-model/usage.js";
import { copyableResume } from "../view-model/resume.js";
import { agentRowLabel, agoText, copyResumeLabel, hookHintText, VIEW } from "../messages.js";
import { h } from "./dom.js";
import { answerPanel, type AnswerActions } from "./answer.js";
import { hostLine } from "../view-model/hosts.js";

export interface Actions extends AnswerActions {
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
  const fixable = row.status === "needs-repair" || row.status === "not-installed";
  return h(
    "div",
    { className: "hint", "data-hint": row.id },
    h("span", {}, hookHintText(row.name, row.status)),
    fixable
      ? h("button", { type: "button", "data-action": "fix", onclick: () => actions.fix(row.id) }, VIEW.fix)
      : null,
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
  const servers = tmuxServers(snapshot.agents);
  if (!items.some((i) => i.actionable))
    nodes.push(h("p", { className: "empty", "data-empty": "attention" }, VIEW.nothingNeedsYou));
  for (const item of items) {
    const agent = agentFor(snapshot, item);
    const since = Date.parse(item.createdAt);
    const where = agent ? whereLabel(agent, servers) : VIEW.agentGone;
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
          `${itemMessage(item)} — ${where} · `,
          h("span", { "data-since": since }, agoText(formatElapsed(now - since))),
        ),
        h(
          "div",
          { className: "actions" },
          jump
            ? h("button", { type: "button", className: "primary", "data-action": "jump", onclick: jump }, VIEW.jump)
            : null,
          ack
            ? h("button", { type: "button", "data-action": "acknowledge", onclick: ack }, VIEW.acknowledge)
            : h("span", { className: "empty" }, item.acknowledgedAt ? VIEW.acknowledged : VIEW.resolved),
        ),
        item.actionable && item.kind.endsWith("-request") ? answerPanel(agent, actions) : null,
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
    { type: "button", "data-action": "copy-resume", title: command, "aria-label": copyResumeLabel(command) },
    VIEW.copyResume,
  );
  button.addEventListener(
    "click",
    () =>
      void actions.copy(command).then(
        () => (button.textContent = VIEW.copied),
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
  meters: MeterSettings = { display: "left", lowUsagePercent: SETTING_RANGES.lowUsagePercent.default },
): Node[] {
  const hosts = hostNodes(snapshot);
  if (snapshot.agents.length === 0) {
    return [...hosts, h("p", { className: "empty", "data-empty": "agents" }, VIEW.noAgentsHint)];
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
              "aria-label": agentRowLabel(agentName(agent), stateLabel(agent.state), group.app, place.place, [
                ...(context?.low ? [context.warning ?? ""] : []),
                ...(usage?.warning ? [usage.warning] : []),
              ]),
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
              h("button", { type: "button", "data-action": "jump", onclick: () => actions.jump(agent.id) }, VIEW.jump),
            ),
            answerPanel(agent, actions),
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
