/**
 * The offline planner's first turn: a description becomes entities, their fields, the links between
 * them, and the pages that fit (a board for stages, a calendar for dates, charts). Two readings make
 * it: the reader (reader/: tagger and WordNet), which leads a description that spells out its
 * records, and the word rules below (nouns listed, fields typed from the words around them, enriched
 * by what knowledge.ts knows), which lead a short idea; each completes the other. Deterministic; what
 * it does not build the answer says (unbuilt.ts).
 */
import { addKnownLinks, type Draft, draftOf, fieldsOf, flowIn, link, type PlannedEntity } from "./drafts";
import { enumProp, fieldFrom, statusOptions } from "./fields";
import { isPerson, knowledgeOf, recordStagedAs } from "./knowledge";
import { type Clause, clausesOf, findNamed, itemsAfter, listedNouns, type Mention, mentionsIn, titleNoun, titlePair } from "./nouns";
import { mergePlans } from "./reader/merge";
import { read } from "./reader/read";
import { happens, peopleTies } from "./reader/ties";
import { ADJECTIVES, DETERMINERS, LINK_WORDS, RECORDING_VERBS, SUBJECT_VERBS } from "./vocabulary/grammar";
import { APP_NOUNS } from "./vocabulary/nouns";
import { pascal, singularize } from "./naming";
import { amountsIn, measuresOf } from "./measures";
import { fitTransactions, plannedTransactions } from "./transactions";
import { sheetsAsSentences } from "./reader/sheets";

export type { PlannedEntity };

export interface Plan {
  entities: PlannedEntity[];
  board: string | null;
  calendar: string | null;
  monthlyChart: boolean;
}

const MAX_ENTITIES = 8;
const OTHERS_ACT = new RegExp(`,?\\s+and\\s+(?=[a-z]+s\\s+(?:${RECORDING_VERBS.join("|")})\\s)`, "gi");
/** ", and trainers log attendance": what others do starts a clause of its own, not an item of the list before it. */
const splitActs = (text: string) => text.replace(OTHERS_ACT, ". ");

export function planDescription(pasted: string): Plan {
  const description = sheetsAsSentences(pasted); // pasted spreadsheet headers, as the sentences both readings read
  const rules = planByRules(description);
  const reading = read(description);
  if (!reading.drafts.length) return rules;
  const [drafts, saidLinks] = [reading.drafts, peopleTies(reading.drafts)]; // (the ties said, before the links guessed below)
  const main = drafts.find((d) => !d.person && !knowledgeOf(d.noun)?.container) ?? drafts[0];
  addKnownLinks(drafts, main);
  // a happening nothing ties to a person or thing is of those said with it
  const tied = (h: Draft) => h.links.some((l) => drafts.some((x) => x.name === l && !happens(x)));
  for (const [h, m] of reading.alongside) if (drafts.includes(h) && drafts.includes(m) && !tied(h)) link(h, m);
  // a record nothing ties to anything is kept for the one said before it (a claim for the found item, a recording for the survey)
  const alone = (d: Draft) => !d.links.length && !drafts.some((x) => x.links.includes(d.name));
  for (const [i, d] of drafts.entries()) if (i > 0 && !d.person && alone(d)) link(d, drafts[i - 1]);
  // a thing that belongs to nothing belongs to what its sentence named before it ("customers …, quotes …": a quote is a customer's)
  for (const d of drafts) {
    if (d.person || d.links.length || d === drafts[0]) continue;
    const owner = (reading.saidBefore.get(d) ?? []).find((x) => drafts.includes(x) && !x.links.includes(d.name) && !happens(x));
    if (owner) link(d, owner);
  }
  for (const d of drafts) d.fields = fieldsOf(d, [], { told: d.described.length >= 2 });
  const reader = { entities: drafts.map(({ described: _, ...e }) => e), ...viewsOf(drafts, main, [], [], reading.text) };
  // a description that spells out its records' fields, or explains its business at length, is read; a short
  // idea is planned from what is known of its nouns
  const said = { subject: reading.subject, verbs: reading.verbs };
  const explained = reading.sentences >= 2 || reading.words >= 25;
  // (and one that gives examples of a kind of thing, which the word rules would make a record each)
  const examples = drafts.some((d) => d.described.some((f) => f.name === "kind"));
  if (reading.fieldLists >= 2 || examples || (explained && (drafts.length >= 2 || drafts.some((d) => d.described.length)))) return mergePlans(reader, rules, said);
  // ... and what the reading adds to an idea is only the records it gave fields, and those its words tie ("bookings + parents")
  const added = reader.entities.flatMap((e, i) => (drafts[i].described.length ? [e] : saidLinks.has(e.name) ? [{ ...e, links: saidLinks.get(e.name)! }] : []));
  return mergePlans(rules, { ...reader, entities: added }, said);
}

