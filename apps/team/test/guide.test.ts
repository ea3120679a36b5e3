// The guide names only commands that exist: every `mytty-team …` line of its code blocks is parsed
// by the real commander program (hooks stop each one right before its action runs).
import { guideText, resolvePaths, teamGuide } from "@mytty-bar/installers";
import { Command, CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { registerCommands } from "../src/program.js";
import { guideCommandLines, shellWords } from "./helpers/guide-lines.js";
import { runTeam, testContext } from "./helpers/context.js";

const paths = resolvePaths({ env: { HOME: "/home/alex" }, platform: "linux" });

class Parsed extends Error {}

function program(): Command {
  // The program src/cli.ts parses with (cli.ts parses process.argv on import, so it cannot be imported).
  const p = new Command("mytty-team").exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  registerCommands(p, () => testContext({ HOME: "/home/alex" }).ctx);
  p.hook("preAction", () => {
    throw new Parsed();
  });
  return p;
}

async function parses(words: string[]): Promise<string> {
  try {
    await program().parseAsync(words, { from: "user" });
    return "ran without reaching an action";
  } catch (error) {
    if (error instanceof Parsed) return "ok";
    if (error instanceof CommanderError) return error.message;
    throw error;
  }
}

describe("orchestration guide", () => {
  const lines = guideCommandLines(teamGuide(paths));

  it("has the staged example: investigators, implementer, reviewer, a worker's status", () => {
    expect(lines.filter((l) => l.startsWith("mytty-team spawn ")).map((l) => /--label (\S+)/.exec(l)?.[1])).toEqual([
      "scout-api",
      "scout-tests",
      "implementer",
      "reviewer",
    ]);
    expect(lines).toContain('mytty-team status "tests written, running them"');
  });

  it("names the absolute guide path, the control socket, and the Codex sandbox rule", () => {
    const text = teamGuide(paths);
    expect(text).toContain("/home/alex/.local/share/mytty-bar/mytty-team.md");
    expect(text).toContain("/home/alex/.local/share/mytty-bar/control.sock");
    expect(text).toMatch(/Codex's sandbox refuses connections to Unix sockets/);
  });

  it.each(lines)("parses: %s", async (line) => {
    expect(await parses(shellWords(line).slice(1))).toBe("ok");
  });

  it("rejects a command the program does not have (the check can fail)", async () => {
    expect(await parses(["spawn", "--provider", "emacs", "--task", "x"])).toMatch(
      /Allowed choices are claude-code, codex/,
    );
    expect(await parses(["teleport", "x"])).toMatch(/unknown command/);
    expect(await parses(["wait", "scout", "--until", "done"])).toMatch(
      /Allowed choices are running, attention, completed/,
    );
  });

  it("`mytty-team guide` prints exactly the installed guide text", async () => {
    const env = { HOME: "/home/alex" };
    expect(await runTeam(["guide"], env)).toEqual({ code: 0, stdout: guideText(resolvePaths({ env })), stderr: "" });
  });
});
