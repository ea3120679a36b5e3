// Opens the real popup page (the vite bundle + HTML/CSS, same CSP) in headless Chromium, with a fake
// window.myttyBar that records calls and lets the test push messages like the main process does.
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Push } from "../../src/ipc/contract.js";
import { APP_ORIGIN, CONTENT_SECURITY_POLICY, resolveAppFile } from "../../src/main/protocol.js";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const repoRoot = path.resolve(appDir, "..", "..");
export const outputDir = path.join(repoRoot, "test-output");
const roots = { static: path.join(appDir, "src", "renderer"), scripts: path.join(appDir, "dist", "web") };
const TEST_ORIGIN = "http://popup.test";

/** The page runs the vite bundle: refuse to test a stale build instead of testing old code. */
export function assertRendererBuilt(): void {
  const out = path.join(roots.scripts, "renderer", "popup.js");
  const manifest = path.join(appDir, "dist", "renderer-bundle.json");
  if (!existsSync(out) || !existsSync(manifest)) throw new Error("The popup is not built: run `npm run build` first.");
  // The bundle script lists every source file it bundled (the renderer, the view model, shared entries).
  const { sources } = JSON.parse(readFileSync(manifest, "utf8")) as { sources: string[] };
  const built = statSync(out).mtimeMs;
  const stale = sources
    .map((f) => path.resolve(appDir, f))
    .filter((f) => !existsSync(f) || statSync(f).mtimeMs > built);
  if (stale.length > 0)
    throw new Error(
      `The popup bundle is older than ${stale.map((f) => path.basename(f)).join(", ")}: run \`npm run build\`.`,
    );
}

export interface PopupSession {
  /** One persistent context on a fresh profile directory (Playwright's way to pass --user-data-dir). */
  browser: BrowserContext;
  userDataDir: string;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<PopupSession> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), "mytty-chromium-"));
  const args = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ];
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: "/usr/bin/chromium",
    args,
    headless: true,
    viewport: { width: 380, height: 640 },
    deviceScaleFactor: 2,
  });
  mkdirSync(outputDir, { recursive: true });
  return {
    browser,
    userDataDir,
    close: async () => {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface FakeBridgeResults {
  acknowledge?: boolean;
  jump?: unknown;
  diff?: string;
  fix?: unknown;
  answer?: unknown;
}

/** A page with the fake bridge installed; resolves once the page has called ready(). */
export async function openPopup(
  browser: BrowserContext,
  results: FakeBridgeResults = {},
  colorScheme: "light" | "dark" = "light",
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  await page.emulateMedia({ colorScheme });
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await servePopupFiles(page);
  await page.addInitScript((r: FakeBridgeResults) => {
    const w = window as unknown as Record<string, unknown>;
    const calls: unknown[][] = [];
    const listeners: ((p: unknown) => void)[] = [];
    w.__calls = calls;
    w.__push = (p: unknown) => listeners.forEach((l) => l(p));
    const call =
      <T>(name: string, result: T) =>
      (...args: unknown[]) => (calls.push([name, ...args]), Promise.resolve(result));
    w.myttyBar = Object.freeze({
      ready: call("ready", undefined),
      onPush: (l: (p: unknown) => void) => (listeners.push(l), () => listeners.splice(listeners.indexOf(l), 1)),
      acknowledge: call("acknowledge", r.acknowledge ?? true),
      jump: call(
        "jump",
        r.jump ?? { status: "exact", host: "iTerm2", detail: "Brought the agent's iTerm2 pane to the front." },
      ),
      setSettings: (patch: unknown) => (
        calls.push(["setSettings", patch]),
        Promise.resolve((w.__settings as object) ?? {})
      ),
      refreshIntegrations: call("refreshIntegrations", []),
      diffIntegration: call("diffIntegration", r.diff ?? ""),
      fixIntegration: call("fixIntegration", r.fix ?? []),
      copyText: call("copyText", undefined),
      answer: call("answer", r.answer ?? { ok: true }),
      quit: call("quit", undefined),
    });
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  }, results);
  await page.goto(`${TEST_ORIGIN}/popup.html`);
  await page.waitForFunction(() =>
    ((window as unknown as { __calls: unknown[][] }).__calls ?? []).some((c) => c[0] === "ready"),
  );
  return { page, problems };
}

/** Serves the popup's files (compiled renderer, HTML, CSS) under the test origin with the app's CSP. */
export async function servePopupFiles(page: Page): Promise<void> {
  await page.route(`${TEST_ORIGIN}/**`, async (route) => {
    const hit = resolveAppFile(route.request().url().replace(TEST_ORIGIN, APP_ORIGIN), roots);
    if (!hit) return route.fulfill({ status: 404, body: "not found" });
    await route.fulfill({
      status: 200,
      body: readFileSync(hit.file),
      headers: { "content-type": hit.type, "content-security-policy": CONTENT_SECURITY_POLICY },
    });
  });
}

export const POPUP_TEST_URL = `${TEST_ORIGIN}/popup.html`;

export async function push(page: Page, ...messages: Push[]): Promise<void> {
  for (const m of messages)
    await page.evaluate((msg) => (window as unknown as { __push(p: unknown): void }).__push(msg), m as unknown);
}

export async function bridgeCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __calls: unknown[][] }).__calls.filter((c) => c[0] !== "ready"));
}

/**
 * One headless browser for the calling file (or describe block): the bundle is checked and the browser
 * launched before its tests, closed after them. Returns the browser context to open popups in.
 */
export function sharedBrowser(): () => BrowserContext {
  let session: PopupSession | undefined;
  beforeAll(async () => {
    assertRendererBuilt();
    session = await launchBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error("the browser is not launched yet: call it inside a test");
    return session.browser;
  };
}
