// The popup is served from our own scheme (mytty-bar://popup/…), not file://: ES modules load, the page
// has a real origin for sender checks, and only files of the renderer folder can be reached.
import path from "node:path";

export const APP_SCHEME = "mytty-bar";
export const APP_HOST = "popup";
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const POPUP_URL = `${APP_ORIGIN}/popup.html`;

/** No remote anything: scripts and styles from our origin only, no inline code, no network. */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
];
/** The copy in popup.html's <meta> tag (a meta CSP cannot carry frame-ancestors). */
export const META_CONTENT_SECURITY_POLICY = POLICY.join("; ");
/** Sent as a header with every file of the popup. */
export const CONTENT_SECURITY_POLICY = [...POLICY, "frame-ancestors 'none'"].join("; ");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** Pages and styles are served from the source folder; compiled scripts from the build output. */
export interface AppRoots {
  static: string;
  scripts: string;
}

/** Maps a request URL to a file under its root, or null (other host, unknown type, or an escape attempt). */
export function resolveAppFile(url: string, roots: AppRoots): { file: string; type: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // not a URL: nothing of ours to serve
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(parsed.pathname);
  } catch {
    return null; // malformed %-escape: refused like an escape attempt
  }
  const root = path.resolve(path.extname(rel) === ".js" ? roots.scripts : roots.static);
  const file = path.resolve(root, `.${rel}`);
  if (!file.startsWith(root + path.sep)) return null;
  const type = TYPES[path.extname(file)];
  return type ? { file, type } : null;
}

export interface ProtocolLike {
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

export function setupAppProtocol(
  protocol: ProtocolLike,
  roots: AppRoots,
  readFile: (file: string) => Promise<Uint8Array>,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const hit = resolveAppFile(request.url, roots);
    if (!hit) return new Response("Not found", { status: 404 });
    try {
      const body = await readFile(hit.file);
      return new Response(body as unknown as ConstructorParameters<typeof Response>[0], {
        status: 200,
        headers: {
          "content-type": hit.type,
          "content-security-policy": CONTENT_SECURITY_POLICY,
          "x-content-type-options": "nosniff",
        },
      });
    } catch {
      return new Response("Not found", { status: 404 }); // missing or unreadable: the page gets a 404
    }
  });
}