/** The earlier word-rule planner: for a description the reader finds no records in. */
function planByRules(description: string): Plan {
  const clauses = clausesOf(splitActs(description));
  const listedMentions: { noun: string }[] = listedNouns(clauses).slice(0, MAX_ENTITIES);
  // "a plant tracker with weekly waterings": the thing the app is named after, when the description lists little else
  const named = titleNoun(clauses);
  // ... or the parent its listed things belong to ("a recipe box with ingredients and steps")
  const parentOfListed =
    !!named && listedMentions.some((m) => knowledgeOf(m.noun)?.parents.includes(named)) && !listedMentions.some((m) => m.noun.slice(0, 5) === named.slice(0, 5));
  // ... or what the listed containers hold ("a photography portfolio with albums": photos in albums)
  const childOfListed = !!named && (knowledgeOf(named)?.parents ?? []).some((p) => listedMentions.some((m) => m.noun === p && knowledgeOf(p)?.container));
  // ... or the people who use it ("a standup app: each member posts blockers")
  if (
    named &&
    (listedMentions.filter((m) => !isPerson(m.noun)).length < 2 || parentOfListed || childOfListed) &&
    knowledgeOf(named) &&
    !listedMentions.some((m) => m.noun === named || m.noun.endsWith(` ${named}`))
  )
    listedMentions.unshift({ noun: named });
  // "drafts, scheduled posts and writers": listed stages are one record moving through them
  const staged = recordStagedAs(listedMentions.map((m) => m.noun));
  if (staged && !listedMentions.some((m) => m.noun === staged)) {
    const stages = knowledgeOf(staged)!
      .fields.find((f) => /^(status|stage):/.test(f))!
      .split(":")[1]
      .split("/");
    const first = listedMentions.findIndex((m) => stages.includes(m.noun));
    listedMentions.splice(0, listedMentions.length, ...listedMentions.filter((m, i) => i === first || !stages.includes(m.noun)));
    listedMentions[first] = { noun: staged };
  }
  const title = titlePair(clauses);
  if (listedMentions.length < 2 && title.nouns.every((n) => knowledgeOf(n)))
    for (const noun of title.nouns) if (!listedMentions.some((m) => m.noun === noun)) listedMentions.splice(listedMentions.length - (listedMentions.length ? 1 : 0), 0, { noun });
  // "a dream diary": what a journal or diary records is an entry about its subject
  if (!listedMentions.length && named && !knowledgeOf(named) && /^(journal|diary)$/.test(title.app ?? "")) listedMentions.push({ noun: `${named} entry` });
  // "a reading-goals tool to add goals": a listed noun takes the qualifier the title gives it
  const lead = (clauses[0]?.words ?? []).find((x) => !DETERMINERS.has(x) && !ADJECTIVES.has(x));
  const titleWords = clauses[0]?.words ?? [];
  const kin = titleWords
    .slice(
      0,
      titleWords.findIndex((x) => APP_NOUNS.has(x)),
    )
    .find((x) => /^(team|family)$/.test(x));
  for (const m of listedMentions) {
    const compound = (clauses[0]?.words ?? []).find(
      (x) => /^[a-z]+-[a-z]+$/.test(x) && !ADJECTIVES.has(x.split("-")[0]) && !m.noun.includes(" ") && singularize(x.split("-")[1]) === m.noun,
    );
    if (compound) m.noun = `${compound.split("-")[0]} ${m.noun}`;
    // "a pantry inventory with low items": a bare item is an item of the place the app is about
    // ... but "a recycling guide: search an item": an activity has no items of its own
    else if (m.noun === "item" && lead && !knowledgeOf(lead) && !/ing$/.test(lead)) m.noun = `${lead} item`;
    // "a team standup app: each member posts": the member is a team member
    else if (kin && !m.noun.includes(" ") && knowledgeOf(m.noun)?.person && knowledgeOf(`${kin} ${m.noun}`) !== knowledgeOf(m.noun)) m.noun = `${kin} ${m.noun}`;
    // "a family planner with chores per member": the member is a family member
    else if (named && !m.noun.includes(" ") && knowledgeOf(m.noun)?.person && knowledgeOf(`${named} ${m.noun}`) !== knowledgeOf(m.noun)) m.noun = `${named} ${m.noun}`;
  }
  if (!listedMentions.length && /\b(with|for|log|logging|track|tracking|record)\b/.test(description.toLowerCase())) listedMentions.push({ noun: "entry" });
  // "classes they enrolled in": a record of each person's enrolment in each class
  const joined = /\b([a-z]+s) (?:they|people|members|users) (registered|enrolled|signed up)\b/.exec(description.toLowerCase());
  const joining = joined && { registered: "registration", enrolled: "enrolment", "signed up": "sign-up" }[joined[2]];
  // "friends vote on destinations", "members rate recipes": each vote or rating is a record of who voted for what
  const acted = /\b([a-z]+s) (?:(vote|bid|comment)s? on|rates?) ([a-z]+s)\b/.exec(description.toLowerCase());
  const act = acted ? (acted[2] ?? "rating") : "";
  const acts =
    acted &&
    [acted[1], acted[3]].every((x) => listedMentions.some((m) => m.noun === singularize(x))) &&
    !listedMentions.some((m) => m.noun === act) &&
    listedMentions.length < MAX_ENTITIES;
  if (acts) listedMentions.push({ noun: act });
  if (joining && listedMentions.some((m) => m.noun === singularize(joined[1])) && !listedMentions.some((m) => m.noun === joining) && listedMentions.length < MAX_ENTITIES)
    listedMentions.push({ noun: joining });
  // "members book classes": the booking is a record linking the member and the class, both records too
  const transactions = plannedTransactions(description, listedMentions, MAX_ENTITIES);
  // "word lists": the words are records too, each in its list
  for (const m of [...listedMentions]) {
    const item = /^([a-z]+) list$/.exec(m.noun)?.[1];
    if (item && !listedMentions.some((x) => x.noun === item) && listedMentions.length < MAX_ENTITIES) listedMentions.push({ noun: item });
  }
  // "how many shares", "how much plastic, paper and glass": amounts of the main thing, not things of their own
  const amounts = amountsIn(description);
  for (let i = listedMentions.length - 1; i >= 0; i--) if (amounts.some((a) => singularize(a) === listedMentions[i].noun)) listedMentions.splice(i, 1);
  if (amounts.length && !listedMentions.length) listedMentions.push({ noun: "entry" });
  const drafts: Draft[] = listedMentions.map((m) => {
    return draftOf(m.noun);
  });
  for (const d of drafts) {
    const list = drafts.find((x) => x.noun === `${d.noun} list`);
    if (list) link(d, list);
  }
  if (acts)
    for (const x of [acted[1], acted[3]])
      link(
        drafts.find((d) => d.noun === act)!,
        drafts.find((d) => d.noun === singularize(x))!,
      );
  for (const t of transactions) {
    const record = findNamed(drafts, t.record ?? t.what)!;
    for (const end of [findNamed(drafts, t.what), findNamed(drafts, t.who)]) if (end) link(record, end);
  }
  const byNoun = (noun: string) => drafts.find((d) => d.noun === noun)!;
  const nouns = drafts.map((d) => d.noun);
  const main = drafts.find((d) => !d.person && !knowledgeOf(d.noun)?.container) ?? drafts[0];
  const mentions: Mention[][] = clauses.map((c, ci) => mentionsIn(c, ci, nouns));

  // Person modifiers name who a record is by: "member ratings" -> a rating with a member.
  for (const d of drafts) {
    const [mod, ...rest] = d.noun.split(" ");
    let by = rest.length ? drafts.find((x) => x !== d && x.person && x.noun === mod) : undefined;
    // "member ratings" with no members listed: the members are records too
    if (!by && rest.length && isPerson(mod) && !isPerson(rest.join(" ")) && knowledgeOf(rest.join(" ")) && drafts.length < MAX_ENTITIES) {
      by = { name: pascal(mod), noun: mod, fields: [], links: [], icon: knowledgeOf(mod)?.icon ?? "UserRound", person: true, described: [] };
      drafts.push(by);
    }
    if (by && !drafts.some((x) => x !== d && x.noun === rest.join(" "))) {
      d.noun = rest.join(" ");
      d.name = pascal(d.noun);
      d.icon = knowledgeOf(d.noun)?.icon ?? d.icon;
      link(d, by);
    }
  }
  for (const ms of mentions) for (const m of ms) m.noun = drafts.find((d) => d.noun === m.noun || `${m.noun}`.endsWith(` ${d.noun}`))?.noun ?? m.noun;

  const flows: { owner: Draft; flow: [string, string]; word: string }[] = [];
  clauses.forEach((c, ci) => addClause(c, ci, mentions[ci], drafts, main, flows, byNoun));
  addKnownLinks(drafts, main);

  // "assigned to" with nobody to assign: a person entity to assign to; things "rotating" go round people too
  // "who owes whom", "an expense splitter for roommates": the people who share the costs are records
  const owing = /\bwho (?:owes|owe|paid|pays|spent)\b|\bsplit(?:s|ting|ter)?\b/i.test(description);
  // ... named by who they are when the description says so ("for roommates", but "for roommates or trips" is anyone)
  const sharers = /\bfor (?:my |our |the )?([a-z]+mates|friends|colleagues)\b(?! or\b)/i.exec(description)?.[1].toLowerCase();
  if (
    main &&
    !drafts.some((d) => d.person) &&
    (owing || /\b(assignees?|assigned to|owners?|owned by|reporters?|responsible|rotating|rotas?)\b/i.test(description)) &&
    drafts.length < MAX_ENTITIES
  ) {
    // "an owner team": the owner is the team itself
    const group = /\b(owner|owning|responsible) team\b/i.test(description);
    const kin = /\b(team|family)\b/i.exec(description)?.[1].toLowerCase();
    const noun = group ? "team" : kin ? `${kin} member` : owing && sharers ? singularize(sharers) : "person";
    const person: Draft = { name: pascal(noun), noun, fields: [], links: [], icon: "UserRound", person: !group, described: [] };
    drafts.push(person);
    // "who owes whom": the person is on the records known to be by someone (an expense's payer)
    const by = owing ? drafts.filter((d) => !d.person && knowledgeOf(d.noun)?.parents.includes("@person")) : [];
    for (const d of by.length ? by : [main]) link(d, person);
  }

  (main ?? drafts.find((d) => !d.person))?.described.push(
    ...measuresOf(
      description,
      amounts,
      drafts.map((d) => d.noun),
    ),
  );
  for (const d of drafts)
    d.fields = fieldsOf(
      d,
      flows.filter((f) => f.owner === d),
    );
  fitTransactions(transactions, drafts, description);

  return { entities: drafts.map(({ described: _, ...e }) => e), ...viewsOf(drafts, main, flows, transactions, description) };
}

