// Registers every command except \`agents\` (loaded on demand by cli.ts).
import type { Command } from "commander";
import type { Io } from "../handlers.js";
import { registerDiffCommand } from "./diff.js";
import { registerFixCommand } from "./fix.js";
import { registerGuideCommand } from "./guide.js";
import { registerInstallCommand } from "./install.js";
import { registerStatusCommand } from "./status.js";
import { registerUninstallCommand } from "./uninstall.js";

export function registerCommands(program: Command, io: Io): void {
  registerStatusCommand(program, io);
  registerInstallCommand(program, io);
  registerFixCommand(program, io);
  registerDiffCommand(program, io);
  registerUninstallCommand(program, io);
  registerGuideCommand(program, io);
}
