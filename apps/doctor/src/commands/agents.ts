// Placeholder until packages/detect lands (issue 4): `mytty-doctor agents`.
import type { Command } from "commander";

export function registerAgentsCommand(_program: Command): void {}
