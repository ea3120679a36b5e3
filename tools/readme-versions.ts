// `npm run readme:versions`: rewrites the README provider table's "versions checked" column from the
// pinned versions (packages/protocol agent-versions.ts). Only the table between the markers changes,
// re-padded the way prettier pads a markdown table so `format:check` stays clean.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AGENT_PINS, type AgentPin } from "@mytty-bar/protocol";

export const START = "<!-- versions-checked:start (npm run readme:versions) -->";
export const END = "<!-- versions-checked:end -->";
export const COLUMN = "versions checked";

export function versionsCell(pin: AgentPin): string {
  if (pin.version === null) return "fixtures only (not on npm)";
  return [pin.version, ...pin.alsoObserved].join(", ");
}

const splitRow = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());

function tableBounds(readme: string): { before: string; table: string[]; after: string } {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README has no "${START}" … "${END}" block around the provider table`);
  const head = readme.slice(0, start + START.length);
  const table = readme
    .slice(start + START.length, end)
    .split("\n")
    .filter((l) => l.trim().startsWith("|"));
  return { before: head, table, after: readme.slice(end) };
}

/** The table's rows (header and delimiter dropped) as { agent, cells } keyed by its first column. */
export function readTable(readme: string): { header: string[]; rows: string[][] } {
  const { table } = tableBounds(readme);
  const [header, , ...rows] = table.map(splitRow);
  if (!header?.includes(COLUMN)) throw new Error(`the README provider table has no "${COLUMN}" column`);
  return { header, rows };
}

/** The README with the versions column taken from `pins`; an agent the pins do not name is an error. */
export function rewriteReadme(readme: string, pins: readonly AgentPin[] = AGENT_PINS): string {
  const { before, after } = tableBounds(readme);
  const { header, rows } = readTable(readme);
  const col = header.indexOf(COLUMN);
  const next = rows.map((cells) => {
    const pin = pins.find((p) => p.agent === cells[0]);
    if (!pin) throw new Error(`README row "${cells[0]}" has no entry in packages/protocol/src/agent-versions.ts`);
    return cells.map((c, i) => (i === col ? versionsCell(pin) : c));
  });
  const all = [header, ...next];
  const widths = header.map((_, i) => Math.max(3, ...all.map((c) => (c[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  const delimiter = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return `${before}\n\n${[line(header), delimiter, ...next.map(line)].join("\n")}\n\n${after}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const path = fileURLToPath(new URL("../README.md", import.meta.url));
  const text = readFileSync(path, "utf8");
  const next = rewriteReadme(text);
  if (next !== text) writeFileSync(path, next);
  process.stdout.write(
    next === text ? "README.md: versions column already up to date\n" : "README.md: versions column rewritten\n",
  );
}
