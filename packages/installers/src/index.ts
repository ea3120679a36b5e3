export * from "./paths.js";
export * from "./plan.js";
export * from "./text.js";
export { ENGINE_LEASE_SECONDS, ENGINE_LEASE_RENEW_SECONDS } from "./constants.js";
export {
  PROVIDER_IDS as INSTALLABLE_PROVIDERS,
  PROVIDER_NAMES as PROVIDER_LABELS,
  isProviderId as isInstallableProvider,
} from "./constants.js";
export {
  TARGET_IDS as INSTALL_TARGETS,
  TARGET_NAMES as TARGET_LABELS,
  isTargetId as isInstallTarget,
  targetProvider,
  type TargetId,
} from "./constants.js";
export { geminiSpec, geminiHooksOff, GEMINI_EVENTS, GEMINI_HOOK_NAME } from "./gemini.js";
export { parseJsonc, type Problem } from "./jsonc-edit.js";
export { readText, MAX_CONFIG_BYTES } from "./fsio.js";
export { BACKUPS_PER_FILE, backupStem, listBackups, newestBackupLookup, writeBackup, countBackups } from "./backups.js";
export type { ApplyHooks, ApplyOptions, ChangeOutcome } from "./apply.js";
export {
  installText,
  removalText,
  parseHint,
  planHookJson,
  type RemovalHint,
  type HookJsonSpec,
  type HookEventSpec,
} from "./hook-json.js";
export {
  claudeCodeSpec,
  CLAUDE_EVENTS,
  CLAUDE_NOTIFICATION_MATCHER,
  CLAUDE_NOTIFICATION_MATCHER_ELICITING,
} from "./claude-code.js";
export {
  CLAUDE_EVENT_FLOORS,
  CLAUDE_TOLERANT_FROM,
  atLeast,
  claudeEventsFor,
  parseVersion,
  versionFromInstall,
} from "./claude-version.js";
export { installedClaudeVersion, rememberClaude, rememberedClaude, type ClaudeInstall } from "./presence.js";
export {
  codexSpec,
  codexHooksSwitchedOff,
  CODEX_EVENTS,
  CODEX_DISPATCHED_EVENTS,
  CODEX_MATCHERS,
  CODEX_TIMEOUT_CAPS,
} from "./codex.js";
export { cursorSpec, CURSOR_ANSWERS, CURSOR_DEFAULT_ANSWER, CURSOR_EVENTS } from "./cursor.js";
export { opencodePluginText, OPENCODE_FORWARDED, OPENCODE_PLUGIN_ID, OPENCODE_RUN_ENDS } from "./opencode.js";
export { antigravityFiles, ANTIGRAVITY_EVENTS } from "./antigravity.js";
export { helperScript, envVarFor } from "./helper-script.js";
export { guideText } from "./guide-text.js";
export { agentsBlock, skillText, AGENTS_BEGIN, AGENTS_END, SKILL_NAME } from "./pointer-text.js";
export { insertBlock, removeBlock, scanBlock } from "./agents-md.js";
export {
  planProvider,
  planHelper,
  planGuide,
  planPointer,
  POINTER_PROVIDERS,
  type PlanContext,
  type PointerProvider,
} from "./items.js";
export {
  planAll,
  planContext,
  installItems,
  fixItems,
  uninstallItems,
  installChanges,
  uninstallChanges,
  type Plans,
  type SelectOptions,
} from "./operations.js";
export * from "./team-guide.js";
export {
  openSession,
  readSession,
  type ReadSession,
  type ApplyResult,
  type FailedOutcome,
  type InstallSettings,
  type Op,
  type Session,
  type SessionOptions,
  type HostIO,
} from "./session.js";
export { readInstallSettings } from "./install-settings.js";
export { neighbourReports } from "./neighbours-read.js";
export {
  approvalHolders,
  duplicateNotifiers,
  foreignHandlers,
  ownerOf,
  type ForeignHandler,
  type NeighbourReport,
} from "./neighbours.js";
export { NEIGHBOURS, NOTIFYING_EVENTS, type Neighbour } from "./neighbour-facts.js";

// Write-side modules load on first use, so read-only callers (`mytty-doctor status`) skip them.
import type { ApplyOptions, ChangeOutcome } from "./apply.js";
import type { FileChange } from "./plan.js";
import type { Paths } from "./paths.js";
import type { TargetId } from "./constants.js";

/** Applies changes atomically (see apply.ts): mode kept, symlinks followed, compare-and-swap, backups. */
export async function applyChanges(changes: readonly FileChange[], options: ApplyOptions): Promise<ChangeOutcome[]> {
  return (await import("./apply.js")).applyChanges(changes, options);
}

/** Unified diff of what the changes would write. */
export async function unifiedDiff(changes: readonly FileChange[]): Promise<string> {
  return (await import("./diff.js")).unifiedDiff(changes);
}

/** Targets (of `ids`, default all) whose config dir exists or whose binary is on PATH. */
export async function presentProviders(paths: Paths, pathVar?: string, ids?: readonly TargetId[]): Promise<TargetId[]> {
  return (await import("./presence.js")).presentProviders(paths, pathVar, ids);
}
export {
  planClaudeStatusline,
  statuslineScript,
  statuslineInstall,
  statuslineRemoval,
  statuslineScriptPath,
  statuslineRecordPath,
  STATUSLINE_BASENAME,
  type StatuslineRecord,
} from "./claude-statusline.js";
export { localFiles, type FileView } from "./fsio.js";
export { HOST_ENV_VARS, hostPaths, lsMode, readHost, type HostShell, type HostSnapshot } from "./remote-read.js";
export { applyOnHost, hostWriteScript, type HostApplyOptions } from "./remote-write.js";
export { openHostSession, type HostSession, type HostSessionOptions } from "./remote-session.js";
