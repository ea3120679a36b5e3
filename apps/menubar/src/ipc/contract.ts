// The one contract between the Electron main process, the preload bridge and the popup page.
// Channels are an allow-list: main registers exactly these, the preload forwards exactly these,
// and the page sees only the MyttyBarBridge methods (window.myttyBar). Types only cross into the
// sandboxed preload and the browser page; the runtime constants are used by main and tests.
import type { Settings, SettingsPatch, Snapshot } from "@mytty-bar/engine";
import type { ProviderId } from "@mytty-bar/protocol";
import type { FocusOutcome } from "../focus/types.js";
import type { Answer, AnswerResult } from "./answer-types.js";

export const INVOKE_CHANNELS = [
  "mytty:ready",
  "mytty:acknowledge",
  "mytty:jump",
  "mytty:settings:set",
  "mytty:integrations:refresh",
  "mytty:integrations:diff",
  "mytty:integrations:fix",
  "mytty:copyText",
  "mytty:answer",
  "mytty:quit",
] as const;
export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];

/** Main → page, one channel; every message carries its type. */
export const PUSH_CHANNEL = "mytty:push";
export type PushChannel = typeof PUSH_CHANNEL;

export type IntegrationStatus = "installed" | "needs-repair" | "not-installed" | "invalid" | "crashed";

/** One provider's doctor status as the popup shows it (built by main from @mytty-bar/installers). */
export interface IntegrationRow {
  id: ProviderId;
  name: string;
  status: IntegrationStatus;
  configPath?: string;
  /** What is wrong and why it matters, from the installers' status. */
  detail?: string;
}

export interface Banner {
  id: "notifications-unavailable" | "focus" | "error";
  text: string;
}

export type Push =
  | { type: "snapshot"; snapshot: Snapshot }
  | { type: "settings"; settings: Settings }
  | { type: "integrations"; rows: IntegrationRow[] }
  | { type: "banner"; banner: Banner };
export type PushType = Push["type"];

/** Arguments and results per channel (main validates the arguments again: the page is not trusted). */
export interface InvokeMap {
  "mytty:ready": { args: []; result: void };
  "mytty:acknowledge": { args: [itemId: string]; result: boolean };
  "mytty:jump": { args: [agentId: string]; result: FocusOutcome };
  "mytty:settings:set": { args: [patch: SettingsPatch]; result: Settings };
  "mytty:integrations:refresh": { args: []; result: IntegrationRow[] };
  "mytty:integrations:diff": { args: [provider: ProviderId]; result: string };
  "mytty:integrations:fix": { args: [provider: ProviderId]; result: IntegrationRow[] };
  /** One line of text (a resume command) to the system clipboard; main refuses anything else. */
  "mytty:copyText": { args: [text: string]; result: void };
  /** A person's answer to a held request (docs/answering.md#from-the-popup-and-notifications). */
  "mytty:answer": { args: [requestId: string, answer: Answer]; result: AnswerResult };
  "mytty:quit": { args: []; result: void };
}

/** What the preload exposes as window.myttyBar — nothing else of Electron reaches the page. */
export interface MyttyBarBridge {
  /** Tells main the page is listening; queued messages follow at once. */
  ready(): Promise<void>;
  onPush(listener: (push: Push) => void): () => void;
  acknowledge(itemId: string): Promise<boolean>;
  jump(agentId: string): Promise<FocusOutcome>;
  setSettings(patch: SettingsPatch): Promise<Settings>;
  refreshIntegrations(): Promise<IntegrationRow[]>;
  diffIntegration(provider: ProviderId): Promise<string>;
  fixIntegration(provider: ProviderId): Promise<IntegrationRow[]>;
  /** Copies one line (≤ 4 KiB, no control characters) to the clipboard. */
  copyText(text: string): Promise<void>;
  /** Answers a held request once; the result says why when the engine refused it. */
  answer(requestId: string, answer: Answer): Promise<AnswerResult>;
  quit(): Promise<void>;
}
