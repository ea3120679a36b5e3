// Wires the engine to the menu bar's parts. Everything Electron-shaped arrives as a parameter, so the
// tests drive this with small fakes and no Electron runtime.
import type { AgentRow, EngineHandle, EnginePorts, Notice, Settings, SettingsPatch, Snapshot } from "@mytty-bar/engine";
import type { ProviderId } from "@mytty-bar/protocol";
import type { FocusOutcome } from "../focus/types.js";
import type { Banner, IntegrationRow } from "../ipc/contract.js";
import type { Answer, AnswerResult } from "../ipc/answer-types.js";
import type { Handlers, PushQueue } from "./ipc.js";
import type { Notifier } from "./notifications.js";
import type { ShortcutResult } from "./shortcut.js";
import type { TrayState, TrayView } from "./tray.js";
import { AGENT_NOT_RUNNING, notificationsUnavailableBanner, notificationsUnavailableLog } from "../messages.js";

export interface Services {
  focus(agent: AgentRow): Promise<FocusOutcome>;
  updateTray(state: TrayState): TrayView;
  sleep(hold: boolean): void;
  applyShortcut(accelerator: string | null): ShortcutResult;
  setLoginItem(openAtLogin: boolean): void;
  showPopup(): void;
  /** Puts one (already validated) line on the system clipboard. */
  copyText(text: string): void;
  quit(): void;
  settings: { load(): Promise<Settings>; save(patch: SettingsPatch): Promise<Settings> };
  integrations: {
    rows(): IntegrationRow[];
    diff(p: ProviderId): Promise<string>;
    fix(p: ProviderId): Promise<IntegrationRow[]>;
    statusline(): Promise<IntegrationRow[]>;
  };
  log(message: string): void;
}

/** The accelerator in force: the setting (the engine defaults it to DEFAULT_GLOBAL_SHORTCUT); "" = none. */
export function effectiveShortcut(settings: Pick<Settings, "globalShortcut">): string | null {
  const accelerator = settings.globalShortcut.trim();
  return accelerator === "" ? null : accelerator;
}

const NO_ENGINE: AnswerResult = { ok: false, reason: "unknown", message: "the engine is not running" };

export class MenubarController {
  private engine: EngineHandle | undefined;
  private lastSnapshot: Snapshot | undefined;
  private notifier: Notifier | undefined;

  constructor(
    private readonly services: Services,
    private readonly queue: PushQueue,
  ) {}

  /** Ports for createEngine: notices become notifications, focus requests run the focus module. */
  ports(): EnginePorts {
    return {
      notify: (notice) => this.notify(notice),
      focus: (agent) => void this.focus(agent),
      sleepBlocker: (hold) => this.services.sleep(hold),
    };
  }

  setNotifier(notifier: Notifier): void {
    this.notifier = notifier;
  }

  attach(engine: EngineHandle): () => void {
    this.engine = engine;
    this.onSnapshot(engine.snapshot());
    return engine.subscribe((snapshot) => this.onSnapshot(snapshot));
  }

  async applySettings(settings: Settings): Promise<void> {
    const shortcut = this.services.applyShortcut(effectiveShortcut(settings));
    if (!shortcut.ok && shortcut.problem) this.banner({ id: "error", text: shortcut.problem });
    this.services.setLoginItem(settings.launchAtLogin);
    this.queue.push({ type: "settings", settings });
  }

  async start(): Promise<void> {
    await this.applySettings(await this.services.settings.load());
    this.refreshIntegrations();
  }

  banner(banner: Banner): void {
    this.queue.push({ type: "banner", banner });
  }

  /** Notification click / shortcut: the agent's pane, or the popup when there is none to jump to. */
  jumpTo(agentId: string | undefined): void {
    if (!agentId || !this.engine?.requestFocus(agentId)) this.services.showPopup();
  }

  jumpToMostUrgent(): void {
    this.jumpTo(this.engine?.snapshot().tray.mostUrgent?.agentId);
  }

