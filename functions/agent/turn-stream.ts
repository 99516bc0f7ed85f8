import { ActionStreamParser } from "../../lib/agent/parser";
import { type Action, serialize } from "../../lib/agent/protocol";
import { streamedFences } from "../../lib/agent/repair";
import { ProviderError } from "./provider-errors";
import { AppGone, StreamCut } from "./turn-errors";

/** What a turn's stream needs of its turn (TurnState): kept narrow, so this file never imports turn-state.ts. */
export interface StreamingTurn {
  /** the answer so far */
  answer(): string;
  /** adds streamed text to the answer */
  grow(text: string): void;
  /** takes the answer back to `to` characters, the saved message following */
  retract(to: number): void;
  /** the app was found deleted */
  gone(): boolean;
  /** a status line naming the file an action reads or writes */
  status(details: string): void;
  /** a closed action, applied in order */
  apply(action: Action): void;
  /** a problem the model could fix, for the automated fix */
  problem(reason: string): void;
  /** a tag the receipt names as left in the answer as text, in the current fix round */
  failure(reason: string): void;
  /** saves the answer so far, when the last save is old enough */
  maybeFlush(): void;
  /** resolves once the turn's writes so far have run; rejects with a failed file step's error */
  drained(): Promise<void>;
}

/**
 * A turn's answer as its model calls stream it in: each chunk parsed for actions (each applied the moment it
 * closes), code in plain fences applied as its fence closes, and a stream that broke off taken back to its last
 * whole action. What the turn keeps, saves and ends with stays in TurnState.
 */
export class TurnStream {
  /** how far the answer was looked at for code in plain fences, and the fenced writes applied while it streamed */
  private fencesReadTo = 0;
  private readonly fencedApplied = new Set<string>();
  /** the answer broke off once already and the model was asked to go on */
  private resumed = false;
  /** where in the answer the last action of the current model call ended: the chat text after it is the model's closing words */
  private lastActionEnd = 0;

  constructor(private readonly turn: StreamingTurn) {}

  /** One model call's chunks, streamed into the answer; whether the answer ended inside an action. */
  async call(chunks: AsyncIterable<string>, signal: AbortSignal, end: { finishReason?: string }): Promise<boolean> {
    const start = this.turn.answer().length;
    this.lastActionEnd = start;
    const parser = new ActionStreamParser({
      onActionOpen: (open) => {
        const target = open.path ?? open.to;
        if (target) this.turn.status(`${open.type === "read" ? "Reading" : "Writing"} ${target}`);
      },
      onActionClose: (_open, action) => {
        this.lastActionEnd = start + parser.consumed();
        this.turn.apply(action);
      },
      onInvalid: (open, reason) => {
        this.turn.problem(reason);
        if (open) this.lastActionEnd = start + parser.consumed();
        else this.turn.failure(`A tag could not be read (${reason}), so it was left as text.`);
      },
      onUnknownTag: (name, attributes) => {
        // never lost in silence: the receipt names it, and when it carried attributes (a path: likely a file) the automated fix asks for it again as an action
        if (attributes)
          this.turn.problem(
            `${name}> is not one of Kiln's action tags, so what it held was not applied; use <kiln-write path="…">, <kiln-edit path="…"> and the other tags as the instructions show`,
          );
        this.turn.failure(`The tag ${name}> is not a Kiln action, so what it held was left as text.`);
      },
    });
    try {
      for await (const chunk of chunks) {
        if (signal.aborted) throw signal.reason;
        if (this.turn.gone()) throw new AppGone();
        this.turn.grow(chunk);
        parser.push(chunk);
        this.applyFenced();
        this.turn.maybeFlush();
      }
    } catch (err) {
      throw await this.cutShort(err, parser, start, signal);
    }
    const open = parser.pending();
    if (open && end.finishReason === "stop") {
      // The provider ended the answer normally inside an action: the model forgot its closing tag, it did not run out, so the action is closed and applied.
      const close = parser.closingFor(open.open);
      this.turn.grow(close);
      parser.push(close);
    }
    return parser.end().unclosed !== null;
  }

  /**
   * A stream that broke off mid-answer (the connection dropped) becomes a StreamCut the turn may retry: the
   * actions already closed stay applied, the one it was inside is taken back out of the answer (never half-applied).
   * Anything else (Stop, the deadline, a refusal) is the turn's error as it was.
   */
  private async cutShort(err: unknown, parser: ActionStreamParser, start: number, signal: AbortSignal): Promise<unknown> {
    if (signal.aborted || this.turn.gone() || !(err instanceof ProviderError) || (err.failure !== "cut" && !(err.failure === "network" && this.turn.answer().length > start))) return err;
    // once only: a second cut ends the turn, its half-written action left in the answer as cut off by the error
    if (this.resumed) return new ProviderError(`${err.message}; it broke off again when asked to go on, so the turn ended`, "cut", { cause: err });
    this.resumed = true;
    const open = parser.pending();
    if (open) this.retract(start + open.startsAt);
    await this.turn.drained();
    const inside = open ? `the ${open.open.type} of ${open.open.path ?? open.open.to ?? "an action"}` : null;
    return new StreamCut(err, inside);
  }

  /** Takes the chat text the model wrote after the current call's last action (its closing words) back out of the answer. */
  takeBackClosingWords() {
    if (this.turn.answer().slice(this.lastActionEnd).trim()) this.retract(this.lastActionEnd);
  }

  /** Takes the answer back to `to` characters: fences after it are looked for again. */
  private retract(to: number) {
    this.fencesReadTo = Math.min(this.fencesReadTo, to);
    this.turn.retract(to);
  }

  /**
   * Code a model wrote in plain markdown fences instead of actions becomes a file step as soon as its fence
   * closes, not after the turn: looked for only when a new whole line may open or close a fence.
   */
  private applyFenced() {
    const raw = this.turn.answer();
    const upTo = raw.lastIndexOf("\n") + 1;
    if (upTo <= this.fencesReadTo) return;
    const fresh = raw.slice(Math.max(0, this.fencesReadTo - 1), upTo);
    this.fencesReadTo = upTo;
    if (!/(?:^|\n) {0,3}(?:`{3}|~{3})/.test(fresh)) return;
    const { writes, writing } = streamedFences(raw.slice(0, upTo));
    // the status line names the file while its fence streams, as it does for an action
    if (writing) this.turn.status(`Writing ${writing}`);
    for (const action of writes) {
      const key = serialize(action);
      if (this.fencedApplied.has(key)) continue;
      this.fencedApplied.add(key);
      this.turn.apply(action);
    }
  }
}
