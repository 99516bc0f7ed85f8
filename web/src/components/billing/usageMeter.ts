/** How a usage bar looks (spec 03 §4): red above 90 %, yellow above 75 %, else neutral. */
export type MeterTone = "red" | "yellow" | "neutral";

export interface UsageMeter {
  /** the bar's width in percent, capped at 100 */
  width: number;
  tone: MeterTone;
  /** what is left, never below 0 */
  remaining: number;
}

export function usageMeter(used: number, limit: number): UsageMeter {
  const percent = limit > 0 ? (used / limit) * 100 : used > 0 ? 100 : 0;
  return {
    width: Math.min(100, Math.max(0, percent)),
    tone: percent > 90 ? "red" : percent > 75 ? "yellow" : "neutral",
    remaining: Math.max(0, limit - used),
  };
}
