import { Box, Text } from "@chakra-ui/react";
import { Bar } from "@nivo/bar";
import { format, isValid, parseISO } from "date-fns";

/** The admin charts are a fixed size (spec 03 §2.3): nivo's Bar without a responsive wrapper. */
export const CHART = { width: 720, height: 260 } as const;

/** A day's tick: "Jan 5" rather than "2025-01-05", so the slanted labels stay inside the chart. */
export function dayTick(day: string): string {
  const date = parseISO(day);
  return isValid(date) ? format(date, "MMM d") : day;
}

/** Bars of one series per day; says `empty` when there is nothing to draw. */
export function DailyBars({ data, label, empty, testId }: { data: { day: string; value: number }[]; label: string; empty: string; testId: string }) {
  const most = Math.max(0, ...data.map((d) => d.value));
  return (
    // it scrolls sideways on a narrow window: a keyboard reaches it (a labelled region with a tab stop, WCAG's scrollable-region-focusable)
    <Box overflowX="auto" tabIndex={0} role="region" aria-label={label} data-testid={testId} data-days={data.length}>
      {data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="10" textAlign="center">
          {empty}
        </Text>
      ) : (
        <Bar
          width={CHART.width}
          height={CHART.height}
          data={data}
          keys={["value"]}
          indexBy="day"
          // room below for the slanted day labels and left for the first of them, so none is cut
          margin={{ top: 10, right: 16, bottom: 60, left: 56 }}
          padding={0.3}
          colors={["#ea580c"]}
          enableLabel={false}
          valueScale={{ type: "linear", min: 0, max: Math.max(4, most), nice: true }}
          axisBottom={{ tickRotation: -45, tickValues: data.filter((_, i) => i % Math.ceil(data.length / 12) === 0).map((d) => d.day), format: (day) => dayTick(String(day)) }}
          axisLeft={{ tickValues: 4 }}
          gridYValues={4}
          ariaLabel={label}
          role="img"
          animate={false}
        />
      )}
    </Box>
  );
}
