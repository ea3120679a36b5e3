// What a config file we cannot take costs: nothing. Too-deep nesting or a BOM is `invalid` with a position,
// never a crash (a fifo in place of a config is tested through the CLI: a hang there is a timeout).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseJsonc, planAll, planContext, resolvePaths } from "@mytty-bar/installers";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function home() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-read-limits-"));
  dirs.push(dir);
  return resolvePaths({ env: { HOME: dir, MYTTY_BAR_DATA_DIR: path.join(dir, "data") }, platform: "linux" });
}

describe("parseJsonc limits", () => {
  it("refuses nesting deeper than 256 levels with the spot, and accepts 256", () => {
    const deep = `{"a":\n${"[".repeat(300)}${"]".repeat(300)}}`;
    expect(parseJsonc(deep)).toEqual({
      ok: false,
      problem: { line: 2, column: 256, message: "nests deeper than 256 levels" },
    });
    expect(parseJsonc(`${"[".repeat(256)}${"]".repeat(256)}`).ok).toBe(true);
  });

  it("names a byte order mark instead of calling it an invalid symbol", () => {
    expect(parseJsonc('\uFEFF{"a": 1}')).toEqual({
      ok: false,
      problem: { line: 1, column: 1, message: "starts with a byte order mark (save it as UTF-8 without BOM)" },
    });
  });

  it("does not count brackets inside strings or comments", () => {
    const text = `{ // ${"[".repeat(400)}\n /* ${"{".repeat(400)} */ "k": "${"[".repeat(400)}\\"[" }`;
    expect(parseJsonc(text)).toMatchObject({ ok: true, value: { k: `${"[".repeat(400)}"[` } });
  });
});

describe("planning over hostile config files", () => {
  it("reports a 200 000-level settings file as invalid instead of crashing the check", () => {
    const paths = home();
    fs.mkdirSync(path.dirname(paths.codexHooks), { recursive: true });
    fs.writeFileSync(paths.codexHooks, `${"[".repeat(200_000)}${"]".repeat(200_000)}`);
    const plans = planAll(planContext(paths));
    expect(plans.crashed).toEqual([]);
    expect(plans.providers.find((p) => p.id === "codex")).toMatchObject({
      status: "invalid",
      detail: "nests deeper than 256 levels",
      install: [],
      uninstall: [],
    });
  });

  it("reports bytes that are not UTF-8 as invalid, and keeps a BOM for the parser to name", () => {
    const paths = home();
    fs.mkdirSync(path.dirname(paths.codexHooks), { recursive: true });
    const bad = [
      [0xff], // never in UTF-8
      [0xc0, 0xaf], // an overlong "/"
      [0xed, 0xa0, 0x80], // a UTF-16 surrogate, encoded
      [0xe2, 0x82], // cut short
    ];
    for (const bytes of bad) {
      fs.writeFileSync(
        paths.codexHooks,
        Buffer.concat([Buffer.from('{"hooks": "'), Buffer.from(bytes), Buffer.from('"}')]),
      );
      expect(planAll(planContext(paths)).providers.find((p) => p.id === "codex")).toMatchObject({
        status: "invalid",
        detail: "is not valid UTF-8",
      });
    }
    fs.writeFileSync(paths.codexHooks, Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from("{}")]));
    expect(planAll(planContext(paths)).providers.find((p) => p.id === "codex")).toMatchObject({
      status: "invalid",
      detail: "starts with a byte order mark (save it as UTF-8 without BOM)",
    });
  });
});
