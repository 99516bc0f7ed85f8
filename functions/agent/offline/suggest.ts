/** Three follow-ups the offline engine can carry out on an app, as the user would type them. */
import { isPerson } from "./knowledge";
import { hasPages, readModel } from "./model";
import { lowerWords, pluralize } from "./naming";
import { parseFieldPhrases } from "./resolve";
import { boardField } from "./views";
import { DOMAINS, domainOf } from "./domains";

export interface Suggestion {
  title: string;
  prompt: string;
}

const STARTERS: Suggestion[] = [
  { title: "Build a CRM", prompt: "A CRM to track customers, deals and follow-up tasks" },
  { title: "Track habits", prompt: "A habit tracker with daily habits, streaks and notes" },
  { title: "Collect recipes", prompt: "A recipe book with ingredients, instructions and favourites" },
];

/** Entities that go well with one the app has, best first. */
const COMPANIONS: Record<string, string[]> = {
  Customer: ["Deal", "Task", "Invoice"],
  Contact: ["Task", "Event", "Note"],
  Deal: ["Task", "Invoice"],
  Task: ["Project", "Note"],
  Project: ["Task", "Expense"],
  Invoice: ["Customer", "Expense"],
  Expense: ["Project", "Invoice"],
  Product: ["Order", "Customer"],
  Order: ["Product", "Customer"],
  Employee: ["Project", "Task"],
  Event: ["Booking", "Task"],
  Appointment: ["Customer", "Invoice"],
  Booking: ["Customer", "Invoice"],
  Note: ["Task", "Project"],
  Recipe: ["Note", "Expense"],
  Workout: ["Habit", "Note"],
  Habit: ["Note", "Workout"],
  Book: ["Note", "Habit"],
  Course: ["Student", "Task"],
  Student: ["Course", "Task"],
  Ticket: ["Customer", "Task"],
};

export function suggestOffline(files: Record<string, string>, appName: string): Suggestion[] {
  if (!Object.keys(files).length) return STARTERS.map((s) => ({ ...s }));
  const { model } = readModel(files, appName);
  const have = new Set(model.entities.map((e) => e.name));
  const out: Suggestion[] = [];

  const companions = [...model.entities.flatMap((e) => COMPANIONS[e.name] ?? []), ...DOMAINS.map((d) => d.entity)];
  // an app that has its people (members, patients) is not offered other people (customers)
  const hasPeople = model.entities.some((e) => isPerson(lowerWords(e.name)));
  const next = companions.find((name) => !have.has(name) && !(hasPeople && isPerson(lowerWords(name))));
  if (next) {
    const many = lowerWords(pluralize(next));
    out.push({ title: `Add ${many}`, prompt: `Add an entity for ${many}` });
  }

  // a board where the records move through stages, else a field worth having
  const staged = model.entities.find((e) => hasPages(e) && !e.views.board && boardField(model, e));
  if (staged) out.push({ title: `Add a board for ${lowerWords(pluralize(staged.name))}`, prompt: `Add a board for ${lowerWords(pluralize(staged.name))}` });
  for (const def of staged ? [] : model.entities.filter(hasPages)) {
    const candidates = [domainOf(def.name)?.extra, "a due date", "a category", "tags"].filter((p): p is string => Boolean(p));
    const phrase = candidates.find((p) => !((parseFieldPhrases(p, def.name)[0]?.name ?? "") in def.schema.properties));
    if (!phrase) continue;
    const many = lowerWords(pluralize(def.name));
    out.push({ title: `Add ${phrase.replace(/^(an?)\s+/, "")} to ${many}`, prompt: `Add ${phrase} field to ${many}` });
    break;
  }

  const theme = model.theme;
  if (theme.style === null) out.push({ title: "Try the glassmorphism style", prompt: "Use the glassmorphism style" });
  else if (!theme.dark) out.push({ title: "Switch to dark mode", prompt: "Make it dark" });
  else out.push({ title: "Switch to light mode", prompt: "Make it light" });

  const fillers: Suggestion[] = [
    { title: "Change the primary colour", prompt: theme.primary === "emerald" ? "Change the primary colour to indigo" : "Change the primary colour to emerald" },
    { title: "Rename the dashboard", prompt: model.dashboardTitle === "Overview" ? "Change the dashboard title to Home" : "Change the dashboard title to Overview" },
    { title: "Add notes", prompt: "Add an entity for notes" },
  ];
  for (const f of fillers) {
    if (out.length >= 3) break;
    if (f.title === "Rename the dashboard" && !model.dashboardPage) continue;
    if (f.title === "Add notes" && have.has("Note")) continue;
    if (out.some((o) => o.prompt === f.prompt)) continue;
    out.push(f);
  }
  return out.slice(0, 3);
}
