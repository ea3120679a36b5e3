export * from "./providers.js";
export * from "./kinds.js";
export * from "./event.js";
export * from "./run.js";
export * from "./attention.js";
export * from "./spool.js";
export * from "./spool-codec.js";
export * from "./answer.js";
export { singleChoiceQuestion } from "./answer-providers.js";
export { salvageTopLevel, SALVAGE_MAX_NESTED_CHARS } from "./salvage.js";
export * from "./map.js";
export { INPUT_TOOLS, SYNTHETIC_HOOK_PREFIX, failureMessage, isRecord } from "./map-common.js";
export {
  countBackgroundAgents,
  backgroundWaitMessage,
  looksLikeCursor,
  FINISHED_TASK_STATUSES,
  WAITED_TASK_TYPES,
} from "./map-claude.js";
export { FAILED_TERMINATION_REASONS } from "./map-antigravity.js";
export { permissionMessage } from "./map-opencode.js";
export * from "./run-state.js";
export * from "./attention-reducer.js";
export * from "./tracker.js";
export { restoreRun } from "./tracker-restore.js";
export * from "./cursor-estimator.js";
export * from "./hygiene.js";
export * from "./resume.js";
export * from "./shell-word.js";
export * from "./ids.js";
export * from "./agent-versions.js";
