/** What the offline engine says in words: honest, plain, and never pretending to be a model. */
import { calendarDate } from "./entities";
import { isPerson } from "./knowledge";
import { type AppModel, fields, hasPages } from "./model";
import { listing, lowerWords, pluralize } from "./naming";
import type { Asks } from "./unbuilt";

export const CONFIGURE = 'configure a model provider (see "Configure" in the README)';

/** Three requests the engine can carry out on this app. */
export function examples(model: AppModel | null): string[] {
  const first = model?.entities.find(hasPages);
  const many = first ? lowerWords(pluralize(first.name)) : "tasks";
  const field = [
    ["due_date", "a due date"],
    ["category", "a category"],
    ["tags", "a tags"],
    ["website", "a website"],
  ].find(([name]) => !first || !(name in first.schema.properties)) ?? ["x", "a rating"];
  const entity = model?.entities.some((e) => e.name === "Invoice") ? "expenses" : "invoices";
  return [`"add ${field[1]} field to ${many}"`, `"add an entity for ${entity}"`, `"make it dark" or "use the glassmorphism style"`];
}

export function cannotDo(model: AppModel | null, why?: string): string {
  return [
    why ?? "I can't make that change.",
    `I'm Kiln's offline engine: a rule-based planner that works without an AI model, so I only understand a few ` +
      `kinds of request: adding, renaming or removing fields, choices, entities and pages; a board, a calendar or ` +
      `a dashboard chart; the style, dark mode and the colour of the header, sidebar, buttons and other parts; titles; ` +
      `and simple backend functions that count records or post to Slack. To have anything else built, ${CONFIGURE}.`,
    "",
    "Things I can do right now, for example:",
    ...examples(model).map((e) => `- ${e}`),
  ].join("\n");
}

export function firstTurnClosing(
  title: string,
  entities: { name: string; fields: string[] }[],
  pages: string[],
  components: string[],
  style: string,
  generic: boolean,
  model: AppModel,
): string {
  return [
    `Built ${title}:`,
    `- Entities: ${entities.map((e) => `${e.name} (${e.fields.join(", ")})`).join("; ")}`,
    `- Pages: ${pages.join(", ")}`,
    `- Components: ${components.join(", ")}; layout/main with navigation to every page`,
    `- Style: ${style}`,
    "",
    generic
      ? `I didn't recognise a particular kind of app in your description, so this starts from a general-purpose ` +
        `list. You can shape it with follow-ups, or ${CONFIGURE} for an app written to your description.`
      : "Every list has search, a status filter where there is a status, and delete; forms check required fields and are used both to create and to edit.",
    "",
    `This was put together by Kiln's offline engine, which works without an AI model. It can make changes such as ${examples(model).join(", ")}; for anything beyond that, ${CONFIGURE}.`,
  ].join("\n");
}

