// Contract of the engine's state as front ends see it (issue 5). Menu bar, TUI and mytty-team read
// only this — never payloads, never the tracker internals.
import { z } from "zod";
import {
  AnsweredSchema,
  AttentionItemSchema,
  HeldRequestSchema,
  ProviderIdSchema,
  RunStateSchema,
} from "@mytty-bar/protocol";

/** One limit window as rows carry it (`mytty-team list --json` → `usage`). */
export const UsageWindowSchema = z.object({
  /** The window's length as people say it: "5h", "7d" (from the provider's own window length). */
  window: z.string(),
  /** 0–100, as the provider reports it (used, not left). */
  usedPercent: z.number(),
  /** ISO time the window resets, when the provider says. */
  resetsAt: z.string().datetime().optional(),
});
export type UsageWindow = z.infer<typeof UsageWindowSchema>;

export const TerminalSchema = z.object({
  app: z.string().optional(),
  bundleId: z.string().optional(),
  tmuxPane: z.string().optional(),
  tmuxSocket: z.string().optional(),
  tmuxSession: z.string().optional(),
  tmuxWindow: z.string().optional(),
  tmuxClientTty: z.string().optional(),
  /** The tmux pane's `@mytty_label`, as detect read it (also the row's `label`). */
  label: z.string().max(64).optional(),
  hints: z.record(z.string(), z.string()).optional(),
  remote: z.enum(["ssh", "mosh"]).optional(),
});

/** One row of `mytty-team list --json` (docs/architecture.md#contracts, plus extras). */
export const AgentRowSchema = z.object({
  /** Stable agent id: `<provider>-<pid>` for a live process, `<provider>-s-<short session>` without one. */
  id: z.string(),
  tty: z.string().nullable(),
  pid: z.number().int().nullable(),
  provider: ProviderIdSchema,
  /**
   * How the agent was identified (docs/architecture.md#contracts): its process, a child of a wrapper, or a hint.
   * A row known only from hook calls (no agent process in the helper's parent chain, `pid: null`)
   * is "hint": the provider was declared by the hook call rather than detected.
   */
  via: z.enum(["process", "descendant", "hint"]),
  executable: z.string().nullable(),
  /** Provider antigravity only: which CLI the binary is, Gemini CLI or Antigravity (as resume tells them apart). */
  variant: z.enum(["gemini", "antigravity"]).optional(),
  terminal: TerminalSchema,
  state: RunStateSchema,
  sessionId: z.string().optional(),
  runId: z.string().optional(),
  message: z.string().optional(),
  attention: z.boolean(),
  updatedAt: z.string().datetime(),
  startedAt: z.string().datetime().optional(),
  cwd: z.string().optional(),
  /** `mytty-team spawn --label`: the agent's tmux pane option `@mytty_label`; `wait`, `focus`, `note` accept it. */
  label: z.string().optional(),
  /** A worker's one-line self-report (`mytty-team status`). */
  note: z.string().optional(),
  model: z.string().optional(),
  contextLeftPercent: z.number().optional(),
  resumeCommand: z.string().optional(),
  /** Usage-limit windows when a local source reports them (docs/usage-meters.md). */
  usage: z.array(UsageWindowSchema).optional(),
  /** The agent's chat mode where its store names it (Cursor CLI: "plan", "ask"). */
  mode: z.string().optional(),
  /** A hook holds this agent's request and a front end may answer it (docs/answering.md). Always set by the engine. */
  answerable: z.boolean().optional(),
  /** The held request, only while it is held. */
  request: HeldRequestSchema.optional(),
  /** The last answer given from Mytty Bar, until the run moves on ("Allowed from Mytty Bar"). */
  answered: AnsweredSchema.optional(),
  /** The watched host the agent runs on (its ssh destination or `docker://…`); null for this machine. */
  host: z.string().nullable().optional(),
  /**
   * Set while the link to the row's host is down (ISO, since when): the row's `state` shows
   * `disconnected` meanwhile, and its run carries on when the link is back (docs/remote.md#watching-a-host).
   */
  linkDownSince: z.string().datetime().optional(),
  /**
   * A remote agent's local tab: the local `ssh` whose connection its SSH_CONNECTION names, and where that
   * ssh's tty lives; Jump focuses it (docs/remote.md#jump-to-a-remote-agent).
   */
  localTab: z.object({ pid: z.number().int(), tty: z.string(), terminal: TerminalSchema }).optional(),
  /** Why a remote agent's local tab is not known exactly: Jump refuses with it. */
  localTabProblem: z.string().optional(),
});
export type AgentRow = z.infer<typeof AgentRowSchema>;

