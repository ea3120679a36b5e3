// Pure edits: bizarre formatting survives byte for byte; ownership; the AGENTS.md block.
import { describe, expect, it } from "vitest";
import {
  agentsBlock,
  antigravityFiles,
  claudeCodeSpec,
  codexSpec,
  commandProgram,
  cursorSpec,
  geminiSpec,
  insertBlock,
  installText,
  parseHint,
  removalText,
  removeBlock,
  resolvePaths,
  runsOurHelper,
} from "@mytty-bar/installers";

const paths = resolvePaths({ env: { HOME: "/Users/alex" }, platform: "darwin" });

describe("JSON hook edits", () => {
  const bizarre = [
    '{"a":1}',
    "{ }",
    '{\n\n\n   "a"   :   [ 1,2 ,3 ]   ,\t"b":{}\n}\n\n',
    '/* lead */ {"hooks" : { "Stop" : [ ] } } // trail',
    '{\r\n\t"x": "\\u00e9\\ud83d\\ude00", "y": null\r\n}',
    '{\n      "deep": {"a": {"b": {"c": [1, {"d": 2}]}}}\n}',
  ];
  it.each(bizarre)("changes only our bytes and uninstall restores %j exactly", (text) => {
    // Comments: fine for Cursor and Gemini CLI; Claude Code would ignore the whole file, so it is never edited.
    const commented = text.includes("/*");
    if (commented) expect(installText(text, claudeCodeSpec(paths))).toBeUndefined();
    for (const spec of commented
      ? [cursorSpec(paths), geminiSpec(paths)]
      : [claudeCodeSpec(paths), cursorSpec(paths), geminiSpec(paths)]) {
      const after = installText(text, spec)!;
      expect(after).not.toBe(text);
      expect(installText(after, spec)).toBe(after);
      expect(removalText(after, spec, parseHint(text))).toBe(text);
    }
  });

  it("inserts with the file's indentation and line endings", () => {
    const after = installText('{\r\n\t"description": "opus"\r\n}', codexSpec(paths))!;
    expect(after).toBe(
      '{\r\n\t"description": "opus",\r\n\t"hooks": {\r\n' +
        codexSpec(paths)
          .events.map(
            (e) =>
              `\t\t"${e.name}": [\r\n\t\t\t{\r\n${e.matcher !== undefined ? `\t\t\t\t"matcher": ${JSON.stringify(e.matcher)},\r\n` : ""}\t\t\t\t"hooks": [\r\n\t\t\t\t\t{\r\n\t\t\t\t\t\t"type": "command",\r\n\t\t\t\t\t\t"command": ${JSON.stringify(`exec '${paths.helper}' codex${e.name === "PermissionRequest" ? " PermissionRequest" : ""}`)},\r\n\t\t\t\t\t\t"timeout": ${e.handler.timeout}\r\n\t\t\t\t\t}\r\n\t\t\t\t]\r\n\t\t\t}\r\n\t\t]`,
          )
          .join(",\r\n") +
        "\r\n\t}\r\n}",
    );
  });

  it("deletes a file we created once our entries are gone", () => {
    const created = installText(null, cursorSpec(paths))!;
    expect(created.startsWith('{\n  "version": 1,\n  "hooks": {')).toBe(true);
    expect(removalText(created, cursorSpec(paths), null)).toBeNull();
    // Without a backup we cannot know, so the file and Cursor's version key stay.
    expect(removalText(created, cursorSpec(paths), undefined)).toBe('{\n  "version": 1\n}\n');
  });
});

describe("ownership", () => {
  it.each([
    [{ command: `'${paths.helper}' claude-code` }, true],
    [{ command: `exec '${paths.helper}' claude-code` }, true],
    [{ command: "  exec\t/elsewhere/bin/mytty-bar-hook cursor stop" }, true],
    [{ command: "'/elsewhere/bin/mytty-bar-hook' codex" }, true],
    [{ command: "/elsewhere/bin/mytty-bar-hook", args: ["claude-code"] }, true],
    [{ command: '"/a b/mytty-bar-hook" cursor stop' }, true],
    [{ command: "/a\\ b/mytty-bar-hook cursor stop" }, true],
    [{ command: "'/Users/a/Library/Application Support/mytty/bin/mytty-agent-hook' claude-code" }, false],
    [{ command: "mytty-agent-hook", args: ["codex"] }, false],
    [{ command: "echo mytty-bar-hook" }, false],
    [{ command: "exec echo mytty-bar-hook" }, false],
    [{ command: "exec '/Users/a/Library/Application Support/mytty/bin/mytty-agent-hook' claude-code" }, false],
    [{ command: "execute /x/mytty-bar-hook codex" }, false],
    [{ command: "/x/mytty-bar-hook-old codex" }, false],
    [{ type: "command" }, false],
  ])("%j runs our helper: %s", (handler, ours) => {
    expect(runsOurHelper(handler)).toBe(ours);
  });

  it("reads the program of a shell command", () => {
    expect(commandProgram(`'/a'\\''b/x' y`, false)).toBe("/a'b/x");
    expect(commandProgram(`exec '/a b/x' y`, false)).toBe("/a b/x");
    expect(commandProgram("exec", true)).toBe("exec");
  });

  it("writes Claude Code, Codex and Cursor commands with `exec`, Antigravity's without", () => {
    const quoted = `'${paths.helper}'`;
    expect(claudeCodeSpec(paths).events.map((e) => e.handler.command)).toEqual(
      claudeCodeSpec(paths).events.map(
        (e) => `exec ${quoted} claude-code${e.name === "PermissionRequest" ? " PermissionRequest" : ""}`,
      ),
    );
    expect(new Set(codexSpec(paths).events.map((e) => e.handler.command))).toEqual(
      new Set([`exec ${quoted} codex`, `exec ${quoted} codex PermissionRequest`]),
    );
    expect(cursorSpec(paths).events.map((e) => e.handler.command)).toEqual(
      cursorSpec(paths).events.map((e) => `exec ${quoted} cursor ${e.name}`),
    );
    const agy = JSON.parse(antigravityFiles(paths)[1]!.text) as Record<
      string,
      Record<string, Array<{ command: string }>>
    >;
    expect(agy["mytty-bar"]!.Stop![0]!.command).toBe(`${quoted} antigravity Stop`);
  });
});

describe("AGENTS.md block", () => {
  const block = agentsBlock(paths, "en");
  it.each(["", "# T\n", "# T", "# T\r\n", "a\n\n<!-- mytty:pane-team:begin -->\nx\n<!-- mytty:pane-team:end -->"])(
    "insert then remove restores %j",
    (text) => {
      const after = insertBlock(text, block);
      expect(after).toContain(block.split("\n")[1]);
      expect(insertBlock(after, block)).toBe(after);
      expect(removeBlock(after)).toBe(text);
    },
  );

  it("replaces a stale block in place", () => {
    const stale = `top\n\n${agentsBlock(paths, "ja")}\n\nbottom\n`;
    expect(insertBlock(stale, block)).toBe(`top\n\n${block}\n\nbottom\n`);
  });
});
