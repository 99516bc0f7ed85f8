/** The typed status line: the line being shown and how much of it is typed so far. */
export interface Typing {
  shown: string;
  typed: number;
}

/**
 * One tick of the typed status line (spec 01 §9, 40 ms a character): the line being shown is typed
 * to its end before the newest one starts, and the newest keeps what it shares with it at the start
 * ("Writing pages/A" → "Writing pages/B" types only the "B"), so a fast turn never restarts mid-word.
 */
export function typeTick(state: Typing, target: string): Typing {
  if (state.typed < state.shown.length) return { ...state, typed: state.typed + 1 };
  if (state.shown === target) return state;
  let common = 0;
  while (common < state.shown.length && common < target.length && state.shown[common] === target[common]) common++;
  return { shown: target, typed: common };
}
