// `@mytty-bar/engine/view`: what a front end shows, without zod or Node, for the popup page (bundled by
// vite, see docs/menubar.md#how-the-popup-is-built) and any client on a startup budget: the settings'
// bounds and defaults, the low-context rule, the urgency order and the engine's wording. Nothing here
// may import a value from outside this package's light modules (test/light-entries.test.ts checks it).
export * from "./settings-facts.js";
export * from "./wording.js";
export { ATTENTION_URGENCY } from "./policy/urgency.js";
export {
  contextWarning,
  formatContextLeft,
  DEFAULT_LOW_CONTEXT_PERCENT,
  type ContextWarning,
} from "./insights/context.js";
export type { AgentRow, Snapshot, TrayModel } from "./snapshot.js";
export type { Notice } from "./ports.js";
export type { Settings, SettingsPatch } from "./settings.js";
