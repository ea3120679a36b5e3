// STUB: contract; implementation belongs to issue 2 (protocol). providers.md §4.1 "Ids".
import type { ProviderId } from "./providers.js";
import type { EventKind } from "./kinds.js";

export declare function canonicalJson(value: unknown): string;
export declare function eventId(provider: ProviderId, kind: EventKind, payload: unknown): string;
export declare function runId(provider: ProviderId, runKey: string): string;
/** Id for a synthetic event from its own tuple. */
export declare function syntheticId(...parts: string[]): string;
