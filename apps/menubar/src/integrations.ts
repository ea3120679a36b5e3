// The popup's integrations section as views of @mytty-bar/installers' session (the one the doctor's
// commands use): status rows, the diff Fix would write, and Fix itself. Nothing is re-implemented here:
// Fix is `mytty-doctor install <provider>` with the same settings (pointers, pointerLanguage).
import { openSession, readInstallSettings, type Paths } from "@mytty-bar/installers";
import { PROVIDER_IDS, providerName, type ProviderId } from "@mytty-bar/protocol";
import type { IntegrationRow } from "./ipc/contract.js";
import { checkCrashedText, NO_PLAN } from "./messages.js";

export interface Integrations {
  rows(): IntegrationRow[];
  diff(provider: ProviderId): Promise<string>;
  fix(provider: ProviderId): Promise<IntegrationRow[]>;
  /**
   * The statusLine switch, after the setting was saved: installs or removes Claude Code's statusLine
   * entry to match `claudeStatusLine` (docs/usage-meters.md#claude-code-the-statusline-pass-through-opt-in),
   * through the same session as `mytty-doctor install claude-code --statusline` / `uninstall`.
   */
  statusline(): Promise<IntegrationRow[]>;
  /** Rewrites the orchestration guide when it differs (called at launch). */
  writeGuide(): Promise<void>;
}

/** `pathVar`: where `claude` is looked for (the app's own PATH unless told). */
export function createIntegrations(paths: Paths, options: { pathVar?: string } = {}): Integrations {
  // Settings are read on every call: the user may have changed them in the popup since.
  const session = () =>
    openSession({ paths, settings: readInstallSettings(paths), pathVar: options.pathVar ?? process.env.PATH });
  const rowsOf = (all: ReturnType<ReturnType<typeof session>["plans"]>) =>
    PROVIDER_IDS.map((id): IntegrationRow => {
      const crashed = all.crashed.find((c) => c.id === id);
      if (crashed) return { id, name: providerName(id), status: "crashed", detail: checkCrashedText(crashed.message) };
      const plan = all.providers.find((p) => p.provider === id);
      if (!plan) return { id, name: providerName(id), status: "crashed", detail: NO_PLAN };
      return {
        id,
        name: providerName(id),
        status: plan.status,
        configPath: plan.path,
        ...(plan.detail ? { detail: plan.detail } : {}),
      };
    });
  return {
    rows: () => rowsOf(session().plans()),
    diff: async (provider) => await session().diff("install", [provider]),
    async fix(provider) {
      const s = session();
      const { failed, skipped } = await s.apply("install", [provider]);
      if (failed[0]) throw new Error(`${failed[0].path}: ${failed[0].message}`);
      // Install writes all of its files or none: an unreadable one means nothing was written.
      if (skipped[0])
        throw new Error(`${skipped[0].path}: ${skipped[0].detail ?? "cannot be read"}; nothing was written`);
      return rowsOf(s.plans());
    },
    async statusline() {
      const s = session();
      const { failed, skipped } = await s.apply("statusline");
      if (failed[0]) throw new Error(`${failed[0].path}: ${failed[0].message}`);
      if (skipped[0]) throw new Error(`${skipped[0].path}: ${skipped[0].detail ?? "cannot be read"}, left untouched`);
      return rowsOf(s.plans());
    },
    async writeGuide() {
      await session().apply("guide");
    },
  };
}
