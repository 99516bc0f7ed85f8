export type Interval = "day" | "week" | "month" | "year";

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Adds calendar intervals the way Stripe bills: Jan 31 + 1 month is the last day of February. */
export function addInterval(unix: number, interval: Interval, count = 1): number {
  const date = new Date(unix * 1000);
  if (interval === "day" || interval === "week") {
    return unix + count * (interval === "day" ? 1 : 7) * 86_400;
  }
  const months = interval === "year" ? 12 * count : count;
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}
