/**
 * How a sentence ties the records it names, read from its words: "clients and their dogs", "routes
 * with stops", "each batch goes in a fermenter", "entries are submitted by bakers", "a driver takes a
 * van out on a route", "judges give each entry a score", "which driver is on which route"; and, for a
 * happening nothing ties, the people and things it is of.
 */
import { type Draft, link } from "../drafts";
import type { Word } from "../language/tagger";
import { WordNet } from "../language/wordnet";
import { singularize } from "../naming";
import type { Act } from "./acts";
import { GENERIC_BUT_RECORDABLE, kindOf } from "./kinds";
import type { Group, NounPhrase } from "./phrases";

/** A sentence as the reader holds it: its tagged words, noun phrases and lists. */
export interface Sentence {
  words: Word[];
  phrases: NounPhrase[];
  /** the acts its time clauses name ("each time I ink up a pen") */
  acts: Act[];
  groups: Group[];
}

/** Prepositions and verbs that put one record under another: "a stop on a route", "each batch goes in a fermenter". */
const UNDER = new Set(["for", "of", "per", "in", "on", "at", "from", "under", "inside", "within", "into", "to", "by", "about"]);
const TYING = new Set(["be", "go", "belong", "assign", "link", "attach", "tie", "connect", "sit", "live", "happen", "take", "keep", "store", "put", "place", "park", "book", "schedule", "work", "use", "drive", "cover", "serve", "teach", "run", "lead", "own", "hold", "send", "ship", "deliver", "stay", "get", "come"]);
/** Verbs that make the object a record of the doer: "teams submit projects" (a project is by its team). */
const MAKING = new Set(["submit", "write", "post", "create", "make", "send", "log", "upload", "file", "raise", "report", "place", "open", "enter", "leave", "give", "request", "propose", "bring", "publish", "add", "record", "share", "own"]);
/** What a doer's act on a thing is called as a record of its own ("judges score projects": a score). */
const ACTS: Record<string, string> = {
  score: "score", rate: "rating", grade: "grade", judge: "score", review: "review", vote: "vote", book: "booking", reserve: "reservation",
  borrow: "loan", rent: "rental", hire: "hire", buy: "purchase", order: "order", donate: "donation", attend: "attendance", enrol: "enrolment",
  enroll: "enrollment", register: "registration", adopt: "adoption", apply: "application", bid: "bid", sponsor: "sponsorship", visit: "visit",
  check: "check", inspect: "inspection", claim: "claim", complete: "completion", sign: "sign-up", mark: "mark", assess: "assessment", test: "test",
};

