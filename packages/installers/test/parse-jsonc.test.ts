// parseJsonc takes JSON.parse's fast road for plain JSON: same values as the JSONC parser, same
// positions for shape problems (the tree is built only when a position is needed).
import fs from "node:fs";
import path from "node:path";
import { parse as jsoncParse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { codexSpec, parseJsonc, planHookJson, resolvePaths } from "@mytty-bar/installers";

const configs = path.resolve(import.meta.dirname, "..", "..", "..", "fixtures", "configs");
const fixtures = ["claude-code", "codex", "cursor"].flatMap((dir) =>
  fs.readdirSync(path.join(configs, dir)).map((f) => path.join(dir, f)),
);

describe("parseJsonc", () => {
  it.each(fixtures)("gives %s the value the JSONC parser gives, or refuses it", (name) => {
    const text = fs.readFileSync(path.join(configs, name), "utf8");
    const parsed = parseJsonc(text);
    if (!parsed.ok) return expect(parsed.problem.line).toBeGreaterThan(0);
    expect(parsed.value).toEqual(jsoncParse(text, [], { allowTrailingComma: false }));
    // The tree positions come from is still there, built on demand.
    expect(parsed.root()?.type).toBe(Array.isArray(parsed.value) ? "array" : "object");
  });

  it("still points at the spot of a shape problem in plain JSON", () => {
    const paths = resolvePaths({ env: { HOME: "/home/sam" }, platform: "linux" });
    const plan = planHookJson(
      codexSpec(paths),
      '{\n  "description": "x",\n  "hooks": {\n    "Stop": {}\n  }\n}\n',
      () => undefined,
    );
    expect(plan).toMatchObject({
      status: "invalid",
      problem: { line: 4, column: 13, message: '"hooks.Stop" is not an array of objects' },
    });
  });

  it("reads a __proto__ key as the JSONC parser does (no own property), and pollutes nothing", () => {
    const text = '{ "__proto__": { "polluted": true }, "a": 1 }';
    const parsed = parseJsonc(text);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const value = parsed.value as Record<string, unknown>;
    const reference = jsoncParse(text) as Record<string, unknown>;
    expect(Object.hasOwn(value, "__proto__")).toBe(Object.hasOwn(reference, "__proto__"));
    expect(Object.keys(value)).toEqual(["a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("still refuses nesting beyond the cap before JSON.parse sees it", () => {
    const deep = `${"[".repeat(300)}${"]".repeat(300)}`;
    expect(parseJsonc(deep)).toMatchObject({ ok: false, problem: { message: "nests deeper than 256 levels" } });
  });
});