/** The views that fit: a board for what moves through stages, a calendar for dated things, a monthly chart. */
function viewsOf(
  drafts: Draft[],
  main: Draft | undefined,
  flows: { owner: Draft; flow: [string, string]; word: string }[],
  transactions: { record: string | null; what: string }[],
  description: string,
): Omit<Plan, "entities"> {
  const text = description.toLowerCase();
  const withStatus = (d: Draft) => d.fields.some((f) => Array.isArray(f.prop.enum) && /^(status|stage)$/.test(f.name));
  let board: string | null = null;
  if (/\b(kanban|pipeline|stages?|moves? (?:through|from)|moving (?:through|from)|board)\b/.test(text.replace(/\bboard games?\b/g, "")) && main) {
    // what moves through the pipeline: a flow said, the main thing, what people did (an application), any record with a status
    const done = drafts.find((d) => withStatus(d) && transactions.some((t) => (t.record ?? t.what) === d.noun));
    const owner = flows[0]?.owner ?? drafts.find((d) => withStatus(d) && d === main) ?? done ?? drafts.find(withStatus) ?? main;
    if (!withStatus(owner)) owner.fields.splice(1, 0, { name: "status", prop: enumProp(statusOptions("status", owner.name, null)) });
    board = owner.name;
  }
  const hasDate = (d: Draft) => d.fields.some((f) => f.prop.format === "date");
  let calendar: string | null = null;
  // the thing the dates are about: the main thing, then a thing with the due date named, then any thing before people
  const dueNamed = /\b(due dates?|deadlines?)\b/.test(text);
  const dated: ((d: Draft) => boolean)[] = [(d) => d === main, (d) => dueNamed && d.fields.some((f) => f.name === "due_date"), (d) => !d.person, () => true];
  if (/\b(calendar|schedul\w*|itinerar\w*|agenda|due dates?|deadlines?|timeline|appointments?)\b/.test(text))
    for (const fits of dated) calendar ??= drafts.find((d) => fits(d) && hasDate(d))?.name ?? null;
  if (!calendar) calendar = drafts.find((d) => /(^| )(event|appointment|session|booking|concert|shoot|game night|visit|meeting)$/.test(d.noun) && hasDate(d))?.name ?? null;
  return {
    board,
    calendar,
    monthlyChart: /\b(forecast|by month|monthly|per month|trend|totals?|charts?)\b/.test(text),
  };
}

