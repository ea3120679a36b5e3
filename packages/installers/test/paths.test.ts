// Where everything lives (docs/architecture.md#names-and-places): the data dir per platform and its overrides,
// and that every path is absolute, since hook commands embed them and run from any directory.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";

describe("resolvePaths", () => {
  it("puts the data dir in Application Support on macOS", () => {
    const p = resolvePaths({ env: { HOME: "/Users/alex", XDG_DATA_HOME: "/x/share" }, platform: "darwin" });
    expect(p.dataDir).toBe("/Users/alex/Library/Application Support/mytty-bar");
    expect(p.helper).toBe("/Users/alex/Library/Application Support/mytty-bar/bin/mytty-bar-hook");
    expect(p.guide).toBe("/Users/alex/Library/Application Support/mytty-bar/mytty-team.md");
  });

  it("puts the data dir under XDG_DATA_HOME, else ~/.local/share, on Linux", () => {
    expect(resolvePaths({ env: { HOME: "/home/a", XDG_DATA_HOME: "/x/share" }, platform: "linux" }).dataDir).toBe(
      "/x/share/mytty-bar",
    );
    expect(resolvePaths({ env: { HOME: "/home/a" }, platform: "linux" }).dataDir).toBe(
      "/home/a/.local/share/mytty-bar",
    );
  });

  it("lets MYTTY_BAR_DATA_DIR override the data dir on every platform", () => {
    for (const platform of ["darwin", "linux"] as const) {
      const p = resolvePaths({
        env: { HOME: "/home/a", XDG_DATA_HOME: "/x/share", MYTTY_BAR_DATA_DIR: "/d" },
        platform,
      });
      expect([p.dataDir, p.controlSocket, p.enginePid, p.spoolNew]).toEqual([
        "/d",
        "/d/control.sock",
        "/d/engine.pid",
        "/d/spool/new",
      ]);
    }
  });

  it("makes a relative MYTTY_BAR_DATA_DIR absolute and ignores a relative XDG_DATA_HOME", () => {
    const rel = resolvePaths({ env: { HOME: "/home/a", MYTTY_BAR_DATA_DIR: "rel/data" }, platform: "linux" });
    expect(rel.helper).toBe(path.join(process.cwd(), "rel", "data", "bin", "mytty-bar-hook"));
    const xdg = resolvePaths({
      env: { HOME: "/home/a", XDG_DATA_HOME: "share", XDG_CONFIG_HOME: "conf" },
      platform: "linux",
    });
    expect(xdg.dataDir).toBe("/home/a/.local/share/mytty-bar");
    expect(xdg.opencodePlugin).toBe("/home/a/.config/opencode/plugins/mytty-bar.js");
  });
});
