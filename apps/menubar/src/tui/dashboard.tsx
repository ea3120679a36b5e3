// The ink dashboard: pure props → frame. State and keys live in TuiApp (app.tsx).
import { Box, Text } from "ink";
import { SETTING_RANGES, type AgentRow, type HeldRequest, type MeterDisplay, type Snapshot } from "@mytty-bar/engine";
import { contextLine } from "../view-model/context.js";
import { agoText, answerKeysText, TUI_TEXT, tuiKeysLine, VIEW } from "../messages.js";
import { usageLine } from "../view-model/usage.js";
import {
  agentName,
  formatElapsed,
  itemMessage,
  kindLabel,
  shortPath,
  stateLabel,
  tmuxServers,
  whereLabel,
  type TmuxServers,
} from "../view-model/model.js";
import { answeredLabel, requestLine } from "../view-model/answer.js";
import type { TuiRow } from "./model.js";

export interface DashboardProps {
  snapshot: Snapshot;
  rows: TuiRow[];
  selectedKey: string | undefined;
  now: number;
  status: string;
  /** The request the selected row holds, if any: the key line then names y / n / t. */
  answerable?: HeldRequest | undefined;
  /** Low-context threshold in force (0 = off). */
  lowContextPercent: number;
  /** Meters in "left" or "used" words, and the low-usage threshold (0 = off). */
  meters?: TuiMeters;
}

export interface TuiMeters {
  display: MeterDisplay;
  lowUsagePercent: number;
}

const DEFAULT_METERS: TuiMeters = { display: "left", lowUsagePercent: SETTING_RANGES.lowUsagePercent.default };

const STATE_COLOR: Record<string, string> = {
  running: "cyan",
  "waiting-approval": "yellow",
  "waiting-input": "yellow",
  failed: "red",
  disconnected: "red",
  succeeded: "green",
};

/** The held request under its row: tool, safe summary, time left, and the keys that answer it. */
function Held({ agent, now }: { agent: AgentRow | undefined; now: number }) {
  if (!agent?.request) return null;
  const keys = answerKeysText(agent.request.kind);
  return (
    <Text>
      {"      "}
      <Text color="yellow">{`⏸ ${requestLine(agent.request, now)}`}</Text>
      <Text dimColor>{`  ${keys}`}</Text>
    </Text>
  );
}

function Row({
  row,
  selected,
  now,
  lowContextPercent,
  meters,
  servers,
}: {
  row: TuiRow;
  selected: boolean;
  now: number;
  lowContextPercent: number;
  meters: TuiMeters;
  servers: TmuxServers;
}) {
  const mark = selected ? "›" : " ";
  switch (row.type) {
    case "heading":
      return (
        <Box marginTop={1}>
          <Text bold underline>
            {row.text}
          </Text>
        </Box>
      );
    case "place":
      return <Text dimColor>{`  ${row.text}`}</Text>;
    case "empty":
      return <Text dimColor>{`  ${row.text}`}</Text>;
    case "attention": {
      const where = row.agent ? whereLabel(row.agent, servers) : VIEW.agentGone;
      const age = formatElapsed(now - Date.parse(row.item.createdAt));
      return (
        <Box flexDirection="column">
          <Text inverse={selected}>
            {`${mark} `}
            <Text
              color={row.item.kind === "failure" ? "red" : row.item.kind === "completion" ? "green" : "yellow"}
              bold
            >
              {kindLabel(row.item.kind)}
            </Text>
            {` ${agentName(row.agent ?? row.item)} — ${itemMessage(row.item)} — ${where} · ${agoText(age)}`}
          </Text>
          <Held agent={row.agent} now={now} />
        </Box>
      );
    }
    case "agent": {
      const a = row.agent;
      const elapsed = formatElapsed(now - Date.parse(a.startedAt ?? a.updatedAt));
      const tail = [answeredLabel(a) ?? a.message ?? a.note, shortPath(a.cwd)].filter(Boolean).join(" — ");
      const context = contextLine(a, lowContextPercent, meters.display);
      const usage = usageLine(a, meters.display, meters.lowUsagePercent, now);
      return (
        <Box flexDirection="column">
          <Text inverse={selected}>
            {`${mark}   ${a.label ?? agentName(a)} `}
            <Text color={STATE_COLOR[a.state] ?? "white"}>{stateLabel(a.state)}</Text>
            {` ${elapsed}`}
            {context ? " · " : ""}
            {context ? (
              <Text color={context.low ? "yellow" : undefined} bold={context.low}>
                {context.low ? `⚠ ${context.text}` : context.text}
              </Text>
            ) : null}
            {usage?.meters.map((m) => (
              <Text key={m.text} color={m.low ? "yellow" : undefined} bold={m.low}>
                {` · ${m.low ? "⚠ " : ""}${m.text}`}
              </Text>
            ))}
            {tail ? ` — ${tail}` : ""}
          </Text>
          <Held agent={a} now={now} />
        </Box>
      );
    }
  }
}

export function Dashboard({
  snapshot,
  rows,
  selectedKey,
  now,
  status,
  answerable,
  lowContextPercent,
  meters = DEFAULT_METERS,
}: DashboardProps) {
  const servers = tmuxServers(snapshot.agents);
  return (
    <Box flexDirection="column">
      <Text bold>
        {"Mytty Bar "}
        <Text dimColor>
          {snapshot.tray.title || (snapshot.agents.length ? TUI_TEXT.allQuiet : TUI_TEXT.noAgentsRunning)}
        </Text>
      </Text>
      {rows.map((row, i) => (
        <Row
          key={"key" in row ? row.key : `${row.type}:${i}`}
          row={row}
          selected={"key" in row && row.key === selectedKey}
          now={now}
          lowContextPercent={lowContextPercent}
          meters={meters}
          servers={servers}
        />
      ))}
      <Box marginTop={1}>
        <Text dimColor>{tuiKeysLine(answerable)}</Text>
      </Box>
      {status ? <Text>{status}</Text> : null}
    </Box>
  );
}
