// Reads payload fixtures from fixtures/payloads/<provider>/<name>.json. For Cursor and Antigravity
// the helper passes the event name in argv; fixture names start with it ("stop-error" → "stop").
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import type { ProviderId } from "@mytty-bar/protocol";

export const FIXTURE_DIR = fileURLToPath(new URL("../../../fixtures/payloads/", import.meta.url));

export function loadFixture(provider: ProviderId, name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURE_DIR, provider, `${name}.json`), "utf8")) as Record<string, unknown>;
}

export function fixtureEvent(provider: ProviderId, name: string): string | undefined {
  return provider === "cursor" || provider === "antigravity" ? name.split("-")[0] : undefined;
}

export function listFixtures(): { provider: ProviderId; name: string }[] {
  return readdirSync(FIXTURE_DIR)
    .sort()
    .flatMap((provider) =>
      readdirSync(path.join(FIXTURE_DIR, provider))
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => ({ provider: provider as ProviderId, name: f.slice(0, -".json".length) })),
    );
}
