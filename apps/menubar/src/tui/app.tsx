// The dashboard's state: the engine's snapshots, the selection, and the keys.
import { useEffect, useMemo, useState } from "react";
import { useApp, useInput, useStdout } from "ink";
import {
  DEFAULT_LOW_CONTEXT_PERCENT,
  type AgentRow,
  type EngineHandle,
  type Notice,
  type Snapshot,
} from "@mytty-bar/engine";
import type { FocusOutcome } from "../focus/types.js";
import {
  acknowledgedText,
  jumpFailedText,
  jumpingText,
  noResumeText,
  resumeStatusText,
  TUI_TEXT,
} from "../messages.js";
import { copyableResume } from "../view-model/resume.js";
import { osc52Copier } from "./clipboard.js";
import { Dashboard, type TuiMeters } from "./dashboard.js";
import { answerGiven } from "../view-model/answer.js";
import { keysOf, type AnswerKey } from "./keys.js";
import { followNewRequest, moveSelection, START, type Selection } from "./selection.js";
import {
  acknowledgeTargets,
  answerTarget,
  jumpTarget,
  keepSelection,
  selectable,
  tuiRows,
  visibleRows,
} from "./model.js";

export interface TuiAppProps {
  engine: EngineHandle;
  focus(agent: AgentRow): Promise<FocusOutcome>;
  /** Clock for elapsed times (tests pin it). */
  now?: () => number;
  /** The engine's notices (what the menu bar would show as notifications); returns an unsubscribe. */
  onNotice?: (listener: (notice: Notice) => void) => () => void;
  /** The low-context threshold now in force (settings may change while the dashboard runs); 0 = off. */
  lowContextPercent?: () => number;
  /** Meter words and the low-usage threshold now in force (read on every frame, like lowContextPercent). */
  meters?: () => TuiMeters;
  /** Sends text to the clipboard (default: OSC 52 to this terminal); false when it was not sent. */
  copy?: (text: string) => boolean;
}

export function TuiApp({
  engine,
  focus,
  now = Date.now,
  onNotice,
  lowContextPercent = () => DEFAULT_LOW_CONTEXT_PERCENT,
  meters,
  copy,
}: TuiAppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  // Straight to the terminal, not through ink: the sequence draws nothing, so ink's frame is unaffected.
  const copyText = useMemo(() => copy ?? osc52Copier((data) => stdout.write(data)), [copy, stdout]);
  const [snapshot, setSnapshot] = useState<Snapshot>(() => engine.snapshot());
  // One state for both, updated from the previous value: several moves in one input chunk all count.
  const [selection, setSelection] = useState<Selection>(START);
  const [status, setStatus] = useState("");
  const [tick, setTick] = useState(0);

  useEffect(() => engine.subscribe(setSnapshot), [engine]);
  useEffect(
    () => onNotice?.((notice) => setStatus(`${notice.title}${notice.body ? ` — ${notice.body}` : ""}`)),
    [onNotice],
  );
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  const rows = useMemo(() => tuiRows(snapshot), [snapshot]);
  const list = selectable(rows);
  const current = keepSelection(rows, selection.key, selection.index);
  const selected = list[current];

  // A new held request takes the cursor (selection.ts), read against the rows this snapshot draws.
  useEffect(() => setSelection((prev) => followNewRequest(rows, prev, now())), [rows, now]);
  const move = (delta: number) => setSelection((prev) => moveSelection(rows, prev, delta, now()));

  useInput((input, key) => {
    for (const k of keysOf(input, key)) {
      if (k === "quit") return void exit();
      if (k === "down" || k === "up") move(k === "down" ? 1 : -1);
      else if (k === "allow" || k === "deny" || k === "terminal") answer(k);
      // Acting keys read the selection as rendered: a chunk that moves and acts in one go is rare.
      else act(k);
    }
  });

  /** A person pressed y / n / t on the selected row: the one front end answer the dashboard gives. */
  function answer(k: AnswerKey): void {
    const request = answerTarget(selected, engine.snapshot());
    if (!request) {
      setStatus("Nothing is held here: select a row that shows y / n / t.");
      return;
    }
    const result = engine.answer(request.id, { decision: k }, "dashboard");
    setStatus(result.ok ? answerGiven(k, request) : result.message);
  }

  function act(k: "enter" | "acknowledge" | "copy"): void {
    if (k === "acknowledge") {
      const ids = acknowledgeTargets(selected, snapshot);
      const done = ids.filter((id) => engine.acknowledge(id)).length;
      setStatus(ids.length === 0 ? TUI_TEXT.nothingToAcknowledge : acknowledgedText(done));
    } else if (k === "copy") {
      const agent = jumpTarget(selected);
      const command = agent ? copyableResume(agent) : undefined;
      if (!agent || command === undefined) {
        setStatus(agent ? noResumeText(agent.label ?? agent.id) : TUI_TEXT.selectAnAgent);
        return;
      }
      setStatus(resumeStatusText(command, copyText(command)));
    } else {
      const agent = jumpTarget(selected);
      if (!agent) {
        setStatus(TUI_TEXT.agentGone);
        return;
      }
      setStatus(jumpingText(agent.id));
      focus(agent).then(
        (outcome) => setStatus(outcome.detail),
        (error: unknown) => setStatus(jumpFailedText(String(error))),
      );
    }
  }

  void tick;
  // Title, key line, status and margins and the headings' margins take seven lines; the rest scrolls with the selection.
  // Each held request adds a line under its row(s).
  const heldLines = rows.filter((r) => "agent" in r && r.agent?.request).length;
  const shown = visibleRows(rows, selected?.key, Math.max(3, (stdout.rows || 24) - 7 - heldLines));
  return (
    <Dashboard
      snapshot={snapshot}
      rows={shown}
      selectedKey={selected?.key}
      now={now()}
      status={status}
      answerable={answerTarget(selected, snapshot)}
      lowContextPercent={lowContextPercent()}
      {...(meters ? { meters: meters() } : {})}
    />
  );
}
