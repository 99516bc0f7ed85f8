/**
 * The scorer's judging, apart from the engine: pure functions over an app's files and the
 * words of an answer, so each rule can be tested on small hand-made apps
 * (test/unit/score-offline.test.ts). Nothing here knows how the offline engine works.
 */
import { Rls } from "../../functions/core/entities/rls";

export type Files = Record<string, string>;
export interface Prop {
  type?: string;
  format?: string;
  enum?: unknown[];
  description?: string;
  items?: { type?: string };
}
export interface EntityFile {
  name: string;
  properties: Record<string, Prop>;
  rls?: unknown;
}

/** The entities of an app, by name (a file that is not valid JSON counts as no entity). */
export function entitiesOf(files: Files): Record<string, EntityFile> {
  const out: Record<string, EntityFile> = {};
  for (const [path, content] of Object.entries(files)) {
    if (!path.startsWith("entities/")) continue;
    try {
      const json = JSON.parse(content) as Partial<EntityFile>;
      out[path.slice(9)] = { name: path.slice(9), properties: json.properties ?? {}, rls: json.rls };
    } catch {
      // an unreadable schema is no entity: the app cannot store records in it either
    }
  }
  return out;
}

/** "ServiceVisit", "service visit", "service_visit" -> ["service", "visit"]. */
export const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .toLowerCase()
    .split(" ")
    .filter(Boolean);
export const snake = (name: string) => wordsOf(name).join("_");
const flat = (name: string) => wordsOf(name).join("");

/** Words that qualify no noun: a name made of a sentence's leftovers ("AlsoLoan", "SentOwner", "InsideFreezer") is no match. */
const NOT_QUALIFIERS = new Set(
  "also too just then and or but nor the a an this that these those my our your their his her its inside outside into in on at by for from of to with per each every all any some get got sent send make made let see".split(" "),
);

/**
 * How well a made entity name answers a list of acceptable names: 2 the same name (or its plural),
 * 1 the same head noun after qualifiers ("ServiceVisit" answers "Visit"), 0 not at all.
 */
export function nameFits(made: string, acceptable: string[]): 0 | 1 | 2 {
  let best: 0 | 1 | 2 = 0;
  for (const name of acceptable) {
    const [m, a] = [flat(made), flat(name)];
    if (m === a || m === `${a}s` || m === `${a}es` || a === `${m}s`) return 2;
    const mw = wordsOf(made);
    const aw = wordsOf(name);
    const qualifiers = mw.slice(0, mw.length - aw.length);
    if (qualifiers.length && mw.slice(-aw.length).join(" ") === aw.join(" ") && !qualifiers.some((q) => NOT_QUALIFIERS.has(q))) best = 1;
  }
  return best;
}

/** The made entity that answers `acceptable` best, never one of `taken`; exact names before head nouns. */
export function findEntity(made: string[], acceptable: string[], taken: ReadonlySet<string> = new Set()): string | null {
  const free = made.filter((m) => !taken.has(m));
  return free.find((m) => nameFits(m, acceptable) === 2) ?? free.find((m) => nameFits(m, acceptable) === 1) ?? null;
}

/** Each expected entity (a list of acceptable names, canonical first) to the made entity answering it, one to one. */
export function matchEntities(made: string[], expected: string[][]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const taken = new Set<string>();
  for (const level of [2, 1] as const) {
    for (const names of expected) {
      if (out[names[0]]) continue;
      const hit = made.find((m) => !taken.has(m) && nameFits(m, names) === level) ?? null;
      out[names[0]] = hit;
      if (hit) taken.add(hit);
    }
  }
  return out;
}

/**
 * The link fields of `entity` that point at entity `target`: a string (or array of strings) field named
 * `<target>_id(s)` or `<role>_<target>_id(s)`, or any `…_id(s)` field whose description names the target.
 */
export function linksTo(entity: EntityFile, target: string): string[] {
  const key = snake(target);
  const named = new RegExp(`(?:^|_)${key}_ids?$`);
  const described = new RegExp(`\\b${target}\\b`);
  return Object.entries(entity.properties)
    .filter(([name, prop]) => {
      const stringy = prop.type === "string" || (prop.type === "array" && prop.items?.type === "string");
      return stringy && /_ids?$/.test(name) && (named.test(name) || described.test(prop.description ?? ""));
    })
    .map(([name]) => name);
}

