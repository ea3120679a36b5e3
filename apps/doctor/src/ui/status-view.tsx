// The interactive status view (TTY only, loaded lazily): flutter-doctor style marks in colour.
import { Box, Text, render } from "ink";
import type { Mark, ViewLine } from "../report.js";
import { MARKS } from "../report.js";

const COLORS: Record<Mark, string | undefined> = { ok: "green", partial: "yellow", missing: "red", crashed: "magenta", absent: undefined };

export function StatusView({ title, lines, footer }: { title: string; lines: readonly ViewLine[]; footer: readonly string[] }) {
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      <Text> </Text>
      {lines.map((l, i) => (
        <Box key={i} flexDirection="column">
          {/* A provider not on this machine is no problem: the whole line dim, no colour. */}
          <Text dimColor={l.mark === "absent"}>
            <Text color={COLORS[l.mark]}>{MARKS[l.mark]}</Text> {l.text}
          </Text>
          {l.notes.map((n, j) => (
            <Text key={j} dimColor={l.mark === "ok" || l.mark === "absent"}>
              {"    • "}
              {n}
            </Text>
          ))}
        </Box>
      ))}
      <Text> </Text>
      {footer.map((f, i) => (
        <Text key={i}>{f}</Text>
      ))}
    </Box>
  );
}

export async function renderStatusView(title: string, lines: readonly ViewLine[], footer: readonly string[]): Promise<void> {
  // A pty with no size yet (`script`, `docker exec -t` before its first resize) reports 0×0, and Ink
  // would then wrap after every character and redraw whole screens; 80×24 is what no size means.
  if (!process.stdout.columns) process.stdout.columns = 80;
  if (!process.stdout.rows) process.stdout.rows = 24;
  const app = render(<StatusView title={title} lines={lines} footer={footer} />);
  app.unmount();
  await app.waitUntilExit();
}
