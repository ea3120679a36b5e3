export * from "./types.js";
export * from "./applescript.js";
export * from "./hosts.js";
export * from "./tmux.js";
export * from "./plan.js";
export * from "./run.js";
export * from "./node-runner.js";
