import { z } from "zod";
import { PROVIDER_IDS } from "./provider-ids.js";

export * from "./provider-ids.js";
export const ProviderIdSchema = z.enum(PROVIDER_IDS);
