// Agent insights (issue 7): model and context left, ESC interruptions, run estimation without hooks,
// resume commands. Pure parsers + one stateful inspector behind a TranscriptSource.
export * from "./lines.js";
export * from "./claude.js";
export * from "./claude-turns.js";
export * from "./codex.js";
export * from "./estimate.js";
export * from "./context.js";
export * from "./resume.js";
export * from "./support.js";
export * from "./source.js";
export * from "./locate.js";
export * from "./read.js";
export * from "./inspector.js";
export * from "./hooks.js";
export * from "./settings-files.js";
export * from "./claude-registry.js";
export * from "./registry-watch.js";
export * from "./usage.js";
export * from "./opencode.js";
export * from "./sqlite.js";
export * from "./cursor-store.js";
export * from "./stores.js";
export * from "./gemini-chat.js";
export * from "./gemini-watch.js";
