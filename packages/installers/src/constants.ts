// The installers' ids and names. Provider ids and the spool constants come from protocol's light
// entry (@mytty-bar/protocol/wire, no zod: `mytty-doctor status --json` has a startup budget).
import { PROVIDER_IDS, PROVIDER_NAMES, type ProviderId } from "@mytty-bar/protocol/wire";

export { PROVIDER_IDS, PROVIDER_NAMES, isProviderId } from "@mytty-bar/protocol/wire";
export {
  SPOOL_ENV_KEYS,
  SPOOL_MAGIC,
  SPOOL_MAX_PAYLOAD_BYTES,
  ANSWER_WAIT_MAX_SECONDS,
  HELD_HOOK_TIMEOUT_SECONDS,
} from "@mytty-bar/protocol/wire";

/**
 * What the doctor installs: each provider, plus Gemini CLI, whose hooks live in its own settings.json
 * but whose events are the protocol provider `antigravity` (one provider for both CLIs, docs/architecture.md).
 */
export type TargetId = ProviderId | "gemini";
export const TARGET_IDS: readonly TargetId[] = [...PROVIDER_IDS, "gemini"];
export const TARGET_NAMES: Readonly<Record<TargetId, string>> = { ...PROVIDER_NAMES, gemini: "Gemini CLI" };

export function isTargetId(value: unknown): value is TargetId {
  return typeof value === "string" && (TARGET_IDS as readonly string[]).includes(value);
}

/** The protocol provider a target's events arrive as. */
export function targetProvider(id: TargetId): ProviderId {
  return id === "gemini" ? "antigravity" : id;
}

// engine.pid's lease lives beside the pid file's path (packages/paths); the helper script reads it here.
export { ENGINE_LEASE_SECONDS, ENGINE_LEASE_RENEW_SECONDS } from "@mytty-bar/paths";
/** Without a lease the helper spools only while the spool holds less than this (KiB, as du counts). */
export const UNLEASED_SPOOL_KIB = 7 * 1024;
