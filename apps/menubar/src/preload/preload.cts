// Sandboxed preload (CommonJS: a sandboxed preload cannot be an ES module and can require only
// `electron`). Exposes window.myttyBar and nothing else; ipcRenderer itself never reaches the page.
// Channel names are checked against the allow-list in ../ipc/contract.ts by the compiler.
import type { IpcRendererEvent } from "electron";
import type { InvokeChannel, InvokeMap, MyttyBarBridge, Push, PushChannel } from "../ipc/contract.js";
// A CommonJS file under verbatimModuleSyntax must spell its runtime import this way.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require("electron");

const PUSH: PushChannel = "mytty:push";

function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeMap[C]["args"]): Promise<InvokeMap[C]["result"]> {
  return electron.ipcRenderer.invoke(channel, ...args) as Promise<InvokeMap[C]["result"]>;
}

const bridge: MyttyBarBridge = {
  ready: () => invoke("mytty:ready"),
  onPush(listener) {
    const forward = (_event: IpcRendererEvent, push: Push) => listener(push);
    electron.ipcRenderer.on(PUSH, forward);
    return () => {
      electron.ipcRenderer.removeListener(PUSH, forward);
    };
  },
  acknowledge: (itemId) => invoke("mytty:acknowledge", itemId),
  jump: (agentId) => invoke("mytty:jump", agentId),
  setSettings: (patch) => invoke("mytty:settings:set", patch),
  refreshIntegrations: () => invoke("mytty:integrations:refresh"),
  diffIntegration: (provider) => invoke("mytty:integrations:diff", provider),
  fixIntegration: (provider) => invoke("mytty:integrations:fix", provider),
  copyText: (text) => invoke("mytty:copyText", text),
  answer: (requestId, answer) => invoke("mytty:answer", requestId, answer),
  quit: () => invoke("mytty:quit"),
};

electron.contextBridge.exposeInMainWorld("myttyBar", Object.freeze(bridge));
