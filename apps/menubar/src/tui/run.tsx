// Renders the dashboard until q; the caller owns the engine (and stops it afterwards).
import { render } from "ink";
import type { TuiAppProps } from "./app.js";
import { TuiApp } from "./app.js";

export async function runTuiApp(props: TuiAppProps): Promise<void> {
  const instance = render(<TuiApp {...props} />, { exitOnCtrlC: false });
  await instance.waitUntilExit();
}
