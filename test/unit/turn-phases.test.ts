import { describe, expect, it } from "vitest";
import { FINAL_PHASES, IllegalTurnTransition, TURN_TRANSITIONS, type TurnEvent, type TurnPhase, nextPhase } from "../../functions/agent/turn-phases";
import { TurnWrites } from "../../functions/agent/turn-writes";

const PHASES: TurnPhase[] = ["streaming", "finishing", "failing", "done", "stopped", "failed", "gone"];
const EVENTS: TurnEvent[] = ["finish", "fail", "lose-app", "done", "stopped", "failed"];

/** Every legal move of an AI turn, written out by hand: the table must say exactly this. */
const LEGAL: [TurnPhase, TurnEvent, TurnPhase][] = [
  ["streaming", "finish", "finishing"],
  ["streaming", "fail", "failing"],
  ["streaming", "lose-app", "gone"],
  ["finishing", "finish", "finishing"],
  ["finishing", "fail", "failing"],
  ["finishing", "lose-app", "gone"],
  ["finishing", "done", "done"],
  ["finishing", "stopped", "stopped"],
  ["failing", "lose-app", "gone"],
  ["failing", "failed", "failed"],
];

describe("an AI turn's phases", () => {
  it.each(LEGAL)("%s --%s--> %s", (from, event, to) => {
    expect(nextPhase(from, event)).toBe(to);
  });

  it("refuses every move the table does not list, loudly, naming the phase and the event", () => {
    const legal = new Set(LEGAL.map(([from, event]) => `${from} ${event}`));
    let refused = 0;
    for (const from of PHASES)
      for (const event of EVENTS) {
        if (legal.has(`${from} ${event}`)) continue;
        expect(() => nextPhase(from, event)).toThrow(IllegalTurnTransition);
        refused++;
      }
    expect(refused).toBe(PHASES.length * EVENTS.length - LEGAL.length);
    expect(() => nextPhase("done", "fail")).toThrow('An AI turn cannot take "fail" while done');
    expect(() => nextPhase("streaming", "done")).toThrow('An AI turn cannot take "done" while streaming');
  });

  it("lists no move beyond the legal ones, and none out of a final phase", () => {
    const listed = PHASES.flatMap((from) => Object.entries(TURN_TRANSITIONS[from]).map(([event, to]) => [from, event, to]));
    expect(listed).toEqual(LEGAL);
    for (const phase of FINAL_PHASES) expect(TURN_TRANSITIONS[phase]).toEqual({});
  });

  it("reaches every final phase from streaming", () => {
    const reached = new Set<TurnPhase>(["streaming"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, , to] of LEGAL)
        if (reached.has(from) && !reached.has(to)) {
          reached.add(to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...PHASES].sort());
  });
});

describe("a turn's writes, one queue", () => {
  const tick = () => new Promise((r) => setTimeout(r, 1));

  it("runs writes and file steps one at a time, in the order they were queued", async () => {
    const writes = new TurnWrites();
    const log: string[] = [];
    const slow = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    writes.add(slow("status"), () => log.push("status failed"));
    writes.addStep(slow("step"));
    writes.add(slow("save"), () => log.push("save failed"));
    await writes.drained();
    expect(log).toEqual(["status start", "status end", "step start", "step end", "save start", "save end"]);
  });

  it("hands a write's failure to its own handler and goes on with the next", async () => {
    const writes = new TurnWrites();
    const seen: unknown[] = [];
    const boom = new Error("status update failed");
    writes.add(() => Promise.reject(boom), (err) => seen.push(err));
    let ran = false;
    writes.addStep(async () => void (ran = true));
    await writes.drained();
    expect(seen).toEqual([boom]);
    expect(ran).toBe(true);
    expect(writes.failure).toBeNull();
  });

  it("makes a failed file step the turn's failure: the steps after it are skipped, other writes still run", async () => {
    const writes = new TurnWrites();
    const boom = new Error("the file could not be written");
    const ran: string[] = [];
    writes.addStep(() => Promise.reject(boom));
    writes.addStep(async () => void ran.push("later step"));
    writes.add(async () => void ran.push("save"), () => ran.push("save failed"));
    await expect(writes.drained()).rejects.toBe(boom);
    expect(ran).toEqual(["save"]);
    expect(writes.failure).toEqual({ error: boom });
  });

  it("waits, when drained, for writes queued while it waits", async () => {
    const writes = new TurnWrites();
    const ran: string[] = [];
    writes.addStep(async () => {
      await tick();
      writes.add(async () => {
        await tick();
        ran.push("save queued by the step");
      }, () => ran.push("failed"));
    });
    await writes.drained();
    expect(ran).toEqual(["save queued by the step"]);
  });
});
