import { Box, Text } from "@chakra-ui/react";
import { Bar } from "@nivo/bar";
import { format, parseISO } from "date-fns";
import { useLayoutEffect, useRef, useState } from "react";
import type { UsageByDate } from "../../../../schemas/usage";

const HEIGHT = 260;

/** Messages per day (spec 03 §2.2 Usage view), sized to its box: a fixed-size nivo Bar that follows the width. */
export function DailyUsageChart({ days }: { days: UsageByDate }) {
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

  const data = days.map((d) => ({ day: format(parseISO(d._id), "MMM d"), messages: d.total_messages }));
  return (
    <Box ref={box} w="full" data-testid="daily-usage-chart">
      {data.length === 0 ? (
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
          axisBottom={{ tickRotation: data.length > 10 ? -45 : 0 }}
          axisLeft={{ tickValues: 5 }}
          gridYValues={5}
          ariaLabel="Messages per day"
          role="img"
          animate={false}
        />
      )}
    </Box>
  );
}
