import { describe, expect, it } from "vitest";
import { AGENT_PINS, AgentPinsSchema, type AgentPin } from "@mytty-bar/protocol";
import { INSTALL_TARGETS } from "@mytty-bar/installers";
import {
  ONLY_COMPARED,
  compare,
  parseNpmView,
  renderJson,
  renderTable,
  type Lookup,
} from "../../tools/agents-latest.js";

const pins: AgentPin[] = [
  {
    agent: "Claude Code",
    targets: ["claude-code"],
    provider: "claude-code",
    npm: "@anthropic-ai/claude-code",
    bin: "claude",
    version: "2.1.328",
    alsoObserved: [],
  },
  {
    agent: "Codex",
    targets: ["codex"],
    provider: "codex",
    npm: "@openai/codex",
    bin: "codex",
    version: "0.171.0",
    alsoObserved: ["0.169.0"],
  },
  {
    agent: "Cursor CLI",
    targets: ["cursor"],
    provider: "cursor",
    npm: null,
    bin: null,
    version: null,
    alsoObserved: [],
  },
];

const registry =
  (answers: Record<string, string>): Lookup =>
  async (pkg) =>
    pkg in answers ? parseNpmView(answers[pkg]!) : { ok: false, error: "getaddrinfo ENOTFOUND registry.npmjs.org" };

describe("parseNpmView", () => {
  it("reads the JSON string npm prints, and the last of an array", () => {
    expect(parseNpmView('"2.1.332"\n')).toEqual({ ok: true, version: "2.1.332" });
    expect(parseNpmView('["0.169.0", "0.171.0"]')).toEqual({ ok: true, version: "0.171.0" });
  });

  it("turns npm's JSON error and non-JSON output into an error, never a throw", () => {
    expect(parseNpmView('{"error":{"code":"E404","summary":"Not Found - GET https://registry.npmjs.org/x"}}')).toEqual({
      ok: false,
      error: "Not Found - GET https://registry.npmjs.org/x",
    });
    expect(parseNpmView("")).toEqual({ ok: false, error: "the registry's answer is not JSON: (empty)" });
    expect(parseNpmView("{}")).toEqual({ ok: false, error: "the registry gave no version" });
  });
});

describe("agents:latest", () => {
  it("prints pinned against newest, says which differ, and that only the comparison is done", async () => {
    const rows = await compare(
      pins,
      registry({ "@anthropic-ai/claude-code": '"2.1.332"', "@openai/codex": '"0.171.0"' }),
    );
    expect(renderTable(rows)).toBe(
      [
        "agent        package                    pinned   newest   differs",
        "Claude Code  @anthropic-ai/claude-code  2.1.328  2.1.332  yes",
        "Codex        @openai/codex              0.171.0  0.171.0  no",
        "Cursor CLI   not on the npm registry    -        -        fixtures only",
        "",
        ONLY_COMPARED,
        "",
      ].join("\n"),
    );
  });

  it("gives one line per agent the registry could not answer for, and keeps the others", async () => {
    const rows = await compare(pins, registry({ "@openai/codex": '"0.172.0"' }));
    const out = renderTable(rows).split("\n");
    expect(out[1]).toBe("Claude Code  @anthropic-ai/claude-code  2.1.328  ?        unknown");
    expect(out[2]).toBe("Codex        @openai/codex              0.171.0  0.172.0  yes");
    expect(out[5]).toBe(
      "Claude Code: cannot read the newest @anthropic-ai/claude-code from the npm registry (getaddrinfo ENOTFOUND registry.npmjs.org); check the network, then run `npm view @anthropic-ai/claude-code version`.",
    );
    expect(out.filter((l) => l.includes("cannot read"))).toHaveLength(1);
  });

  it("--json gives every agent with pinned, newest, differs and error", async () => {
    const rows = await compare(pins, registry({ "@anthropic-ai/claude-code": '"2.1.328"' }));
    expect(JSON.parse(renderJson(rows))).toEqual({
      agents: [
        {
          agent: "Claude Code",
          npm: "@anthropic-ai/claude-code",
          pinned: "2.1.328",
          newest: "2.1.328",
          differs: false,
          error: null,
        },
        {
          agent: "Codex",
          npm: "@openai/codex",
          pinned: "0.171.0",
          newest: null,
          differs: null,
          error: "getaddrinfo ENOTFOUND registry.npmjs.org",
        },
        { agent: "Cursor CLI", npm: null, pinned: null, newest: null, differs: null, error: null },
      ],
      note: ONLY_COMPARED,
    });
  });
});

describe("the pinned versions", () => {
  it("name every doctor install target exactly once", () => {
    const targets = AGENT_PINS.flatMap((p) => p.targets);
    expect([...targets].sort()).toEqual([...INSTALL_TARGETS].sort());
  });

  it("reject a version without a package", () => {
    expect(AgentPinsSchema.safeParse([{ ...pins[2], version: "1.0.0" }]).success).toBe(false);
  });
});
