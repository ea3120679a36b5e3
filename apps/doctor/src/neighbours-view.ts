// `mytty-doctor status --verbose`: the other tools' entries in the hook files we manage, whose each one
// is, and where two tools will alert (or answer) for the same event.
import type { NeighbourReport } from "@mytty-bar/installers";

const home = (file: string, homeDir: string | undefined) =>
  homeDir && file.startsWith(`${homeDir}/`) ? `~${file.slice(homeDir.length)}` : file;

/** The section's lines; empty when no managed file holds another tool's entry. */
export function neighbourLines(reports: readonly NeighbourReport[], homeDir?: string): string[] {
  const shown = reports.filter((r) => r.foreign.length > 0);
  if (shown.length === 0) return [];
  const lines = ["", "Other tools in these files:"];
  for (const r of shown) {
    lines.push(`  ${home(r.path, homeDir)}`);
    const byOwner = new Map<string, Set<string>>();
    for (const f of r.foreign) {
      const who = f.owner ?? `not recognised: ${f.command.length > 60 ? `${f.command.slice(0, 59)}…` : f.command}`;
      byOwner.set(who, (byOwner.get(who) ?? new Set()).add(f.event));
    }
    for (const [who, events] of byOwner) lines.push(`    ${who}: ${[...events].join(", ")}`);
    for (const d of r.duplicates)
      lines.push(
        `  [!] ${d.event}: ${joinNames(d.owners)} each alert on it, so you get ${d.owners.length} alerts every time. Turn the alert off in all but one of them.`,
      );
    if (r.approvalHolders.length > 0) {
      const many = r.approvalHolders.length > 1;
      lines.push(
        `  [!] PermissionRequest: ${joinNames(r.approvalHolders)} also ${many ? "hold approvals to answer them from their own windows" : "holds approvals to answer them from its own window"}: the first answer wins, and the agent waits for the slowest hook to return.`,
      );
    }
  }
  return lines;
}

function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
