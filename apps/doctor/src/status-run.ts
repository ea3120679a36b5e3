// What status-main.ts imports on a cache miss, and nothing more: an import() keeps every export of its
// module in the bundle, so it names this one rather than handlers.ts (whose write side pulls in the
// diff and apply code).
export { runStatus } from "./handlers.js";
