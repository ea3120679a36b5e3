// Replays recorded command output (ps, ps -E, tmux) so tests run real macOS/Linux captures anywhere.
// A fixture directory holds fixture.json plus the raw text files it names.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DetectEffects, Exec } from "../effects.js";
import type { ProcessSource } from "../types.js";
import { createPsSource } from "./ps.js";

export interface FixtureManifest {
  platform: NodeJS.Platform;
  uid: number;
  env?: Record<string, string>;
  /** `command` is matched as a prefix of "<program basename> <args…>"; the first match answers. */
  commands: { command: string; file: string }[];
  /** Where absolute argv[0] paths resolve on the recorded machine (symlinks followed). */
  realpaths?: Record<string, string>;
  /** Linux: unix sockets each pid holds open, as /proc would tell. */
  sockets?: Record<string, string[]>;
}

export interface RecordedExec {
  exec: Exec;
  calls: string[];
}

export function replayExec(commands: readonly { command: string; text: string }[]): RecordedExec {
  const calls: string[] = [];
  const exec: Exec = async (file, args) => {
    const line = [path.basename(file), ...args].join(" ");
    calls.push(line);
    const hit = commands.find((c) => line.startsWith(c.command));
    if (!hit) throw new Error(`no recording for: ${line}`);
    return hit.text;
  };
  return { exec, calls };
}

export interface Fixture {
  source: ProcessSource;
  effects: DetectEffects;
  calls: string[];
}

export function loadFixture(dir: string): Fixture {
  const manifest = JSON.parse(readFileSync(path.join(dir, "fixture.json"), "utf8")) as FixtureManifest;
  const recorded = replayExec(
    manifest.commands.map((c) => ({ command: c.command, text: readFileSync(path.join(dir, c.file), "utf8") })),
  );
  const sockets = manifest.sockets ?? {};
  return {
    source: createPsSource({
      exec: recorded.exec,
      platform: manifest.platform,
      resolvePath: (p) => manifest.realpaths?.[p],
    }),
    effects: {
      exec: recorded.exec,
      platform: manifest.platform,
      uid: manifest.uid,
      env: manifest.env ?? {},
      socketsOf: (pid) => sockets[String(pid)] ?? [],
    },
    calls: recorded.calls,
  };
}
