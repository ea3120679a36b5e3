export * from "./snapshot.js";
