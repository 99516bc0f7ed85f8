import { addDays, addMonths, endOfMonth, endOfWeek, format, isAfter, isBefore, isSameDay, isSameMonth, startOfMonth, startOfWeek } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "./button";
import { cn } from "./utils";

type Range = { from?: Date; to?: Date };

/**
 * A month grid with the parts of react-day-picker's API that shadcn's Calendar is
 * used with: `mode` single, multiple or range, `selected`, `onSelect`, `disabled`
 * (a predicate), `month`/`defaultMonth`/`onMonthChange`.
 */
export type CalendarProps = {
  className?: string;
  disabled?: (date: Date) => boolean;
  month?: Date;
  defaultMonth?: Date;
  onMonthChange?: (month: Date) => void;
  initialFocus?: boolean;
} & (
  | { mode?: "single"; selected?: Date | null; onSelect?: (date: Date | undefined) => void }
  | { mode: "multiple"; selected?: Date[]; onSelect?: (dates: Date[]) => void }
  | { mode: "range"; selected?: Range; onSelect?: (range: Range | undefined) => void }
);

export function Calendar(props: CalendarProps) {
  const first = props.mode === "range" ? props.selected?.from : props.mode === "multiple" ? props.selected?.[0] : props.selected;
  const [own, setOwn] = useState(() => startOfMonth(props.defaultMonth ?? first ?? new Date()));
  const month = props.month ? startOfMonth(props.month) : own;
  const show = (next: Date) => {
    setOwn(next);
    props.onMonthChange?.(next);
  };

  const isSelected = (day: Date) => {
    if (props.mode === "multiple") return (props.selected ?? []).some((d) => isSameDay(d, day));
    if (props.mode === "range") {
      const { from, to } = props.selected ?? {};
      if (from && to) return !isBefore(day, from) && !isAfter(day, to);
      return !!from && isSameDay(from, day);
    }
    return !!props.selected && isSameDay(props.selected, day);
  };

  const pick = (day: Date) => {
    if (props.mode === "multiple") {
      const current = props.selected ?? [];
      props.onSelect?.(current.some((d) => isSameDay(d, day)) ? current.filter((d) => !isSameDay(d, day)) : [...current, day]);
    } else if (props.mode === "range") {
      const { from, to } = props.selected ?? {};
      if (!from || to || isBefore(day, from)) props.onSelect?.({ from: day, to: undefined });
      else props.onSelect?.({ from, to: day });
    } else {
      props.onSelect?.(props.selected && isSameDay(props.selected, day) ? undefined : day);
    }
  };

  const days: Date[] = [];
  for (let day = startOfWeek(startOfMonth(month)); !isAfter(day, endOfWeek(endOfMonth(month))); day = addDays(day, 1)) days.push(day);
  const nav = cn(buttonVariants({ variant: "outline" }), "h-7 w-7 bg-transparent p-0 opacity-50 hover:opacity-100");

  return (
    <div data-slot="calendar" className={cn("p-3", props.className)}>
      <div className="relative flex items-center justify-center pt-1">
        <button type="button" aria-label="Previous month" className={cn(nav, "absolute left-1")} onClick={() => show(addMonths(month, -1))}>
          <ChevronLeft className="h-4 w-4" />
        </button>
        <div className="text-sm font-medium">{format(month, "MMMM yyyy")}</div>
        <button type="button" aria-label="Next month" className={cn(nav, "absolute right-1")} onClick={() => show(addMonths(month, 1))}>
          <ChevronRight className="h-4 w-4" />
        </button>
      </div>
      <div role="grid" className="mt-4 grid grid-cols-7 gap-y-1 text-center text-sm">
        {days.slice(0, 7).map((day) => (
          <div key={`h${day.getDay()}`} className="w-8 text-[0.8rem] font-normal text-muted-foreground">
            {format(day, "EEEEEE")}
          </div>
        ))}
        {days.map((day) => {
          const selected = isSelected(day);
          return (
            <button
              key={day.toISOString()}
              type="button"
              role="gridcell"
              aria-selected={selected}
              disabled={props.disabled?.(day)}
              onClick={() => pick(day)}
              className={cn(
                buttonVariants({ variant: "ghost" }),
                "h-8 w-8 p-0 font-normal",
                !isSameMonth(day, month) && "text-muted-foreground opacity-50",
                isSameDay(day, new Date()) && !selected && "bg-accent text-accent-foreground",
                selected && "bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground",
              )}
            >
              {format(day, "d")}
            </button>
          );
        })}
      </div>
    </div>
  );
}
