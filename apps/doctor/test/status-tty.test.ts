// The interactive status view on a real pty (script(1) gives one), including a pty with no size yet.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, makeHome, type Home } from "./harness.js";

const CSI = new RegExp(String.raw`\u001b\[[0-9;?]*[A-Za-z]`, "g");

let home: Home | undefined;
afterEach(() => home?.cleanup());

/** Runs `mytty-doctor status` on a fresh pty; `size` sets it first, else it stays 0×0 as `script` leaves it. */
function statusOnPty(h: Home, size?: { cols: number; rows: number }): string {
  const setSize = size ? `stty cols ${size.cols} rows ${size.rows}; ` : "";
  const r = spawnSync("script", ["-qec", `${setSize}exec node '${BIN}' status`, "/dev/null"], {
    env: { ...h.env, TERM: "xterm-256color" },
    encoding: "utf8",
    timeout: 20_000,
  });
  // Drop colours and cursor codes: what is left is what a person reads.
  return r.stdout.replace(CSI, "").replace(/\r/g, "");
}

describe("mytty-doctor status on a TTY", () => {
  it("draws whole lines on a pty that reports 0 columns, as on an 80-column terminal", () => {
    home = makeHome();
    const unsized = statusOnPty(home);
    expect(unsized).toContain("Mytty Bar doctor (data: ");
    expect(unsized).toContain("Hook helper not installed");
    expect(unsized).toBe(statusOnPty(home, { cols: 80, rows: 24 }));
  });
});
