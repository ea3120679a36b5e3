export * from "./paths.js";