/** Links and described fields from one clause. */
function addClause(
  c: Clause,
  ci: number,
  ms: Mention[],
  drafts: Draft[],
  main: Draft | undefined,
  flows: { owner: Draft; flow: [string, string]; word: string }[],
  byNoun: (n: string) => Draft,
): void {
  const w = c.words;
  const at = (m: Mention) => byNoun(m.noun);
  const after = (k: number) => ms.find((m) => m.head > k && m.head <= k + 3);
  // Subject clauses: "each bug ... is assigned to a developer", "a session links a tutor and a student".
  const first = ms[0];
  if (first && w.slice(0, first.start).every((x) => DETERMINERS.has(x)) && SUBJECT_VERBS.has(w[first.head + 1] ?? "")) {
    for (const m of ms.slice(1)) if (m.noun !== first.noun) link(at(first), at(m));
  }
  for (const m of ms) {
    // "stories …, in sprints": a thing in the things named after "in" belongs to one of them
    // ... and "sessions with each dog": each is with one of them
    const within = (w[m.start - 1] === "in" && m.plural) || (w[m.start - 1] === "each" && /^(in|with)$/.test(w[m.start - 2] ?? ""));
    const holder = within && !at(m).person ? ms.find((x) => x.head < m.start - 1 && x.noun !== m.noun && !at(x).person) : undefined;
    if (holder) link(at(holder), at(m));
    const next = w[m.head + 1];
    const target = after(m.head + 1);
    if ((next === "for" || next === "per" || next === "between" || next === "against") && target) link(at(m), at(target));
    // "an item ... which bin it goes in": the thing goes in the one named
    const before = [...ms].reverse().find((x) => x.head < m.head - 1);
    if (w[m.head - 1] === "which" && /^(it|they)$/.test(next ?? "") && before) link(at(before), at(m));
    // "each student's lessons": what is someone's belongs to them
    if (next === "'s" && target && !at(target).person) link(at(target), at(m));
    if (LINK_WORDS.has(next) && /^(to|by)$/.test(w[m.head + 2] ?? "") && target) {
      const [a, b] = at(m).person && !at(target).person ? [at(target), at(m)] : [at(m), at(target)];
      link(a, b);
    }
    if ((/^(organised|organized|grouped|sorted|filed)$/.test(next ?? "") || (next === "by" && m.plural && target?.head === m.head + 2)) && target) link(at(m), at(target));
    if (next === "with") {
      const kids: Mention[] = [];
      for (const x of ms) {
        if (!x.plural || x.head <= m.head + 1) continue;
        const gap = w
          .slice(m.head + 2, x.start)
          .filter((y, i) => !(y === "," || y === "and" || DETERMINERS.has(y) || kids.some((kid) => m.head + 2 + i >= kid.start && m.head + 2 + i <= kid.head)));
        if (gap.length) break;
        kids.push(x);
      }
      // "courses with lessons": a lesson belongs to its course; "appointments with clients": an appointment names its client
      for (const kid of kids)
        if (at(kid).person && !at(m).person) link(at(m), at(kid));
        else link(at(kid), at(m));
    }
  }
  // "sort clips and sketches into folders": the things listed go into the container named
  const turned = w.some((x) => /^(turn|turns|convert|converts|translate|translates)$/.test(x));
  const into = w.indexOf("into");
  const bin = into >= 0 ? after(into) : undefined;
  // "turns product specs into descriptions": what is made is made from the thing turned
  if (bin) {
    for (const m of ms.filter((x) => x.head < into && x.noun !== bin.noun)) {
      if (turned) link(at(bin), at(m));
      else if (m.plural) link(at(m), at(bin));
    }
  }
  // Field lists: "with a title, a due date and a priority", "has reps and a weight".
  const flow = flowIn(c.text);
  for (let t = 0; t < w.length; t++) {
    if (!/^(with|has|have|including|records)$/.test(w[t]) && !(w[t] === "for" && main?.noun === "entry" && t < 6)) continue;
    const before = [...ms].reverse().find((m) => m.head < t);
    const items = itemsAfter(w, t);
    const end = items.length ? items[items.length - 1].at + items[items.length - 1].phrase.length : t + 1;
    const per = /^(per|for)$/.test(w[end] ?? "") ? ms.find((m) => m.head > end && m.head <= end + 3) : undefined;
    const owner = per ? at(per) : before && before.head >= t - 3 ? at(before) : before ? at(before) : main;
    if (!owner) continue;
    for (const item of items) {
      const inItem = ms.find((m) => m.head >= item.at && m.head < item.at + item.phrase.length);
      if (inItem) {
        if (!inItem.plural && w[t] !== "with") link(owner, at(inItem));
        continue;
      }
      addDescribed(owner, item.phrase, drafts, flows, flow);
    }
  }
  // "stocks I own, buy price and current price": the one thing a clause starts with, then what it has
  const lead0 = ms[0];
  const comma = w.indexOf(",");
  const opener =
    lead0 &&
    comma > lead0.head &&
    comma - lead0.head <= 3 &&
    w.slice(0, lead0.start).every((x) => DETERMINERS.has(x)) &&
    w.slice(lead0.head + 1, comma).every((x) => /^(i|we|they|you|own|have|sell|keep|hold|make|buy|use)$/.test(x));
  if (opener && !w.some((x) => /^(with|has|have|including)$/.test(x)) && ms.every((x) => x === lead0 || x.noun === lead0.noun)) {
    for (const item of itemsAfter(w, comma - 1)) if (item.phrase[0] !== "how" && item.phrase.length <= 3) addDescribed(at(lead0), item.phrase, drafts, flows, flow);
  }
  // Loose cues: "deals move through stages from lead to won", "a status per script".
  const cue = w.findIndex((x) => /^(stages?|status|priority|priorities)$/.test(x));
  const subject = ms.find((m) => m.head < cue) ?? ms[0];
  if (cue >= 0 && !/^(with|has|have|,|and)$/.test(w[cue - 1] ?? "") && !w.slice(0, cue).some((x) => /^(with|has|have)$/.test(x))) {
    const owner = subject ? at(subject) : main;
    if (owner) addDescribed(owner, [w[cue]], drafts, flows, flow);
  } else if (flow && /\bmov(?:e|es|ing) from\b/.test(c.text)) {
    const owner = ms[0] ? at(ms[0]) : main;
    if (owner) addDescribed(owner, ["status"], drafts, flows, flow);
  }
}

