// installers keeps copies of a few protocol constants (to stay off zod at startup); prove they match.
import { expect, it } from "vitest";
import * as protocol from "@mytty-bar/protocol";
import { INSTALLABLE_PROVIDERS, PROVIDER_LABELS } from "@mytty-bar/installers";
import { SPOOL_ENV_KEYS, SPOOL_MAGIC, SPOOL_MAX_PAYLOAD_BYTES } from "../src/constants.js";

it("matches @mytty-bar/protocol", () => {
  expect(INSTALLABLE_PROVIDERS).toEqual(protocol.PROVIDER_IDS);
  expect(PROVIDER_LABELS).toEqual(protocol.PROVIDER_NAMES);
  expect(SPOOL_ENV_KEYS).toEqual(protocol.SPOOL_ENV_KEYS);
  expect(SPOOL_MAGIC).toBe(protocol.SPOOL_MAGIC);
  expect(SPOOL_MAX_PAYLOAD_BYTES).toBe(protocol.SPOOL_MAX_PAYLOAD_BYTES);
});
