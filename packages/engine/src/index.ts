export * from "./snapshot.js";
export * from "./ports.js";