export const TrayModelSchema = z.object({
  running: z.number().int(),
  needsYou: z.number().int(),
  icon: z.enum(["idle", "running", "attention"]),
  /** Short text for the macOS menu bar title / tooltip, e.g. "2 running · 1 needs you". */
  title: z.string(),
  mostUrgent: z
    .object({ agentId: z.string().optional(), itemId: z.string(), kind: z.string(), message: z.string() })
    .optional(),
});
export type TrayModel = z.infer<typeof TrayModelSchema>;

/** Agent processes of other users, left out of the rows (docs/detection.md#whose-agents-are-shown). */
export const LeftOutSchema = z.object({
  count: z.number().int(),
  /** The first of them, by pid (at most LEFT_OUT_SHOWN). */
  agents: z.array(
    z.object({
      pid: z.number().int(),
      uid: z.number().int(),
      provider: ProviderIdSchema,
      tty: z.string().nullable(),
      executable: z.string(),
    }),
  ),
});
export type LeftOut = z.infer<typeof LeftOutSchema>;
export const LEFT_OUT_SHOWN = 20;

/** One watched host as front ends show it: its link, and the one-line fix when it fails. */
export const HostStatusSchema = z.object({
  host: z.string(),
  state: z.enum(["connecting", "connected", "disconnected"]),
  since: z.string().datetime(),
  /** What is wrong, in one line ending with the command that fixes it. */
  problem: z.string().optional(),
  /** The host's hooks are not installed (`mytty-doctor install <provider> --host <host>`). */
  helperMissing: z.boolean().optional(),
  /** Other users' agent processes on the host, left out: only the ssh user's are rows. Absent when none. */
  leftOut: LeftOutSchema.optional(),
  /**
   * The host did not say who owns its processes (no `id -u`, or a ps without a uid column): every user's
   * agents there are shown, as before uids were read (`mytty-doctor agents --all` says so).
   */
  ownersUnknown: z.literal(true).optional(),
});
export type HostStatus = z.infer<typeof HostStatusSchema>;

export const StatsSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** Well-formed hook calls that map to no state change (e.g. Claude's idle_prompt) or came from another host. */
  ignored: z.number().int().optional(),
  spoolBacklog: z.number().int(),
  lastEventAt: z.record(z.string(), z.string()),
  /** Watched hosts and their links, when any are watched (`mytty-doctor status` shows their problems). */
  hosts: z.array(HostStatusSchema).optional(),
  /** This machine's agent processes of other users, left out of the rows by the last scan; absent when none. */
  leftOut: LeftOutSchema.optional(),
});
export type Stats = z.infer<typeof StatsSchema>;

export const SnapshotSchema = z.object({
  at: z.string().datetime(),
  agents: z.array(AgentRowSchema),
  /** Attention items to show: actionable ones and recently resolved/acknowledged ones (flagged). */
  attention: z.array(AttentionItemSchema.extend({ agentId: z.string().optional(), actionable: z.boolean() })),
  tray: TrayModelSchema,
  stats: StatsSchema,
  /** Watched hosts and their links (docs/remote.md#watching-a-host); absent when none are watched. */
  hosts: z.array(HostStatusSchema).optional(),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;
