// The doctor's streams and environment, as every command file takes them (a leaf: status-json.ts and
// handlers.ts both use it).
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}
