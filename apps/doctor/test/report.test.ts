// The view side of a crashed check: it shows as [☠] with its message, and the other checks still show.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openSession, resolvePaths, type Paths } from "@mytty-bar/installers";
import { buildReport, renderText, viewLines } from "../src/report.js";

it("renders a crashed check as [☠] without hiding the others, and counts it as an issue", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-report-test-"));
  try {
    const paths = resolvePaths({ env: { HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") } });
    const broken = new Proxy(paths, {
      get: (target, key) => {
        if (key === "cursorHooks") throw new Error("disk on fire");
        return target[key as keyof Paths];
      },
    });
    const session = openSession({ paths: broken, settings: { pointers: true } });
    const plans = session.plans();
    const report = buildReport(paths, session, { running: false });
    expect(report.crashed).toEqual([{ id: "cursor", message: "disk on fire" }]);
    expect(report.issues.map((i) => i.item)).toEqual(["cursor"]);
    const text = renderText("title", viewLines(plans, report), []);
    expect(text).toContain("[☠] The cursor check crashed: disk on fire.");
    for (const name of ["Codex", "Claude Code", "OpenCode", "Antigravity"])
      expect(text).toContain(`[✗] ${name} hooks not installed`);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});

it("shows each watched host's link problem as its own [!] line, with the fix the engine worded", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-report-test-"));
  try {
    const paths = resolvePaths({ env: { HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") } });
    const session = openSession({ paths, settings: { pointers: true } });
    const problem = "devbox refused our key (Permission denied (publickey)): … ssh-copy-id devbox, then try …";
    const report = buildReport(paths, session, { running: true, pid: 1, hostProblems: [problem] });
    expect(renderText("title", viewLines(session.plans(), report), [])).toContain(`[!] ${problem}`);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
