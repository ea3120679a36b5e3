// An SSH_CONNECTION value ("client_ip client_port server_ip server_port") as the hook helper records it.
// One rule for the engine, which matches it to a local ssh (local-tab.ts), and the menu bar, which passes
// it verbatim to the host to find the tmux client that came from it (apps/menubar/src/focus/remote.ts):
// no zod, so the client entry can carry it.
const ADDR = "[0-9A-Fa-f.:]{2,45}";
const PORT = "\\d{1,5}";
const SHAPE = new RegExp(`^(${ADDR}) (${PORT}) (${ADDR}) (${PORT})$`);

export interface SshConnectionParts {
  clientAddr: string;
  clientPort: number;
  serverAddr: string;
  serverPort: number;
}

/** Its four parts, or undefined unless `text` is exactly that shape (single spaces, ports ≤ 65535). */
export function sshConnectionParts(text: string): SshConnectionParts | undefined {
  const m = text.length <= 200 ? SHAPE.exec(text) : null;
  if (!m) return undefined;
  const clientPort = Number(m[2]);
  const serverPort = Number(m[4]);
  if (clientPort > 65535 || serverPort > 65535) return undefined;
  return { clientAddr: m[1]!, clientPort, serverAddr: m[3]!, serverPort };
}
