import type { UsageByDate } from "../../../../schemas/usage";

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * Every day of the credit period, in UTC as the server counts them, with the days nobody sent
 * a message (or that are still to come) at 0: the chart always spans the whole period.
 */
export function dailySeries(days: UsageByDate, periodStart: string, periodEnd: string): { day: string; messages: number }[] {
  const counts = new Map(days.map((d) => [d._id, d.total_messages]));
  const first = Date.parse(`${dayOf(periodStart)}T00:00:00Z`);
  const last = Date.parse(`${dayOf(periodEnd)}T00:00:00Z`);
  const series: { day: string; messages: number }[] = [];
  for (let t = first; t <= last && series.length < 62; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    series.push({ day, messages: counts.get(day) ?? 0 });
  }
  return series;
}
