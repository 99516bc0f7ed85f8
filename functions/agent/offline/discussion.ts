/** Discussion mode: answers from the file tree, in words only, never actions. */
import { describeProp } from "./entities";
import { type AppModel, navItems, readModel, THEME_PATH } from "./model";
import { listing, snake } from "./naming";
import { CONFIGURE, examples } from "./texts";
import { detectDomains } from "./domains";

const STOP = new Set(
  (
    "what where which when does have with this that there their about how can could would should into from page pages file files " +
    "app the and for are you your show tell explain where's list entity entities field fields component components"
  ).split(" "),
);

function describeEntities(model: AppModel): string[] {
  return model.entities.map((e) => {
    const props = Object.entries(e.schema.properties).map(([name, prop]) => {
      const req = e.schema.required.includes(name) ? ", required" : "";
      return `${name} (${describeProp(prop)}${req})`;
    });
    const pages = [e.pages.list, e.pages.detail, e.pages.form].filter(Boolean) as string[];
    return `- ${e.name} (entities/${e.name}): ${props.join(", ") || "no fields"}.${pages.length ? ` Pages: ${pages.join(", ")}.` : " No pages."}`;
  });
}

/** Terms of the question found in the files: "priority" -> entities/Task, pages/TaskForm … */
function mentions(question: string, files: Record<string, string>): string[] {
  const terms = [...new Set(question.toLowerCase().match(/[a-z][a-z_-]{3,}/g) ?? [])].filter((t) => !STOP.has(t)).slice(0, 8);
  const out: string[] = [];
  for (const term of terms) {
    const needle = snake(term);
    const hits = Object.keys(files)
      .filter((p) => p.toLowerCase().includes(needle.replace(/_/g, "")) || files[p].toLowerCase().includes(needle))
      .sort();
    if (hits.length && hits.length < Object.keys(files).length) {
      out.push(`"${term}" appears in ${listing(hits.slice(0, 6))}${hits.length > 6 ? ` and ${hits.length - 6} more` : ""}.`);
    }
    if (out.length >= 3) break;
  }
  return out;
}

export function discuss(message: string, files: Record<string, string>, appName: string, currentPage?: string | null): string {
  const paths = Object.keys(files).sort();
  if (!paths.length) {
    const domains = detectDomains(message.split(/\n\s*-{3,}\s*\n/)[0]).slice(0, 6);
    return [
      "There are no files yet, and discussion mode only talks, so nothing is built.",
      domains.length
        ? `From this description the offline engine would build entities for ${listing(domains.map((d) => d.entity))}, ` +
          `with a dashboard and list, detail and form pages for each, plus a layout with navigation.`
        : "I don't recognise a particular kind of app in this description, so the offline engine would start from a general-purpose list you can then shape.",
      `Turn discussion mode off and send the description again to build it. I'm the offline engine (no AI model), so I can't discuss ideas in depth; for that, ${CONFIGURE}.`,
    ].join("\n\n");
  }
  const { model } = readModel(files, appName);
  const pages = paths.filter((p) => p.startsWith("pages/")).map((p) => p.slice(6));
  const components = paths.filter((p) => p.startsWith("components/")).map((p) => p.slice(11));
  const functions = paths.filter((p) => p.startsWith("functions/")).map((p) => p.slice(10));
  const found = mentions(message, files);
  const theme = model.theme;
  const nav = navItems(files["layout/main"]);
  return [
    `Here is what ${model.title || appName} has, read from its files. (I'm Kiln's offline engine, not an AI model: ` +
      `I can describe the app and point you to files, but not reason about your question in depth; for that, ${CONFIGURE}.)`,
    "",
    model.entities.length ? ["Entities:", ...describeEntities(model)].join("\n") : "Entities: none.",
    "",
    `Pages: ${pages.join(", ") || "none"}.`,
    `Components: ${components.join(", ") || "none"}.`,
    functions.length ? `Backend functions: ${functions.join(", ")}.` : "",
    files["layout/main"] ? `Layout: layout/main${nav.length ? `, with navigation to ${listing(nav.map((n) => n.title))}` : ""}.` : "Layout: none.",
    files[THEME_PATH] ? `Look: ${theme.style ?? "clean"} style, ${theme.primary} primary colour, ${theme.dark ? "dark" : "light"} mode (in ${THEME_PATH}).` : "",
    currentPage && pages.includes(currentPage) ? `You are looking at pages/${currentPage}.` : "",
    found.length ? ["", ...found].join("\n") : "",
    "",
    `Discussion mode only answers. Turn it off to make a change, for example ${listing(examples(model).slice(0, 2), "or")}.`,
  ]
    .filter((line, i, all) => line !== "" || (all[i - 1] !== "" && i > 0))
    .join("\n")
    .trim();
}
