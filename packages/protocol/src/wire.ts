// The light entry (@mytty-bar/protocol/wire): provider ids and the spool format's constants, no zod,
// for callers with a startup budget (the doctor's `status`, the hook installers) or no Node (the popup).
export * from "./provider-ids.js";
export * from "./spool.js";
export { posixQuote, shellWord } from "./shell-word.js";
export { oneLineText, shownText } from "./hygiene.js";
