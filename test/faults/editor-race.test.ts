// The doctor against an editor saving at the worst moment: a separate process watches the config's
// directory and saves the file the moment our temp file appears (in place, as VS Code does, or by
// rename, as vim and JetBrains do). 50 rounds each: the user's edit is never lost. (A save that lands
// after our swap replaces our hooks: last writer wins, and the next status says so.)
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyChanges, planContext, planProvider, resolvePaths, type Paths } from "@mytty-bar/installers";

const ROUNDS = 50;
const ORIGINAL = '{\n  "model": "opus"\n}\n';

// The editor: on the first new name in the directory after "arm", it saves the target once.
const EDITOR = `
const fs = require("node:fs"), path = require("node:path"), readline = require("node:readline");
const [dir, target, style] = process.argv.slice(1);
let armed;
fs.watch(dir, (type, name) => {
  if (!armed || !name || name === path.basename(target) || name.includes(".editor-")) return;
  const { round, text } = armed;
  armed = undefined;
  if (style === "rename") {
    const tmp = path.join(dir, ".editor-" + round);
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, target);
  } else {
    fs.writeFileSync(target, text);
  }
  process.stdout.write("saved " + round + "\\n");
});
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  armed = JSON.parse(line);
  process.stdout.write("armed " + armed.round + "\\n");
});
`;

function startEditor(dir: string, target: string, style: string) {
  const child = spawn(process.execPath, ["-e", EDITOR, dir, target, style], { stdio: ["pipe", "pipe", "inherit"] });
  const waiters = new Map<string, () => void>();
  const seen = new Set<string>();
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    seen.add(line);
    waiters.get(line)?.();
  });
  const heard = (line: string, ms = 5000) =>
    new Promise<void>((resolve, reject) => {
      if (seen.has(line)) return resolve();
      const timer = setTimeout(() => reject(new Error(`editor never said "${line}"`)), ms);
      waiters.set(line, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  return { child, heard };
}

describe.each(["in-place", "rename"])("an editor saving (%s) the moment our temp file appears", (style) => {
  let tmp: string;
  let paths: Paths;
  let editor: ReturnType<typeof startEditor>;
  let child: ChildProcess;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-fault-editor-"));
    paths = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "data") } });
    fs.mkdirSync(path.dirname(paths.claudeSettings), { recursive: true });
    fs.writeFileSync(paths.claudeSettings, ORIGINAL);
    editor = startEditor(path.dirname(paths.claudeSettings), paths.claudeSettings, style);
    child = editor.child;
  });
  afterAll(() => {
    child.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(`loses no edit in ${ROUNDS} rounds`, async () => {
    const lost: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      fs.writeFileSync(paths.claudeSettings, ORIGINAL);
      const plan = planProvider("claude-code", planContext(paths));
      const edited = ORIGINAL.replace('"opus"', `"opus",\n  "edit": ${round}`);
      child.stdin!.write(`${JSON.stringify({ round, text: edited })}\n`);
      await editor.heard(`armed ${round}`);
      const [outcome] = await applyChanges(plan.install, { paths });
      await editor.heard(`saved ${round}`);
      const final = fs.readFileSync(paths.claudeSettings, "utf8");
      if (!final.includes(`"edit": ${round}`)) lost.push(round);
      expect(["written", "conflict"]).toContain(outcome?.result);
    }
    expect(lost).toEqual([]);
  });
});
