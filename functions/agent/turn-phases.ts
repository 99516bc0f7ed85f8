/**
 * The phases an AI turn goes through and the only moves between them (turn-state.ts runs them).
 * Pure: no store, no clock. A move the table does not list is a bug in the caller, refused loudly.
 *
 *   streaming --finish--> finishing --done--> done
 *                         finishing --stopped--> stopped
 *                         finishing --finish--> finishing   (Stop landed while the first finish failed: finish again)
 *   streaming, finishing --fail--> failing --failed--> failed
 *   streaming, finishing, failing --lose-app--> gone
 */
export type TurnPhase =
  /** the answer streams in: closed actions are applied, the answer so far saved and pushed */
  | "streaming"
  /** the answer ended (or Stop was pressed): repairs applied, the final message, receipt and charge being written */
  | "finishing"
  /** the turn failed: what it did is kept, the error and refund being written */
  | "failing"
  | "done"
  | "stopped"
  | "failed"
  /** the app was deleted while the turn ran: nothing more is written */
  | "gone";

export type TurnEvent = "finish" | "fail" | "lose-app" | "done" | "stopped" | "failed";

/** Every legal move: from a phase, by an event, to the next phase. */
export const TURN_TRANSITIONS: Readonly<Record<TurnPhase, Readonly<Partial<Record<TurnEvent, TurnPhase>>>>> = {
  streaming: { finish: "finishing", fail: "failing", "lose-app": "gone" },
  finishing: { finish: "finishing", fail: "failing", "lose-app": "gone", done: "done", stopped: "stopped" },
  failing: { "lose-app": "gone", failed: "failed" },
  done: {},
  stopped: {},
  failed: {},
  gone: {},
};

/** The phases a turn ends in: no event leaves them. */
export const FINAL_PHASES: readonly TurnPhase[] = ["done", "stopped", "failed", "gone"];

/** A move the table does not allow: the turn's code asked for something its phase forbids. */
export class IllegalTurnTransition extends Error {
  constructor(
    readonly from: TurnPhase,
    readonly event: TurnEvent,
  ) {
    super(`An AI turn cannot take "${event}" while ${from}`);
  }
}

/** The phase `event` moves a turn in `from` to; throws IllegalTurnTransition when the table has no such move. */
export function nextPhase(from: TurnPhase, event: TurnEvent): TurnPhase {
  const to = TURN_TRANSITIONS[from][event];
  if (!to) throw new IllegalTurnTransition(from, event);
  return to;
}