/** Links a sentence makes between the records it names. */
export function tieRecords(s: Sentence, previous: Sentence | undefined, recordOf: (noun: string) => Draft | undefined, add: (noun: string, own?: boolean) => Draft | undefined): void {
  const mentions = s.phrases.map((p) => ({ p, d: recordOf(p.noun) })).filter((m): m is { p: NounPhrase; d: Draft } => !!m.d);
  const w = s.words;
  // "which driver and van is on which route": the route names its driver and its van
  // (in one clause: "which member plays which role in which production, and … which scenes" pairs three)
  const clauseEnd = (from: number) => w.findIndex((x, k) => k > from && /^[,;.]$/.test(x.text));
  const all = w.map((x, k) => (x.lower === "which" ? k : -1)).filter((k) => k >= 0);
  const which = all.filter((k) => clauseEnd(all[0]) < 0 || k < clauseEnd(all[0]));
  if (which.length >= 2) {
    const at = (k: number) => mentions.find((m) => m.p.start > k && m.p.start <= k + 3);
    const last = at(which[which.length - 1]);
    const firsts = mentions.filter((m) => m.p.start > which[0] && m.p.start < which[which.length - 1]);
    // "which cub has earned which badge", "which member plays which role": many to many, a record of its own, named by
    // what is done (WordNet's act for the verb, else the thing as it was done: an earned badge, a played role)
    // ("who presents which paper at which meeting": or what "who" does, just before the first; not "to know which …")
    const doing = (x: Word | undefined) => x?.pos === "VERB" && !/^(be|have|go|sit|get)$/.test(x.lemma);
    const verb = w.slice(which[0] + 1, which[1]).find(doing) ?? (w[which[0] - 2]?.lower === "who" && doing(w[which[0] - 1]) ? w[which[0] - 1] : undefined);
    // (named by what the verb is done to: "which member plays which role in which production" keeps played roles)
    const object = s.phrases.find((p) => p.start > which[1] && p.start <= which[1] + 3)?.noun ?? last?.d.noun;
    const joined = verb && last && object ? (WordNet.actsOf(verb.lemma).find((n) => !/ing$/.test(n)) ?? `${/(ed|en)$/.test(verb.lower) ? verb.lower : `${verb.lemma.replace(/e$/, "")}ed`} ${object}`) : null;
    const record = joined && firsts.length ? add(joined, true) : undefined;
    if (record && last) for (const end of [...firsts, last, ...mentions.filter((m) => which.slice(2).some((k) => m.p.start > k && m.p.start <= k + 3))]) link(record, end.d);
    // "which driver is on which route": a happening names who and what it takes; "which tenant is in which room": a thing is in its place
    else
      for (const f of firsts) {
        if (!last || f.d === last.d) continue;
        if (happens(last.d)) link(last.d, f.d);
        else link(f.d, last.d);
      }
  }
  // "for each service who's doing which role", "who's booked on each project": someone paired with a thing, many to many,
  // is a record of its own, named by the act (a booking) or, when the verb says none, an assignment
  // ("members who borrow packets": after a person, "who" is the person, no question)
  const who = w.findIndex((x, k) => x.lower === "who" && !(isNounWord(w[k - 1]) && kindOf(w[k - 1].lemma) === "person"));
  if (who >= 0 && which.length < 2) {
    const thing = mentions.find((m) => m.p.start > who && m.p.start <= who + 6 && /^(which|each|every)$/.test(w[m.p.start - 1]?.lower ?? "") && !m.d.person);
    // (the people said in the plural, "crew freelancers", before one named in passing)
    const people = [...mentions.filter((m) => m.p.head < who && m.d.person)].reverse();
    const person = (people.find((m) => m.p.plural) ?? people[0])?.d ?? lastPerson(previous, recordOf);
    // ("who's booked on": a participle the tagger calls an adjective is the verb all the same)
    const verbs = thing ? w.slice(who + 1, thing.p.start).flatMap((x) => (x.pos === "VERB" ? [x.lemma] : x.pos === "ADJ" && /ed$/.test(x.lower) ? [x.lower.slice(0, -1), x.lower.slice(0, -2)] : [])) : [];
    // (WordNet's act for it, one not in -ing first: "assign" -> assignment, "book" -> booking)
    const acts = verbs.filter((v) => !/^(be|have|do|get|go)$/.test(v)).flatMap((v) => WordNet.actsOf(v));
    const act = acts.find((n) => !/ing$/.test(n)) ?? acts[0];
    const record = thing && person ? add(act ?? "assignment", true) : undefined;
    if (record && thing && person) {
      link(record, thing.d);
      link(record, person);
      // ("for each service who's …": the service it is for, too)
      for (const m of mentions.filter((x) => x.p.head < who && x.d !== person && /^(each|every)$/.test(x.p.determiner ?? "") && w[x.p.start - 2]?.lower === "for")) link(record, m.d);
    }
  }
  // "each hire is one boat for one customer", "a stay is one cat in one pen", "each session is in one room with one of
  // our engineers": what each record is made of, said one by one, is what it links to
  // ("every burial is in one plot", "each project uses one pattern", "each flight is flown by one of our pilots")
  // ("each survey and each install is for one customer": both are)
  const verbAfter = (m: { p: NounPhrase }) => {
    let k = m.p.head + 1;
    // "every batch of bags gets …": what it is of is part of the subject
    if (w[k]?.lower === "of") k = (s.phrases.find((p) => p.start > k)?.head ?? k) + 1;
    while (w[k]?.lower === "and" && /^(each|every)$/.test(w[k + 1]?.lower ?? "")) k = (s.phrases.find((p) => p.start > k + 1)?.head ?? k) + 1;
    return w[k];
  };
  const subjectsOf = (m: { p: NounPhrase; d: Draft }) => mentions.filter((x) => x.p.start >= m.p.start && x.p.head < (verbAfter(m)?.at ?? 0) && /^(each|every)$/.test(x.p.determiner ?? ""));
  // (every such clause of the sentence: "each plot has a number, and every plot holder rents one plot")
  // (not "every August": a name is no record said one at a time)
  const named = (m: { p: NounPhrase }) => m.p.words.at(-1)?.pos === "PROPN" && /^[A-Z]/.test(m.p.words.at(-1)!.text);
  const eaches = mentions.filter(
    (m) =>
      !named(m) && (/^(each|every)$/.test(m.p.determiner ?? "") && /^(AUX|VERB)$/.test(verbAfter(m)?.pos ?? "")) || (/^(a|an)$/.test(m.p.determiner ?? "") && /^(be|have)$/.test(w[m.p.head + 1]?.lemma ?? "")),
  );
  const parts = new Set<Draft>();
  for (const each of eaches) {
    // the clause ends at the sentence's end or where another "each …" starts ("…, and each pet belongs to an owner")
    const start = verbAfter(each)?.at ?? each.p.head;
    const end = w.findIndex((x, k) => k > start && (/^[;.!?]$/.test(x.text) || /^(each|every)$/.test(x.lower)));
    let made = 0;
    for (const p of s.phrases) {
      if (p.start <= start || (end >= 0 && p.start > end)) continue;
      const before = w.slice(Math.max(0, p.start - 4), p.start).map((x) => x.lower);
      const oneOf = before.join(" ").includes("one of");
      const one = (!p.plural && (p.determiner === "one" || p.determiner === "a" || p.determiner === "an" || before.at(-1) === "one")) || oneOf;
      const kind = kindOf(p.noun);
      // ("whether it has a water trough": a thing asked about is not said to be there)
      const asked = w.slice(start, p.start).some((x) => /^(whether|if)$/.test(x.lower));
      // ("at a site", "on a job": a word that is a record when a description gives it a place of its own)
      const recordable = kind === "generic" && GENERIC_BUT_RECORDABLE.has(p.noun);
      if (!one || asked || !(kind === "person" || kind === "record" || kind === "place" || recordable)) continue;
      const d = recordOf(p.noun) ?? add(p.noun);
      const whose = subjectsOf(each);
      for (const subject of whose.length ? whose : [each])
        if (d && d !== subject.d) {
          link(subject.d, d);
          parts.add(d);
          made++;
        }
    }
    // a person is not "one boat for one customer": a record made of others is a happening ("a hire", "a stay")
    if (made >= 2) each.d.person = false;
  }
  // "feeds (…), nappies (…) and sleep (…) for both babies": a "for …" after a list of records is said of every one of them
  for (const [i, m] of mentions.entries()) {
    const k = m.p.start - (/^(both|each|every|all)$/.test(w[m.p.start - 1]?.lower ?? "") ? 2 : 1);
    if (!/^(for|per)$/.test(w[k]?.lower ?? "") || (!m.p.plural && w[k].lower !== "per" && !/^(each|every)$/.test(w[k + 1]?.lower ?? ""))) continue;
    const listed: Draft[] = [];
    for (let j = i - 1; j >= 0; j--) {
      const gap = withoutBrackets(w.slice(mentions[j].p.head + 1, j === i - 1 ? k : mentions[j + 1].p.start));
      if (!gap.every((x) => /^(,|and|or|\/|&)$/.test(x.lower))) break;
      listed.push(mentions[j].d);
    }
    if (listed.length >= 2) for (const d of listed) if (d !== m.d && !d.person) link(d, m.d);
  }
  const joined = new Set<Draft>();
  // the record each "per …" or "for each …" of the sentence qualifies
  const perWhat = new Map<Draft, Draft>();
  for (const [i, a] of mentions.entries()) {
    // "a driver takes a van out on a route": the route is where the driver and the van meet
    const [b1, c] = [mentions[i + 1], mentions[i + 2]];
    if (b1 && c && a.d.person && !b1.d.person && happens(c.d) && !happens(b1.d) && new Set([a.d, b1.d, c.d]).size === 3) {
      const verbAB = w.slice(a.p.head + 1, b1.p.start).some((x) => x.pos === "VERB");
      // (in the same clause: "attends some callouts and we need their hours for the claim" ties no claim)
      const prepBC = w.slice(b1.p.head + 1, c.p.start).some((x) => UNDER.has(x.lemma)) && !w.slice(b1.p.head + 1, c.p.start).some((x) => x.pos === "CCONJ" || x.pos === "PRON");
      if (verbAB && prepBC && !w.slice(a.p.head + 1, c.p.start).some((x) => /^[,.;:]$/.test(x.text))) {
        link(c.d, a.d);
        link(c.d, b1.d);
        joined.add(a.d).add(b1.d);
      }
    }
  }
  for (const [i, a] of mentions.entries()) {
    const b = mentions[i + 1];
    // "repair requests they send": what a pronoun's verb makes belongs to the people it stands for
    if (!a.d.person && /^(they|he|she)$/.test(w[a.p.head + 1]?.lower ?? "") && /^(VERB|AUX)$/.test(w[a.p.head + 2]?.pos ?? "")) {
      // "they" are people said in the plural or one at a time ("each student"), not "a parent"
      const many = (x: { p: NounPhrase; d: Draft }) => x.d.person && (x.p.plural || x.p.determiner === "each" || x.p.determiner === "every");
      const who = [...mentions.slice(0, i)].reverse().find(many)?.d ?? lastPerson(previous, recordOf);
      if (who) link(a.d, who);
    }
    if (joined.has(a.d) && b && joined.has(b.d)) continue;
    // "one boat for one customer": the parts of an "each … is" clause tie to it, not to each other
    if (parts.has(a.d) && b && parts.has(b.d)) continue;
    // "clients and their dogs", "members and their visits": what is theirs belongs to them
    if (a.p.possessive && /^(their|its|his|her)$/.test(a.p.possessive)) {
      // ("the health visitor wants their weights": "their" is of many, not the one who wants)
      const plural = a.p.possessive === "their" ? ([...mentions.slice(0, i)].reverse().find((x) => x.d !== a.d && x.p.plural)?.d ?? lastOf(previous, recordOf, a.d, true)) : undefined;
      const owner = plural ?? [...mentions.slice(0, i)].reverse().find((x) => x.d !== a.d)?.d ?? lastOf(previous, recordOf, a.d);
      // ("cats … their owners": people are no one's belongings, the thing names its person)
      if (owner && a.d.person && !owner.person) link(owner, a.d);
      else if (owner) link(a.d, owner);
    }
    if (!b || b.d === a.d) continue;
    // "catches (species, weight) for each trip": a record's own field list says nothing of how it ties to the next
    const between = withoutBrackets(w.slice(a.p.head + 1, b.p.start));
    const lemmas = between.map((x) => x.lemma);
    if (between.some((x) => x.text === "," || x.text === "." || x.text === "(" || x.text === ";" || x.text === ":")) continue;
    // "X's Y": Y belongs to X
    if (between.length === 1 && between[0].text === "'s") {
      link(b.d, a.d);
      continue;
    }
    // "routes with stops": a plural thing with another belongs to it; "appointments with a client": names its client
    if (lemmas[0] === "with" && between.every((x) => /^(with|a|an|the|their|its|each|some|many|multiple|several)$/.test(x.lower))) {
      if (b.p.plural && !b.d.person) link(b.d, a.d);
      else link(a.d, b.d);
      continue;
    }
    // "every appointment is for one pet and with one of the vets": the clause's subject is with them too
    if (lemmas[0] === "and" && UNDER.has(lemmas[1] ?? "") || (lemmas[0] === "and" && lemmas[1] === "with")) {
      const subject = mentions.find((m) => m.p.determiner === "each" || m.p.determiner === "every") ?? mentions[0];
      if (subject.d !== b.d) link(subject.d, b.d);
      continue;
    }
    // "each route has stops", "a project has many tasks", "each stop has a driver"
    if (lemmas.some((l) => l === "have" || l === "contain" || l === "include") && between.length <= 4) {
      if (b.p.plural && !b.d.person) link(b.d, a.d);
      else link(a.d, b.d);
      continue;
    }
    // "each batch goes in a fermenter", "stops on a route", "a van is assigned to a driver"
    const prep = lemmas.findLast((l) => UNDER.has(l));
    // "bookings of a stall at a fair": a thing that is no record may stand between them
    // "entries are submitted by bakers": a verb done to it ties it as much as "is for" does
    const passive = (x: Word, k: number) => x.pos === "VERB" && x.lower !== x.lemma && between[k - 1]?.pos === "AUX";
    // ("rooms in three shared houses": numbers and describing words before the second say nothing of the tie)
    const describing = (x: Word, k: number) => (x.pos === "NUM" || x.pos === "ADJ" || (x.pos === "VERB" && /ed$/.test(x.lower))) && between.slice(k + 1).every((y) => y.pos === "NUM" || y.pos === "ADJ" || y.pos === "VERB");
    const tie = (x: Word, k: number) => passive(x, k) || describing(x, k) || UNDER.has(x.lemma) || TYING.has(x.lemma) || /^(a|an|the|its|their|our|my|your|his|her|one|each|every|is|are|which|that|who|can|will|should|must|always|usually)$/.test(x.lemma);
    const loose = between.length <= 6 && UNDER.has(between.at(-2)?.lemma ?? "") && between.filter((x, k) => !tie(x, k)).every((x) => x.pos === "NOUN" || x.pos === "ADJ");
    if (prep && ((between.length <= 4 && between.every(tie)) || loose)) {
      // "scores per team per night", "a consent for each student for each trip": every "per …" qualifies the first noun
      const distributed = /^(per|each|every)$/.test(between.at(-1)?.lower ?? "") ? (perWhat.get(a.d) ?? a.d) : undefined;
      if (distributed && distributed !== a.d) link(distributed, b.d);
      else if (a.d.person && !b.d.person && lemmas.includes("for")) link(b.d, a.d);
      else link(a.d, b.d);
      if (distributed) perWhat.set(b.d, distributed);
      continue;
    }
    // "teams submit projects": what a doer makes is theirs; "judges score projects": a score by each on each
    const verb = between.find((x) => x.pos === "VERB");
    // "judges give each entry a score": what is given is a record of who gave it to what
    const given = w[b.p.head + 1] && /^(a|an)$/.test(w[b.p.head + 1].lower) ? s.phrases.find((p) => p.start === b.p.head + 2) : undefined;
    if (verb && given && a.d.person && /^(give|award|assign|leave|add)$/.test(verb.lemma) && kindOf(given.noun) !== "generic") {
      const record = add(given.noun);
      if (record && record !== a.d && record !== b.d) {
        link(record, a.d);
        link(record, b.d);
        continue;
      }
    }
    if (verb && between.length <= 4 && (a.d.person || WordNet.lexOf(a.d.noun) === "group")) {
      // what the act is called as a record: the table's word, else WordNet's ("inspect" -> inspection), never a bare -ing
      const act = ACTS[verb.lemma] ?? (b.d.person || happens(b.d) ? undefined : WordNet.actsOf(verb.lemma).find((n) => !/ing$/.test(n)));
      if (MAKING.has(verb.lemma) && !b.d.person) link(b.d, a.d);
      else if (act && act !== b.d.noun && act !== a.d.noun) {
        const record = add(act);
        if (record) {
          link(record, a.d);
          link(record, b.d);
        }
      } else if (act === b.d.noun || !b.d.person) link(b.d, a.d);
    }
  }
}

