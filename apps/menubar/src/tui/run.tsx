// Renders the dashboard until q; the caller owns the engine (and stops it afterwards).
import { render } from "ink";
import type { TuiAppProps } from "./app.js";
import { TuiApp } from "./app.js";

export async function runTuiApp(props: TuiAppProps): Promise<void> {
  // A pty with no size yet (`script`, `docker exec -t` before its first resize) reports 0×0, and Ink
  // would then wrap after every character and redraw whole screens; 80×24 is what no size means.
  if (!process.stdout.columns) process.stdout.columns = 80;
  if (!process.stdout.rows) process.stdout.rows = 24;
  const instance = render(<TuiApp {...props} />, { exitOnCtrlC: false });
  await instance.waitUntilExit();
}
