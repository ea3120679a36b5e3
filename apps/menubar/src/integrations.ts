// The popup's integrations section as views of @mytty-bar/installers' plans (the same plans the
// doctor uses): status rows, the diff Fix would write, and Fix itself. Nothing is re-implemented here.
import {
  applyChanges,
  installChanges,
  installItems,
  planAll,
  planContext,
  unifiedDiff,
  type Lang,
  type Paths,
} from "@mytty-bar/installers";
import { PROVIDER_IDS, providerName, type ProviderId } from "@mytty-bar/protocol";
import type { IntegrationRow } from "./ipc/contract.js";

export interface Integrations {
  rows(): IntegrationRow[];
  diff(provider: ProviderId): Promise<string>;
  fix(provider: ProviderId): Promise<IntegrationRow[]>;
  /** Rewrites the orchestration guide when it differs (called at launch). */
  writeGuide(): Promise<void>;
}

export function createIntegrations(paths: Paths, lang: () => Lang): Integrations {
  const plans = () => planAll(planContext(paths, lang()));
  const rows = (): IntegrationRow[] => {
    const all = plans();
    return PROVIDER_IDS.map((id): IntegrationRow => {
      const crashed = all.crashed.find((c) => c.id === id);
      if (crashed)
        return { id, name: providerName(id), status: "crashed", detail: `The check crashed: ${crashed.message}` };
      const plan = all.providers.find((p) => p.provider === id);
      if (!plan) return { id, name: providerName(id), status: "crashed", detail: "No plan was produced" };
      return {
        id,
        name: providerName(id),
        status: plan.status,
        configPath: plan.path,
        ...(plan.detail ? { detail: plan.detail } : {}),
      };
    });
  };
  const changesFor = (provider: ProviderId) => installChanges(installItems(plans(), [provider]));
  return {
    rows,
    diff: async (provider) => await unifiedDiff(changesFor(provider)),
    async fix(provider) {
      const outcomes = await applyChanges(changesFor(provider), { paths });
      const failed = outcomes.find((o) => o.result === "conflict" || o.result === "invalid" || o.result === "error");
      if (failed && "message" in failed) throw new Error(`${failed.path}: ${failed.message}`);
      return rows();
    },
    async writeGuide() {
      await applyChanges(plans().guide.install, { paths });
    },
  };
}
