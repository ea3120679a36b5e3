// IPC in the main process: one handler per allow-listed channel, every call checked for its sender
// and its arguments, and main→page messages held until the page says it is ready.
import { z } from "zod";
import { SettingsPatchSchema } from "@mytty-bar/engine";
import { PROVIDER_IDS } from "@mytty-bar/protocol";
import { isCopyableText } from "../view-model/resume.js";
import { INVOKE_CHANNELS, PUSH_CHANNEL, type InvokeChannel, type InvokeMap, type Push } from "../ipc/contract.js";

/** The slice of Electron's IpcMainInvokeEvent we read. */
export interface InvokeEventLike {
  sender: unknown;
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface WebContentsLike {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export type Handlers = {
  [C in InvokeChannel]: (...args: InvokeMap[C]["args"]) => InvokeMap[C]["result"] | Promise<InvokeMap[C]["result"]>;
};

const itemId = z.string().min(1).max(256);
const provider = z.enum(PROVIDER_IDS);
/** A person's answer: exactly one of the four shapes, bounded; anything else is refused. */
const answer = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("allow") }).strict(),
  z.object({ decision: z.literal("deny"), message: z.string().max(1000).optional() }).strict(),
  z.object({ decision: z.literal("terminal") }).strict(),
  z.object({ decision: z.literal("option"), label: z.string().min(1).max(1000) }).strict(),
]);

/** Argument schemas per channel: a page that sends anything else gets an error and nothing happens. */
const ARGS: { [C in InvokeChannel]: z.ZodType<InvokeMap[C]["args"]> } = {
  "mytty:ready": z.tuple([]),
  "mytty:acknowledge": z.tuple([itemId]),
  "mytty:jump": z.tuple([itemId]),
  "mytty:settings:set": z.tuple([SettingsPatchSchema]),
  "mytty:integrations:refresh": z.tuple([]),
  "mytty:integrations:diff": z.tuple([provider]),
  "mytty:integrations:fix": z.tuple([provider]),
  "mytty:copyText": z.tuple([z.string().refine(isCopyableText)]),
  "mytty:answer": z.tuple([itemId, answer]) as unknown as z.ZodType<InvokeMap["mytty:answer"]["args"]>,
  "mytty:quit": z.tuple([]),
};

/**
 * Holds pushes until the page says ready. The newest message of each kind (snapshot, settings,
 * integrations, each banner) is kept and replayed on every ready(), so a reloaded or re-created popup
 * starts from the current state instead of an empty page.
 */
export class PushQueue {
  private latest = new Map<string, Push>();
  private target: WebContentsLike | undefined;
  private isReady = false;

  attach(target: WebContentsLike): void {
    this.target = target;
    this.isReady = false;
  }

  /** The page navigated or reloaded: it must say ready again before it gets messages. */
  reset(): void {
    this.isReady = false;
  }

  ready(): void {
    this.isReady = true;
    for (const message of this.latest.values()) this.send(message);
  }

  push(message: Push): void {
    const key = message.type === "banner" ? `banner:${message.banner.id}` : message.type;
    this.latest.delete(key); // re-insert so replay keeps arrival order
    this.latest.set(key, message);
    if (this.isReady) this.send(message);
  }

  private send(message: Push): void {
    if (this.target && !this.target.isDestroyed()) this.target.send(PUSH_CHANNEL, message);
  }
}

export interface IpcSetup {
  queue: PushQueue;
  dispose(): void;
}

/**
 * Registers the allow-listed channels. `trustedSender` decides whether the call comes from our popup
 * (its webContents and its origin); anything else is refused before arguments are even parsed.
 */
export function setupIpc(
  ipcMain: IpcMainLike,
  trustedSender: (event: InvokeEventLike) => boolean,
  handlers: Handlers,
  queue: PushQueue = new PushQueue(),
): IpcSetup {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, ...args) => {
      if (!trustedSender(event)) throw new Error(`refused ${channel}: unexpected sender`);
      const parsed = ARGS[channel].safeParse(args);
      if (!parsed.success) throw new Error(`refused ${channel}: invalid arguments`);
      if (channel === "mytty:ready") queue.ready();
      const handler = handlers[channel] as (...a: unknown[]) => unknown;
      return await handler(...(parsed.data as unknown[]));
    });
  }
  return {
    queue,
    dispose: () => {
      for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
    },
  };
}

/** Our popup and only our popup: the expected webContents, its top frame, on our own origin. */
export function popupSenderCheck(getPopup: () => unknown, origin: string): (event: InvokeEventLike) => boolean {
  return (event) => {
    const popup = getPopup();
    if (!popup || event.sender !== popup) return false;
    const url = event.senderFrame?.url;
    if (!url) return false;
    try {
      // Node's URL reports origin "null" for custom schemes, so compare scheme and host directly.
      const u = new URL(url);
      return `${u.protocol}//${u.host}` === origin;
    } catch {
      return false; // not a URL: not our popup, refused
    }
  };
}