/** Words a name may not start with: pronouns, contractions, request verbs, articles and joining words. */
const BAD_START = new Set(
  (
    "i i'm im i've i'd we we're were we've we'd us you you're they he she it it's its this that these there here " +
    "need needs want wants help make build create track keep manage please hi hey hello so just can could would should " +
    "let let's basically ok okay u have has is are am do does get give set a an the and or but of for to with in on at by from"
  ).split(" "),
);
/** Words a name may not end with: it would be a fragment of a sentence. */
const BAD_END = new Set("a an the and or but of for to with in on at by from my our your their his her its is are was who which that where when so i we w per vs here there".split(" "));
const PLACEHOLDER = /^(?:my |new |untitled )?app$/i;

/** Words that say what kind of app a name is rather than what it is about. */
const APP_WORDS = new Set("app application tracker track log logbook manager management planner planning organiser organizer system tool hub portal book journal list board dashboard platform".split(" "));
/** A word without its plural ending: "companies" -> "company", "boxes" -> "box", "races" -> "race". */
export const stem = (w: string) =>
  w
    .toLowerCase()
    .replace(/ies$/, "y")
    .replace(/(s|x|z|ch|sh)es$/, "$1")
    .replace(/([^s])s$/, "$1");
/** The description as words and clause breaks (sentence ends, colons, commas, brackets, dashes between words). */
const tokens = (text: string) => (text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?|[.,:;!?()[\]—–]|\s-+\s/g) ?? []).map((t) => (/^[a-z0-9]/.test(t) ? t : "|"));

/** The name's words run on in the description only across a clause break: a fragment of it ("Piano Teacher Students Name"). */
function runsAcrossBreak(words: string[], description: string): boolean {
  const all = tokens(description);
  const plain = all.filter((t) => t !== "|");
  const at = (list: string[]) => list.some((_, i) => words.every((w, j) => list[i + j] === w));
  return !at(all) && at(plain);
}

/**
 * Why an app name is not sensible (none: it is). Sensible: 1–4 words and at most 40 characters;
 * not a placeholder ("My App"); no pronoun, contraction, request verb, article or joining word first
 * ("We're …", "I'm …", "Track …", "A …"); no joining word last ("… For", "… Here"); no contraction,
 * no single-letter word ("B B"), no bare number ("2 Days"), no word twice (plurals count); no sentence
 * punctuation; a word of 3+ letters. Given the description: not words that run on there only across
 * a clause break (a fragment: "Choir Manager Singers W" from "Choir manager!! singers w/…"), not
 * starting with what follows "I"/"we" there (a verb), and about something the description names
 * (a word besides "app", "tracker"… that it uses).
 */
