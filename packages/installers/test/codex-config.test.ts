// Codex can switch its hooks off in config.toml; status notes it (we never write that file).
import { describe, expect, it } from "vitest";
import { codexHooksSwitchedOff, codexSpec, resolvePaths } from "@mytty-bar/installers";

describe("codexHooksSwitchedOff", () => {
  it("finds hooks = false (or the older codex_hooks) in [features], with comments and CRLF", () => {
    expect(
      codexHooksSwitchedOff('model = "gpt-5-codex"\n\n[features]\nweb_search = true\nhooks = false   # too noisy\n'),
    ).toBe("hooks = false");
    expect(codexHooksSwitchedOff("[features]\r\ncodex_hooks = false\r\n")).toBe("codex_hooks = false");
    expect(codexHooksSwitchedOff('features.hooks = false\n[profiles.fast]\nmodel = "o4-mini"\n')).toBe(
      "features.hooks = false",
    );
  });

  it("ignores hooks turned on, commented out, or in another table", () => {
    expect(codexHooksSwitchedOff("[features]\nhooks = true\n")).toBeUndefined();
    expect(codexHooksSwitchedOff("[features]\n# hooks = false\n")).toBeUndefined();
    expect(codexHooksSwitchedOff("[mcp_servers.docs]\nhooks = false\n")).toBeUndefined();
    expect(codexHooksSwitchedOff("hooks = false\n")).toBeUndefined();
    expect(codexHooksSwitchedOff("[features]\nfeatures.hooks = false\n")).toBeUndefined();
    expect(codexHooksSwitchedOff("")).toBeUndefined();
  });

  it("turns into the Codex plan's switchedOff, which says where and what to do", () => {
    const paths = resolvePaths({ env: { HOME: "/home/sam" }, platform: "linux" });
    expect(codexSpec(paths, "[features]\nhooks = false\n").switchedOff).toBe(
      "Codex has hooks switched off (`hooks = false` in /home/sam/.codex/config.toml), so it runs none of them: set it to true or remove the line",
    );
    expect(codexSpec(paths, null).switchedOff).toBeUndefined();
  });
});