/** The app's records a follow-up offer can name: dated ones, people with an e-mail, and the main list. */
function offerNouns(model: AppModel): { dated: { entity: string; date: string } | null; person: string | null; many: string } {
  // an entity named for a figure ("Leaderboard") is no list of records to count
  const listed = model.entities.filter((e) => hasPages(e) && !/(?:leaderboard|total|ranking|standing|summary)$/i.test(e.name));
  const withDate = listed.map((e) => ({ e, date: calendarDate(fields(model, e)) })).find((x) => x.date);
  const person = listed.find((e) => fields(model, e).some((f) => f.kind === "email")) ?? listed.find((e) => isPerson(lowerWords(e.name)));
  return {
    dated: withDate ? { entity: lowerWords(withDate.e.name), date: withDate.date!.label.toLowerCase() } : null,
    person: person ? lowerWords(person.name) : null,
    many: lowerWords(pluralize(listed[0]?.name ?? "record")),
  };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the computed figures are set against: the dashboard's charts and the tallies, which the engine does make. */
function figuresMade(model: AppModel, tallied: boolean): string {
  const charts = model.charts.map((c) => c.title.charAt(0).toLowerCase() + c.title.slice(1));
  if (charts.length) return `beyond the dashboard's charts (${listing(charts)})${tallied ? " and the tallies" : ""}`;
  return tallied ? "beyond the tallies" : "(the dashboard counts the records of each kind)";
}

const EXPORT_PARTS: Readonly<Record<string, string>> = { export: "export", csv: "export", excel: "export", xlsx: "export", pdf: "PDF export", printing: "printing", import: "import from files" };

/**
 * One line per thing asked for and not built, each a sentence with a "not" that names it, then the
 * follow-up that would build it; the engine's own tallies count as built (`tallied`, `rated`).
 */
export function notBuiltLines(asks: Asks, model: AppModel, tallied: boolean, rated: boolean): string[] {
  const { dated, person, many } = offerNouns(model);
  const lines: string[] = [];
  const named: string[] = [];
  for (const [gap, words] of asks) {
    switch (gap) {
      case "reminders":
        lines.push(
          `Reminders are not sent: the app keeps ${dated ? `the ${dated.date} of each ${dated.entity}` : "the records"} but sends nothing by itself. ` +
            `To have them sent, ${CONFIGURE} and ask for "a backend function that e-mails a reminder${dated ? ` the day before the ${dated.date} of each ${dated.entity}` : ""}".`,
        );
        break;
      case "notifications":
        lines.push(
          `Notifications and alerts are not sent: nobody is told when a record is added or changes. ` +
            `Say "add a function that posts new ${many} to Slack" to post each one to a channel when a page calls it, or ${CONFIGURE} for e-mail alerts.`,
        );
        break;
      case "emails":
        lines.push(`E-mails are not sent: I can't write a function that sends mail offline. To have them sent, ${CONFIGURE} and ask for "a backend function that e-mails ${person ? `each ${person}` : "them"}".`);
        break;
      case "sms":
        lines.push(
          `Text messages (SMS) are not sent: that needs an SMS service such as Twilio, which I have no template for offline. ` +
            `To have them sent, ${CONFIGURE} and ask for "a backend function that texts ${person ? `each ${person}` : "them"} through Twilio".`,
        );
        break;
      case "automations":
        lines.push(
          `Automations are not built: nothing in the app happens by itself, on a schedule or when a record changes; each change is made by someone on a page. ` +
            `To have one built, ${CONFIGURE} and ask for a backend function that does it.`,
        );
        break;
      case "computed": {
        const kinds = [...words].filter((k) => !(k === "averages" && rated));
        if (!kinds.length) break;
        lines.push(
          `${capital(listing(kinds))} are not calculated ${figuresMade(model, tallied)}. ` +
            `Say "add a function that counts ${many}" for a count, or ${CONFIGURE} to have ${listing(kinds)} calculated.`,
        );
        break;
      }
      case "export": {
        const parts = [...new Set([...words].map((w) => EXPORT_PARTS[w] ?? "export"))];
        const what = (parts.includes("PDF export") ? parts.filter((p) => p !== "export") : parts).map((p) => (p === "export" ? "export to CSV or PDF" : p));
        lines.push(
          `${capital(listing(what))} ${what.length > 1 ? "are" : "is"} not built into the app's pages. ` +
            `The workspace's Data view already exports each entity's records as CSV and imports them from CSV; for ${parts.includes("PDF export") || parts.includes("printing") ? "PDFs or printing" : "an export button"} in the app, ${CONFIGURE}.`,
        );
        break;
      }
      case "payments":
        lines.push(
          `Payments are not taken: the app can record them, but it charges nobody. ` +
            `To take card payments, set up Payments for apps at /integrations/stripe (Stripe Connect) and connect this app, then ${CONFIGURE} and ask for a checkout button.`,
        );
        break;
      case "voting":
        if (!tallied) named.push("Voting is not built: nothing in the app counts votes for a record.");
        break;
      default:
        named.push(NAMED_GAPS[gap]);
    }
  }
  if (named.length) lines.push(`${named.join(" ")} To have ${named.length > 1 ? "these" : "it"} built, ${CONFIGURE}.`);
  return lines.length ? ["What I did not build (the offline engine makes records, links, boards, calendars and charts):", ...lines.map((l) => `- ${l}`)] : [];
}

const NAMED_GAPS: Readonly<Record<string, string>> = {
  generated: "The app does not write generated text: that needs a language model.",
  drag: "Drag-and-drop arrangement is not built.",
  timer: "A timer is not built.",
  map: "A map is not built: places are kept as text.",
  shared: "Public or shared links are not built.",
  code: "Code highlighting, copy buttons and viewers are not built.",
  study: "Study and quiz modes are not built.",
  random: "Random picks are not built.",
};
