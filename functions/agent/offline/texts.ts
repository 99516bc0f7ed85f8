/** What the offline engine says in words: honest, plain, and never pretending to be a model. */
import { type AppModel, hasPages } from "./model";
import { lowerWords, pluralize } from "./naming";

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
