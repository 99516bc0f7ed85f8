/**
 * Spreadsheet headers pasted into a description ("Bookings: Date | Time | Room | Lead booker", "Metals tab: Metal |
 * Grade | Price per kg", "Columns we use now: Ticket | Date | Seller | Gross kg"), written out as the sentences the
 * reader reads ("bookings have date, time, room and lead booker."). A line is a sheet when its columns are
 * split by "|"; the sheet's name is its records (a "tab", "sheet" or "columns" word dropped), or, when the name says
 * only that these are columns, the first column. Column marks become words: "#" and "No" a number, a trailing "?"
 * yes or no. Everything else of the description is left as it was.
 */
import { pluralize, singularize } from "../naming";

const SHEET_LINE = /^\s*(?:[-*•]\s*|\d+[.)]\s*)?([A-Za-z][A-Za-z0-9 '’&/-]{0,48}?)\s*(?:\([^)]*\)\s*)?[:=]\s*(.+?)\s*$/;
/** words of a sheet's name that say it is a sheet, not what it lists */
const SHEET_WORDS = /\b(?:tab|tabs|sheet|sheets|spreadsheet|table|columns?|headers?|headings?|fields|current|now|we use|our|my|the|are|is|here|have|has|in|of|one|plus|and|also|a|an|then)\b/gi;
/** a column that identifies its row ("Set #", "Permit No", "Ticket ID") names the records */
const IDENTIFIER = / number$| id$/;
/** columns every kind of record has: they name none */
const ATTRIBUTE = /^(?:name|date|time|size|type|kind|status|title|description|notes?|qty|quantity|price|cost|amount)$/;
/** a line that says the next one is a sheet's columns */
const COLUMNS_HEADING = /\b(?:columns?|headers?|headings?|tabs?|sheet)$/i;
const ONLY_SHEET_WORDS = /^(?:columns?|headers?|headings?|fields|current spreadsheet columns|columns we use now|my columns|the columns|the tabs are|tabs)$/i;

function column(raw: string): string | null {
  let c = raw.trim().replace(/[“”"']/g, "");
  if (!c) return null;
  const yesNo = /\?\s*$/.test(c);
  c = c
    .replace(/\?\s*$/, "")
    .replace(/\s*#\s*$|\s+no\.?$/i, " number")
    .replace(/^#\s*/, "number ")
    .replace(/\s*\/\s*/g, " per ")
    .replace(/[()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!/[a-z]/i.test(c) || c.split(" ").length > 5) return null;
  return yesNo ? `${c.toLowerCase()} yes/no` : c.toLowerCase();
}

const listed = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : items[0]);

/** What a sheet's records are: the name it was given, else an identifying first column, else any first column but a common one. */
function recordsOf(said: string, columns: string[]): string | null {
  const named = ONLY_SHEET_WORDS.test(said.replace(/\s+/g, " ").trim()) ? "" : said.replace(SHEET_WORDS, " ").replace(/[^a-z\s-]/gi, " ").replace(/\s+/g, " ").trim();
  if (named && /[a-z]/i.test(named) && named.split(" ").length <= 3) return named;
  const first = columns[0];
  if (IDENTIFIER.test(first)) return first.replace(IDENTIFIER, "");
  return ATTRIBUTE.test(first) ? null : first;
}

/** The description with each pasted sheet header written as one sentence. */
export function sheetsAsSentences(description: string): string {
  const lines = description.split(/\r?\n/);
  let sheets = 0;
  const headed: number[] = [];
  const out = lines.map((line, i) => {
    // a header row of its own names its records on the line before ("our returns sheet has:", "Columns we use now:")
    const heading = (lines[i - 1] ?? "").replace(/:\s*$/, "").split(/[.!?]\s+/).pop() ?? "";
    // ("Current spreadsheet columns:" and a line of columns split by commas is a header row too)
    const commas = /:\s*$/.test(lines[i - 1] ?? "") && COLUMNS_HEADING.test(heading) && line.split(",").length >= 3 && line.split(",").every((c) => c.trim().split(/\s+/).length <= 5);
    const alone = /^\s*[^:=|]+(?:\|[^|]+)+$/.test(line) || commas ? [line, heading, line] : null;
    const m = alone ?? SHEET_LINE.exec(line);
    const split = commas ? "," : "|";
    if (!m || !m[2].includes(split)) return line;
    const columns = m[2].split(split).map(column).filter((c): c is string => c !== null);
    if (columns.length < 2) return line;
    const name = recordsOf(m[1], columns);
    if (!name) return line;
    sheets++;
    if (alone && i > 0) headed.push(i);
    const records = pluralize(singularize(name.toLowerCase()));
    const fields = columns.filter((c) => singularize(c) !== singularize(name.toLowerCase()));
    return `${records} have ${listed(fields.length ? fields : columns)}.`;
  });
  // ("Current spreadsheet columns:" before a header row ends there: the row's sentence is one of its own)
  // (a line before that says only that columns follow, "Current sheet columns:", says nothing more)
  for (const i of headed) out[i - 1] = out[i - 1].replace(/([^.!?]*):\s*$/, (said, clause: string) => (clause.replace(SHEET_WORDS, " ").trim() ? `${clause}.` : ""));
  return sheets ? out.join("\n") : description;
}
