import { describe, expect, it } from "vitest";
import { hostPaths, hostWriteScript, lsMode } from "@mytty-bar/installers";

describe("reading what a host's POSIX tools print", () => {
  it("turns ls -l permission strings into mode bits", () => {
    expect(lsMode("-rw-------")).toBe(0o600);
    expect(lsMode("-rwxr-xr-x")).toBe(0o755);
    expect(lsMode("-rwsr-S--T")).toBe(0o7740);
    expect(lsMode("drwx------")).toBe(0o700);
    expect(lsMode("total 4")).toBeUndefined();
  });

  it("takes the host's paths from its env, never this machine's home, and ignores relative values", () => {
    const paths = hostPaths({ HOME: "/home/alex", CODEX_HOME: "relative/codex", XDG_DATA_HOME: "/data" }, "linux");
    expect(paths.codexHooks).toBe("/home/alex/.codex/hooks.json");
    expect(paths.helper).toBe("/data/mytty-bar/bin/mytty-bar-hook");
    expect(hostPaths({ HOME: "/Users/alex" }, "darwin").dataDir).toBe(
      "/Users/alex/Library/Application Support/mytty-bar",
    );
    expect(() => hostPaths({}, "linux")).toThrow(/HOME is not set/);
    expect(() => hostPaths({ HOME: "~" }, "linux")).toThrow(/not an absolute path/);
  });

  it("quotes every byte of the content it carries", () => {
    const script = hostWriteScript(
      [{ path: "/h/a'b", before: null, after: "it's $HOME `x`\n", mode: 0o600, backup: false, redo: () => null }],
      { paths: { home: "/h", backupsDir: "/h/b" } },
    );
    expect(script).toContain(`printf '%s' 'it'\\''s $HOME \`x\`\n' > "$T/a0"`);
    expect(script).toContain(`put 0 '/h/a'\\''b' - "$T/a0" 600 0 - - -`);
  });
});
