/** pages/<Name>Calendar: a month calendar of an entity's records by one of its dates. */
import { calendarDate, statusField } from "../entities";
import type { AppModel, EntityDef } from "../model";
import { access, jsxText, str } from "../naming";
import { entityImport, importLine, lines, names, newRecordButton, recordUrl, setter, uiImports } from "./common";
import { CARD_PAGE_END, PAGE_HEADER_OPEN } from "./page-parts";

export function renderCalendar(model: AppModel, def: EntityDef): string {
  const n = names(model, def);
  const page = def.views.calendar!;
  const date = calendarDate(n.fields)!;
  const status = statusField(n.fields);
  const title = n.title ? `{${access(n.one, n.title.name)} || "Untitled"}` : `{${n.one}.id}`;
  const entry = def.pages.detail
    ? `<Link key={${n.one}.id} to=${recordUrl(def.pages.detail, `${n.one}.id`)} className={\`block truncate rounded px-1 text-xs \${theme.link}\`}>${title}</Link>`
    : `<span key={${n.one}.id} className="block truncate px-1 text-xs">${title}</span>`;

  return lines(
    `import React, { useEffect, useState } from "react";`,
    `import { Link } from "react-router-dom";`,
    `import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameDay, isSameMonth, isValid, parseISO, startOfMonth, startOfToday, startOfWeek, subMonths } from "date-fns";`,
    importLine("lucide-react", ["ChevronLeft", "ChevronRight", ...(def.pages.form ? ["Plus"] : [])]),
    entityImport(model, def.name),
    uiImports({ button: ["Button"], card: ["Card", "CardContent"] }),
    `import { theme } from "@/components/Theme";`,
    `import { createPageUrl } from "@/utils";`,
    "",
    `const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];`,
    "",
    `export default function ${page}() {`,
    `  const [${n.many}, ${setter(n.many)}] = useState([]);`,
    "  const [month, setMonth] = useState(() => startOfMonth(startOfToday()));",
    "  const [loading, setLoading] = useState(true);",
    "",
    "  useEffect(() => {",
    `    ${n.ident}.list(${str(date.name)})`,
    `      .then(${setter(n.many)})`,
    "      .finally(() => setLoading(false));",
    "  }, []);",
    "",
    "  const gridDays = eachDayOfInterval({ start: startOfWeek(month), end: endOfWeek(endOfMonth(month)) });",
    `  const recordsOn = (cell) => ${n.many}.filter((${n.one}) => {`,
    `    const when = ${access(n.one, date.name)} ? parseISO(String(${access(n.one, date.name)})) : null;`,
    "    return when && isValid(when) && isSameDay(when, cell);",
    "  });",
    "",
    ...PAGE_HEADER_OPEN,
    `          <h1 className={theme.heading}>${jsxText(`${def.navTitle} calendar`)}</h1>`,
    `          <p className={theme.muted}>${jsxText(`By ${date.label.toLowerCase()}${status ? `, with their ${status.label.toLowerCase()}` : ""}.`)}</p>`,
    "        </div>",
    `        <div className="flex items-center gap-2">`,
    `          <Button variant="outline" size="icon" aria-label="Previous month" className={theme.secondaryButton} onClick={() => setMonth((m) => subMonths(m, 1))}>`,
    `            <ChevronLeft className="h-4 w-4" />`,
    "          </Button>",
    `          <span className="w-36 text-center font-medium">{format(month, "MMMM yyyy")}</span>`,
    `          <Button variant="outline" size="icon" aria-label="Next month" className={theme.secondaryButton} onClick={() => setMonth((m) => addMonths(m, 1))}>`,
    `            <ChevronRight className="h-4 w-4" />`,
    "          </Button>",
    newRecordButton(def, n, 10),
    "        </div>",
    "      </div>",
    "      <Card className={theme.card}>",
    `        <CardContent className="p-2">`,
    "          {loading ? (",
    `            <p className={\`p-4 \${theme.muted}\`}>Loading…</p>`,
    "          ) : (",
    `            <div className="grid grid-cols-7 gap-px">`,
    "              {WEEKDAYS.map((weekday) => (",
    `                <div key={weekday} className={\`p-2 text-center text-xs font-semibold \${theme.muted}\`}>`,
    "                  {weekday}",
    "                </div>",
    "              ))}",
    "              {gridDays.map((cell) => (",
    `                <div key={cell.toISOString()} className={\`min-h-24 space-y-1 border p-1 \${isSameMonth(cell, month) ? "" : "opacity-40"}\`}>`,
    `                  <div className="text-right text-xs">{format(cell, "d")}</div>`,
    `                  {recordsOn(cell).map((${n.one}) => (`,
    `                    ${entry}`,
    "                  ))}",
    "                </div>",
    "              ))}",
    "            </div>",
    "          )}",
    CARD_PAGE_END,
  );
}