export function nameProblems(name: string, description?: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lower = words.map((w) => w.toLowerCase().replace(/’/g, "'"));
  const problems: string[] = [];
  if (!words.length) return ["empty"];
  if (words.length > 4) problems.push("more than 4 words");
  if (name.length > 40) problems.push("longer than 40 characters");
  if (PLACEHOLDER.test(name.trim())) problems.push("a placeholder");
  if (BAD_START.has(lower[0])) problems.push(`starts with "${words[0]}"`);
  if (words.length > 1 && BAD_END.has(lower[lower.length - 1])) problems.push(`ends with "${words[words.length - 1]}"`);
  if (lower.some((w) => /'(?:re|m|ve|ll|d)$|n't$/.test(w))) problems.push("a contraction");
  if (words.some((w) => /^[A-Za-z]$/.test(w))) problems.push("a single-letter word");
  if (words.some((w) => /^\d+$/.test(w))) problems.push("a bare number");
  if (new Set(lower.map(stem)).size < lower.length) problems.push("a repeated word");
  if (/[!?:;,()"]/.test(name)) problems.push("sentence punctuation");
  if (!words.some((w) => /[A-Za-z]{3,}/.test(w))) problems.push("no word of 3 letters or more");
  if (description !== undefined) {
    const parts = tokens(name).filter((t) => t !== "|");
    const said = tokens(description);
    if (parts.length > 1 && runsAcrossBreak(parts, description)) problems.push("a fragment running across the description's punctuation");
    // a word right after "I" or "we" is what they do: a verb ("I supervise PhD students" -> "Supervise …")
    if (said.some((t, i) => t === parts[0] && /^(?:i|we|they|you)$/.test(said[i - 1] ?? ""))) problems.push(`starts with a verb ("${words[0]}")`);
    const used = new Set(said.map(stem));
    const content = parts.filter((w) => !APP_WORDS.has(w));
    if (!(content.length ? content : parts).some((w) => used.has(stem(w)))) problems.push("names nothing the description names");
  }
  return problems;
}

/** What the engine does not build, and how an answer names it. */
export const TOPICS = {
  reminders: /remind|notif/i,
  notifications: /notif|alert|remind/i,
  emails: /e-?mails?\b/i,
  sms: /\bsms\b|text messages?|texts?\b/i,
  automations: /automat|workflow|on a schedule|scheduled|custom logic/i,
  computed: /calculat|comput|formula|derived|totals?\b|sums?\b|averag|rank|leaderboard|standings|overdue/i,
  export: /export|\bcsv\b|\bpdf\b/i,
  payments: /payments?|\bpay\b|checkout|stripe/i,
} as const;
export type Topic = keyof typeof TOPICS;

const NEGATION = /\b(?:not|no|nothing|cannot|never|without|beyond|unable|left out|skipped)\b|n['’]t\b/i;

/** Does the prose say plainly that `topic` was not built: one sentence naming it beside a "not"? */
export function saysNotBuilt(prose: string, topic: Topic): boolean {
  return prose.split(/(?<=[.!?])\s+|\n+/).some((s) => NEGATION.test(s) && TOPICS[topic].test(s));
}

/** An answer that turns the request down ("I can't make that change", "I didn't understand this request"). */
export const refuses = (prose: string) => /\bI (?:can['’]t|cannot|couldn['’]t|didn['’]t understand)\b/i.test(prose);

export type FieldType = "boolean" | "number" | "date" | "string" | "enum" | "image";
export type Expect =
  | { kind: "rename_entity"; from: string; to: string }
  | { kind: "add_field"; entity: string; field: string[]; type: FieldType; values?: string[] }
  | { kind: "add_link"; entity: string; to: string | string[] }
  | { kind: "add_entity"; entity: string[]; link_to?: string }
  | { kind: "add_view"; entity: string; view: "board" | "calendar" }
  | { kind: "filter"; entity: string; field: string }
  | { kind: "rls_own_records"; entity: string }
  | { kind: "explains"; topic: Topic };
export const EXPECT_KINDS = ["rename_entity", "add_field", "add_link", "add_entity", "add_view", "filter", "rls_own_records", "explains"] as const;

/** One follow-up turn as the judge sees it: the files before and after, the answer's prose, and the case's names. */
export interface Turn {
  before: Files;
  after: Files;
  prose: string;
  /** the case's expected entities: a reference to any of a list's names means that list */
  expected: string[][];
}

const acceptableFor = (expected: string[][], ref: string | string[]): string[] =>
  Array.isArray(ref) ? ref : (expected.find((names) => names.includes(ref)) ?? [ref]);
/** The app's entity a reference in an expectation means, in `files`. */
export const resolveIn = (files: Files, expected: string[][], ref: string | string[]): string | null =>
  findEntity(Object.keys(entitiesOf(files)), acceptableFor(expected, ref));

/** A field's schema fits the type asked for. */
export function typeFits(prop: Prop, type: FieldType, values: string[] = []): boolean {
  const enumOf = Array.isArray(prop.enum) ? prop.enum.map((v) => String(v).toLowerCase()) : null;
  if (type === "boolean") return prop.type === "boolean";
  if (type === "number") return prop.type === "number" || prop.type === "integer";
  if (type === "date") return prop.type === "string" && /^date/.test(prop.format ?? "");
  if (type === "image") return prop.type === "string" && /^(?:image|url|uri|file)$/.test(prop.format ?? "");
  if (type === "enum") return !!enumOf && values.every((v) => enumOf.includes(v.toLowerCase()));
  return prop.type === "string" && !enumOf;
}

/** The field of `entity` that an add_field expectation names, whatever its type. */
const namedField = (entity: EntityFile, names: string[]): string | undefined => Object.keys(entity.properties).find((k) => names.some((n) => snake(n) === k));

/** The fields a filter "by <field>" may test: the link fields when it names an entity, else fields of that name. */
function filterFields(files: Files, expected: string[][], entity: EntityFile, field: string): string[] {
  const target = resolveIn(files, expected, field);
  if (target && /^[A-Z]/.test(field)) return linksTo(entity, target);
  const want = snake(field).replace(/colou?r/, "colo(?:u)?r");
  return Object.keys(entity.properties).filter((k) => !/filter/.test(k) && new RegExp(`(?:^|_)${want}(?:_|$)`).test(k));
}

/** Pages that use an entity (import it). */
const pagesUsing = (files: Files, entity: string) =>
  Object.entries(files).filter(([path, content]) => path.startsWith("pages/") && content.includes(`@/entities/${entity}"`));

const MEMBER_A = { id: "user-a", email: "a@example.com", role: "user" };
const MEMBER_B = { id: "user-b", email: "b@example.com", role: "user" };
/** Row-level security as the API enforces it: a signed-in user reads the records they created and not another's. */
export function ownRecordsOnly(entity: EntityFile): boolean {
  const record = { id: "r1", created_by: MEMBER_A.email, created_by_id: MEMBER_A.id };
  const reads = (user: typeof MEMBER_A) => Rls.guard({ rls: entity.rls, properties: {} }, { kind: "member", user }).allows("read", record);
  return reads(MEMBER_A) && !reads(MEMBER_B);
}

/** Whether an expectation holds after the turn, and why not. */
export function check(expect: Expect, turn: Turn): { ok: boolean; why?: string } {
  const after = entitiesOf(turn.after);
  const fail = (why: string) => ({ ok: false, why });
  const find = (ref: string | string[]) => resolveIn(turn.after, turn.expected, ref);
  switch (expect.kind) {
    case "rename_entity": {
      const from = resolveIn(turn.before, turn.expected, expect.from);
      if (!from) return fail(`there was no ${expect.from} to rename`);
      const to = Object.keys(after).find((n) => flat(n) === flat(expect.to));
      if (!to) return fail(`no entity named ${expect.to}; entities: ${Object.keys(after).join(", ")}`);
      if (from !== to && after[from]) return fail(`${from} is still there`);
      const before = entitiesOf(turn.before);
      if (Object.keys(after).length !== Object.keys(before).length) return fail("the number of entities changed");
      const unlinked = Object.keys(before).filter((e) => e !== from && linksTo(before[e], from).length && !(after[e] && linksTo(after[e], to).length));
      return unlinked.length ? fail(`${unlinked.join(", ")} no longer link to it`) : { ok: true };
    }
    case "add_field": {
      const name = find(expect.entity);
      if (!name) return fail(`no ${expect.entity}`);
      const field = namedField(after[name], expect.field);
      if (!field) return fail(`${name} has no field ${expect.field[0]}; fields: ${Object.keys(after[name].properties).join(", ")}`);
      return typeFits(after[name].properties[field], expect.type, expect.values) ? { ok: true } : fail(`${name}.${field} is not a ${expect.type}${expect.values ? ` of ${expect.values.join("/")}` : ""}`);
    }
    case "add_link": {
      const [child, parent] = [find(expect.entity), find(expect.to)];
      if (!child || !parent) return fail(`no ${child ? String(expect.to) : expect.entity}`);
      return linksTo(after[child], parent).length ? { ok: true } : fail(`${child} has no link to ${parent}`);
    }
    case "add_entity": {
      // an entity the first turn already made counts, with the fields and link asked for
      const name = find(expect.entity);
      if (!name) return fail(`no ${expect.entity[0]}`);
      const parent = expect.link_to ? find(expect.link_to) : null;
      if (expect.link_to && !(parent && linksTo(after[name], parent).length)) return fail(`${name} has no link to ${expect.link_to}`);
      return { ok: true };
    }
    case "add_view": {
      const name = find(expect.entity);
      if (!name) return fail(`no ${expect.entity}`);
      const word = expect.view === "board" ? /board|kanban/i : /calendar/i;
      return pagesUsing(turn.after, name).some(([path]) => word.test(path)) ? { ok: true } : fail(`no ${expect.view} page uses ${name}`);
    }
    case "filter": {
      const name = find(expect.entity);
      if (!name) return fail(`no ${expect.entity}`);
      const fields = filterFields(turn.after, turn.expected, after[name], expect.field);
      if (!fields.length) return fail(`${name} has no ${expect.field} field to filter by`);
      // a filter control's value compared with the field; Array.prototype.filter (search, delete) is no filter control
      // (nor is a field whose name says "filter": a request read as a field)
      const own = Object.keys(after[name].properties).filter((k) => /filter/i.test(k));
      const test = (raw: string) => {
        const line = own.reduce((l, k) => l.split(k).join(""), raw.replace(/\.filter\(/g, "("));
        return /filter/i.test(line) && fields.some((f) => new RegExp(`\\.${f}\\b|\\[["']${f}["']\\]`).test(line));
      };
      return pagesUsing(turn.after, name).some(([, content]) => content.split("\n").some(test)) ? { ok: true } : fail(`no page filters ${name} by ${fields.join("/")}`);
    }
    case "rls_own_records": {
      const name = find(expect.entity);
      if (!name) return fail(`no ${expect.entity}`);
      return ownRecordsOnly(after[name]) ? { ok: true } : fail(`${name}'s rules let a user read another's records (rls: ${JSON.stringify(after[name].rls ?? null)})`);
    }
    case "explains": {
      const wrote = Object.entries(turn.after).some(([p, c]) => p.startsWith("functions/") && turn.before[p] !== c && TOPICS[expect.topic].test(c));
      return saysNotBuilt(turn.prose, expect.topic) || wrote ? { ok: true } : fail(`the answer does not say ${expect.topic} were not built`);
    }
  }
}

/** What a follow-up added that none of its expectations asked for: new entities, new fields on existing ones. */
export function extras(turn: Turn, expects: Expect[]): string[] {
  const before = entitiesOf(turn.before);
  const after = entitiesOf(turn.after);
  const find = (ref: string | string[]) => resolveIn(turn.after, turn.expected, ref);
  const renamed = new Map<string, string>(); // new name -> old name
  const allowedEntities = new Set<string>();
  for (const e of expects) {
    if (e.kind === "rename_entity") {
      const from = resolveIn(turn.before, turn.expected, e.from);
      const to = Object.keys(after).find((n) => flat(n) === flat(e.to));
      if (from && to) renamed.set(to, from);
    }
    const added = e.kind === "add_entity" ? find(e.entity) : e.kind === "add_link" ? find(e.to) : null;
    if (added) allowedEntities.add(added);
  }
  const out: string[] = [];
  for (const [name, entity] of Object.entries(after)) {
    const old = before[renamed.get(name) ?? name];
    if (!old) {
      if (!allowedEntities.has(name)) out.push(`new entity ${name}`);
      continue;
    }
    for (const field of Object.keys(entity.properties)) {
      if (field in old.properties) continue;
      const asked = expects.some(
        (e) =>
          (e.kind === "add_field" && find(e.entity) === name && e.field.some((f) => snake(f) === field)) ||
          (e.kind === "add_link" && find(e.entity) === name && /_ids?$/.test(field)) ||
          (e.kind === "add_entity" && find(e.entity) === name) ||
          (e.kind === "rename_entity" && [...renamed.keys()].some((to) => linksTo(entity, to).includes(field))),
      );
      if (!asked) out.push(`new field ${name}.${field}`);
    }
  }
  return out;
}
