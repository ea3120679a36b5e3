// keysOf: one input event (a chunk of characters, or one parsed special key) to the dashboard's keys.
import { expect, it } from "vitest";
import { keysOf } from "../src/tui/keys.js";

const plain = { upArrow: false, downArrow: false, return: false, ctrl: false };

it("counts every character of a chunk, in order, and ignores the rest", () => {
  expect(keysOf("jjjj", plain)).toEqual(["down", "down", "down", "down"]);
  expect(keysOf("jkxaq", plain)).toEqual(["down", "up", "acknowledge", "quit"]);
  expect(keysOf("c\r", plain)).toEqual(["copy", "enter"]);
  expect(keysOf("", plain)).toEqual([]);
});

it("reads parsed special keys as one key each, and ctrl-c as quit", () => {
  expect(keysOf("", { ...plain, downArrow: true })).toEqual(["down"]);
  expect(keysOf("", { ...plain, upArrow: true })).toEqual(["up"]);
  expect(keysOf("\r", { ...plain, return: true })).toEqual(["enter"]);
  expect(keysOf("c", { ...plain, ctrl: true })).toEqual(["quit"]);
  expect(keysOf("j", { ...plain, ctrl: true })).toEqual([]);
});