/**
 * A record the description ties to nothing: an act or event (an appointment, a visit, a booking) is
 * someone's, so it names the people the app keeps, and the thing it is about when there is one before it.
 */
export function linkLoose(drafts: Draft[]): void {
  const linked = (d: Draft) => d.links.length > 0 || drafts.some((x) => x.links.includes(d.name));
  // what the happenings are about: the first record that is a thing (a car, a hive, a tank), not a happening itself
  const thing = drafts.find((x) => !x.person && !happening(x));
  const people = drafts.filter((x) => x.person);
  for (const d of drafts) {
    if (linked(d) || d.person || !happening(d)) continue;
    for (const p of people.slice(0, 2)) link(d, p);
    if (thing && thing !== d) link(d, thing);
  }
}

/** WordNet's files for what happens or is said rather than what is: an appointment, a fill-up, a tasting note. */
const HAPPENINGS = ["act", "event", "time", "communication", "possession", "process", "phenomenon"];

const isNounWord = (x: Word | undefined) => !!x && (x.pos === "NOUN" || x.pos === "PROPN");

/** Words without what stands in brackets. */
function withoutBrackets(words: Word[]): Word[] {
  let depth = 0;
  return words.filter((x) => {
    depth += x.text === "(" ? 1 : 0;
    const inside = depth > 0;
    depth -= x.text === ")" ? 1 : 0;
    return !inside;
  });
}

