import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AGENT_PINS, type AgentPin } from "@mytty-bar/protocol";
import { COLUMN, END, START, readTable, rewriteReadme, versionsCell } from "../tools/readme-versions.js";

const README = fileURLToPath(new URL("../README.md", import.meta.url));

describe("README's versions checked column", () => {
  it("agrees with packages/protocol/src/agent-versions.ts (fix: npm run readme:versions)", () => {
    const { header, rows } = readTable(readFileSync(README, "utf8"));
    const col = header.indexOf(COLUMN);
    expect(rows.map((r) => [r[0], r[col]])).toEqual(AGENT_PINS.map((p) => [p.agent, versionsCell(p)]));
  });

  it("is rewritten only inside the markers, padded as prettier pads it", () => {
    const pins: AgentPin[] = [
      {
        agent: "Codex",
        targets: ["codex"],
        provider: "codex",
        npm: "@openai/codex",
        bin: "codex",
        version: "0.172.0",
        alsoObserved: ["0.171.0"],
      },
    ];
    const readme = [
      "# t",
      "| agent | versions checked |",
      START,
      "",
      "| agent | install | versions checked |",
      "| ----- | ------- | ---------------- |",
      "| Codex | `x`     | 0.1              |",
      "",
      END,
      "tail",
      "",
    ].join("\n");
    expect(rewriteReadme(readme, pins)).toBe(
      [
        "# t",
        "| agent | versions checked |",
        START,
        "",
        "| agent | install | versions checked |",
        "| ----- | ------- | ---------------- |",
        "| Codex | `x`     | 0.172.0, 0.171.0 |",
        "",
        END,
        "tail",
        "",
      ].join("\n"),
    );
  });

  it("names the fix when the markers or a pin are missing", () => {
    expect(() => rewriteReadme("# no table\n")).toThrow(`README has no "${START}"`);
    const unknown = `${START}\n\n| agent | versions checked |\n| --- | --- |\n| Zed | 1 |\n\n${END}\n`;
    expect(() => rewriteReadme(unknown)).toThrow(
      'README row "Zed" has no entry in packages/protocol/src/agent-versions.ts',
    );
  });
});