  onNotificationsUnavailable(reason: string): void {
    this.services.log(notificationsUnavailableLog(reason));
    this.banner({
      id: "notifications-unavailable",
      text: notificationsUnavailableBanner(reason),
    });
    if (this.lastSnapshot) this.renderTray(this.lastSnapshot);
  }

  /** A notice that could not be shown as a notification: highlight the tray and open the popup. */
  onNotificationFallback(_notice: Notice): void {
    if (this.lastSnapshot) this.renderTray(this.lastSnapshot);
    this.services.showPopup();
  }

  /** A person answered a held request in the popup or on a notification: the engine checks and applies it. */
  answer(requestId: string, answer: Answer, by: "popup" | "notification"): AnswerResult {
    const result = this.engine?.answer(requestId, answer, by) ?? NO_ENGINE;
    if (!result.ok) this.services.log(`Answer to ${requestId} from the ${by} refused: ${result.message}`);
    return result;
  }

  /** The held approval a notice is about, if its agent still waits on one (notification actions). */
  heldApproval(notice: Notice): string | undefined {
    if (notice.kind !== "approval" || !notice.agentId) return undefined;
    const agent = this.engine?.snapshot().agents.find((a) => a.id === notice.agentId);
    return agent?.request?.kind === "approval" ? agent.request.id : undefined;
  }

  handlers(): Handlers {
    return {
      "mytty:ready": () => undefined,
      "mytty:acknowledge": (itemId) => this.engine?.acknowledge(itemId) ?? false,
      "mytty:jump": async (agentId) => {
        const agent = this.engine?.snapshot().agents.find((a) => a.id === agentId);
        if (!agent) return { status: "nothing", host: "", detail: AGENT_NOT_RUNNING };
        return this.services.focus(agent);
      },
      "mytty:settings:set": async (patch) => {
        const settings = await this.services.settings.save(patch);
        await this.applySettings(settings);
        if (patch.claudeStatusLine !== undefined) await this.syncStatusline();
        return settings;
      },
      "mytty:integrations:refresh": () => this.refreshIntegrations(),
      "mytty:integrations:diff": (provider) => this.services.integrations.diff(provider),
      "mytty:integrations:fix": async (provider) => {
        const rows = await this.services.integrations.fix(provider);
        this.queue.push({ type: "integrations", rows });
        return rows;
      },
      "mytty:copyText": (text) => this.services.copyText(text),
      "mytty:answer": (requestId, answer) => this.answer(requestId, answer, "popup"),
      "mytty:quit": () => this.services.quit(),
    };
  }

  /** The statusLine switch installs or removes the entry too; a failure is a banner, the setting stays saved. */
  private async syncStatusline(): Promise<void> {
    try {
      this.queue.push({ type: "integrations", rows: await this.services.integrations.statusline() });
    } catch (error) {
      this.banner({
        id: "error",
        text: `Claude Code's statusLine was not changed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  private refreshIntegrations(): IntegrationRow[] {
    const rows = this.services.integrations.rows();
    this.queue.push({ type: "integrations", rows });
    return rows;
  }

  private notify(notice: Notice): void {
    if (this.notifier) this.notifier.show(notice);
    else this.onNotificationFallback(notice);
  }

  private async focus(agent: AgentRow): Promise<FocusOutcome> {
    const outcome = await this.services.focus(agent);
    if (outcome.status !== "exact") this.banner({ id: "focus", text: outcome.detail });
    return outcome;
  }

  private renderTray(snapshot: Snapshot): void {
    this.services.updateTray({ model: snapshot.tray, notificationsUnavailable: this.notifier?.unavailable() ?? false });
  }

  private onSnapshot(snapshot: Snapshot): void {
    this.lastSnapshot = snapshot;
    this.renderTray(snapshot);
    this.queue.push({ type: "snapshot", snapshot });
  }
}
