// The agent versions our fixtures and observations were made on. One list, read by the README's
// "versions checked" column (tools/readme-versions.ts), `npm run agents:latest` and, later, a
// doctor/engine "unverified version" note. Update it when you re-observe an agent on a newer release.
import { z } from "zod";
import { ProviderIdSchema } from "./providers.js";

const VersionSchema = z.string().regex(/^\d+\.\d+\.\d+$/, "a plain x.y.z version");

const AgentPinSchema = z.object({
  /** The name the README's provider table uses. */
  agent: z.string().min(1),
  /** `mytty-doctor install <target>` ids (packages/installers TARGET_IDS). */
  targets: z.array(z.string().min(1)).min(1),
  /** The protocol provider its events arrive as. */
  provider: ProviderIdSchema,
  /** Where the CLI is published; null when it is not on the npm registry (we have fixtures only). */
  npm: z.string().min(1).nullable(),
  /** The executable the package installs (node_modules/.bin/<bin>); null without a registry package. */
  bin: z.string().min(1).nullable(),
  /** The version the observations were made on; null without a registry package. */
  version: VersionSchema.nullable(),
  /** Other releases the same behaviour was seen on. */
  alsoObserved: z.array(VersionSchema),
});
export type AgentPin = z.infer<typeof AgentPinSchema>;

export const AgentPinsSchema = z
  .array(AgentPinSchema)
  .refine(
    (pins) => pins.every((p) => (p.npm === null) === (p.version === null) && (p.npm === null) === (p.bin === null)),
    {
      message: "an agent has a version and an executable exactly when it has an npm package",
    },
  );

export const AGENT_PINS: readonly AgentPin[] = AgentPinsSchema.parse([
  {
    agent: "Claude Code",
    targets: ["claude-code"],
    provider: "claude-code",
    npm: "@anthropic-ai/claude-code",
    bin: "claude",
    version: "2.1.332",
    alsoObserved: ["2.1.328"],
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
    agent: "Gemini CLI",
    targets: ["gemini"],
    provider: "antigravity",
    npm: "@google/gemini-cli",
    bin: "gemini",
    version: "0.61.0",
    alsoObserved: [],
  },
  {
    agent: "Antigravity",
    targets: ["antigravity"],
    provider: "antigravity",
    npm: null,
    bin: null,
    version: null,
    alsoObserved: [],
  },
  {
    agent: "OpenCode",
    targets: ["opencode"],
    provider: "opencode",
    npm: "opencode-ai",
    bin: "opencode",
    version: "1.18.33",
    alsoObserved: [],
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
]);

/** The pin for a doctor target id (`gemini`, `claude-code`, …), if we have one. */
export function agentPin(target: string, pins: readonly AgentPin[] = AGENT_PINS): AgentPin | undefined {
  return pins.find((p) => p.targets.includes(target));
}

/** True when `version` is one we observed for `target`; false for an unpinned target or version. */
export function isCheckedVersion(target: string, version: string, pins: readonly AgentPin[] = AGENT_PINS): boolean {
  const pin = agentPin(target, pins);
  return pin?.version === version || (pin?.alsoObserved.includes(version) ?? false);
}
