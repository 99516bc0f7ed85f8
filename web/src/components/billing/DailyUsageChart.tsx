import { Box, Text } from "@chakra-ui/react";
import { Bar } from "@nivo/bar";
import { format, parseISO } from "date-fns";
import { useLayoutEffect, useRef, useState } from "react";
import type { UsageByDate } from "../../../../schemas/usage";
import { dailySeries } from "./dailySeries";

const HEIGHT = 260;

/** Messages per day of the credit period (spec 03 §2.2 Usage view), sized to its box: a fixed-size nivo Bar that follows the width. */
export function DailyUsageChart({ days, periodStart, periodEnd }: { days: UsageByDate; periodStart: string; periodEnd: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const data = dailySeries(days, periodStart, periodEnd).map((d) => ({ day: format(parseISO(d.day), "MMM d"), messages: d.messages }));
  const most = Math.max(0, ...data.map((d) => d.messages));
  return (
    <Box ref={box} w="full" data-testid="daily-usage-chart">
      {most === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="10" textAlign="center">
          No messages yet this period.
        </Text>
      ) : (
        <Bar
          width={width}
          height={HEIGHT}
          data={data}
          keys={["messages"]}
          indexBy="day"
          margin={{ top: 10, right: 10, bottom: 40, left: 40 }}
          padding={0.3}
          colors={["#ea580c"]}
          borderRadius={3}
          enableLabel={false}
          // whole messages on the axis while the counts are small
          valueScale={{ type: "linear", min: 0, max: Math.max(4, Math.ceil(most)), nice: true }}
          axisBottom={{ tickRotation: data.length > 10 ? -45 : 0, tickValues: data.filter((_, i) => i % Math.ceil(data.length / 12) === 0).map((d) => d.day) }}
          axisLeft={{ tickValues: 4 }}
          gridYValues={4}
          ariaLabel="Messages per day"
          role="img"
          animate={false}
        />
      )}
    </Box>
  );
}