/** Does the record name something that happens or a place things happen at (a route, a visit, an appointment)? */
/**
 * The happenings of someone's the words tie to their records, and what they tie them to, by name: in "kids party
 * entertainer, bookings + parents + party packages" a booking is a parent's, of a package. Not a clause the
 * tagger read as one name ("designers post logo").
 */
export function peopleTies(drafts: Draft[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const named = (d: Draft) => d.noun.split(" ").slice(0, -1).every((w) => singularize(w) === w);
  const ofSomeone = (d: Draft) => d.links.some((name) => drafts.some((p) => p.person && p.name === name));
  for (const d of drafts.filter((x) => named(x) && happens(x) && ofSomeone(x))) {
    out.set(d.name, [...d.links]);
    for (const name of d.links) if (!out.has(name)) out.set(name, []);
  }
  return out;
}

export function happens(d: Draft): boolean {
  return happening(d) || WordNet.lexOf(d.noun.split(" ").pop()!) === "location";
}

/** Does the record name something that happens or is said (an appointment, a fill-up, a note), a place aside? */
function happening(d: Draft): boolean {
  const lex = WordNet.lexOf(d.noun.split(" ").pop()!);
  return !!lex && HAPPENINGS.includes(lex);
}

function lastPerson(s: Sentence | undefined, recordOf: (noun: string) => Draft | undefined): Draft | undefined {
  for (const p of [...(s?.phrases ?? [])].reverse()) {
    const d = recordOf(p.noun);
    if (d?.person) return d;
  }
  return undefined;
}

function lastOf(s: Sentence | undefined, recordOf: (noun: string) => Draft | undefined, not: Draft, plural = false): Draft | undefined {
  if (!s) return undefined;
  for (const p of [...s.phrases].reverse()) {
    if (plural && !p.plural) continue;
    const d = recordOf(p.noun);
    if (d && d !== not) return d;
  }
  return undefined;
}