function addDescribed(owner: Draft, phrase: string[], drafts: Draft[], flows: { owner: Draft; flow: [string, string]; word: string }[], flow: [string, string] | null): void {
  let words = phrase.filter((x) => x !== "monthly" && x !== "weekly" && x !== "daily");
  let target = owner;
  // "interview feedback scores out of 5": a field of the entity that qualifies it
  const qualifier = drafts.find((d) => d !== owner && words.length > 1 && words[0] === d.noun);
  if (qualifier) {
    target = qualifier;
    words = words.slice(1);
  }
  const text = words.join(" ");
  // "a wedding planner with guests, vendors and a budget": with nothing the budget belongs to, it is the expenses kept against it
  if (text === "budget" && !knowledgeOf(target.noun)?.fields.some((f) => f.startsWith("budget")) && !drafts.some((d) => d.noun === "expense") && drafts.length < MAX_ENTITIES) {
    drafts.push(draftOf("expense"));
    return;
  }
  // "with recipes and a shopping list": the list's items are records ("a guest list": the guests)
  const kept = /^([a-z-]+) list$/.exec(text)?.[1];
  if (kept && drafts.length < MAX_ENTITIES) {
    const noun = isPerson(kept) || (knowledgeOf(kept) && !/^(shopping|packing|to-do|todo|wish|reading|watch|bucket|grocery)$/.test(kept)) ? kept : `${kept} item`;
    if (!drafts.some((d) => d.noun === noun)) drafts.push(draftOf(noun));
    return;
  }
  // "bugs with a severity and a component": a field named after what the record usually belongs to is that record
  if (
    words.length === 1 &&
    knowledgeOf(target.noun)?.parents.includes(text) &&
    knowledgeOf(text) &&
    !isPerson(text) &&
    drafts.length < MAX_ENTITIES &&
    !drafts.some((d) => d.noun === text)
  ) {
    const parent = draftOf(text);
    drafts.push(parent);
    link(target, parent);
    return;
  }
  const out = /^(.*?)\s+out of\s+(\d+)$/.exec(text);
  const isStatus = /(^| )(status|stages?|state)$/.test(out ? out[1] : text);
  const draft = fieldFrom(out ? out[1] : text, target.name, isStatus ? flow : null, out ? Number(out[2]) : null);
  if (!draft || words.length > 5 || drafts.some((d) => d.noun === text)) return;
  if (isStatus && flow) flows.push({ owner: target, flow, word: draft.name });
  if (!target.described.some((f) => f.name === draft.name)) target.described.push(draft);
}
