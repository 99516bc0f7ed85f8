import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HELD_OUT_PATH, NOTES_PATH, notesSet, PROSE_PATH, problemsOf, proseSet, SLOPPY_PATH } from "../../scripts/score-offline/cases";
import { check, type Expect, extras, type Files, linksTo, matchEntities, nameProblems, ownRecordsOnly, type Prop, saysNotBuilt } from "../../scripts/score-offline/judge";
import { verdictOf } from "../../scripts/score-offline/run";

/** The offline scorer's judging (scripts/score-offline/), on small hand-made apps: never the engine's score. */

const text: Prop = { type: "string" };
const link = (to: string): Prop => ({ type: "string", description: `id of the related ${to}` });
/** An app's files from entity name -> properties, plus any pages. */
function app(entities: Record<string, Record<string, Prop>>, pages: Record<string, string> = {}, rls: Record<string, unknown> = {}): Files {
  const files: Files = {};
  for (const [name, properties] of Object.entries(entities)) files[`entities/${name}`] = JSON.stringify({ name, type: "object", properties, ...(rls[name] ? { rls: rls[name] } : {}) });
  for (const [name, content] of Object.entries(pages)) files[`pages/${name}`] = content;
  return files;
}
const salon = app({ Client: { name: text }, Stylist: { name: text }, Appointment: { date: text, client_id: link("Client"), stylist_id: link("Stylist") } });
const expected = [["Client", "Customer"], ["Stylist"], ["Appointment", "Booking"]];
const judge = (before: Files, after: Files, e: Expect, prose = "") => check(e, { before, after, prose, expected });
const turnOf = (before: Files, after: Files) => ({ before, after, prose: "", expected });

describe("score-offline: entities and links", () => {
  it("matches expected entities by any acceptable name, then by head noun, one to one, never on a sentence's leftovers", () => {
    expect(matchEntities(["Customer", "ServiceVisit", "Visit"], [["Client", "Customer"], ["Visit"], ["Appointment"]])).toEqual({ Client: "Customer", Visit: "Visit", Appointment: null });
    expect(matchEntities(["ServiceVisit"], [["Visit"]])).toEqual({ Visit: "ServiceVisit" });
    expect(matchEntities(["AlsoLoan", "InsideFreezer"], [["Loan"], ["Freezer"]])).toEqual({ Loan: null, Freezer: null });
    expect(matchEntities(["Jacket", "WaterBottle"], [["FoundItem", "Item"]])).toEqual({ FoundItem: null });
  });

  it("reads link fields by name, by role and by description, and nothing else as a link", () => {
    const game = { name: "Game", properties: { home_team_id: { type: "string" }, referee: text, venue_id: { type: "string", description: "the Venue it is played at" }, count_id: { type: "number" } } };
    expect(linksTo(game, "Team")).toEqual(["home_team_id"]);
    expect(linksTo(game, "Referee")).toEqual([]);
    expect(linksTo(game, "Venue")).toEqual(["venue_id"]);
    expect(linksTo(game, "Count")).toEqual([]);
  });
});

describe("score-offline: app names", () => {
  it.each([
    ["Salon Bookings", "Booking app for my hair salon."],
    ["Dive Log", "my dive log: dives (date, site)"],
    ["Lost Found", "Lost & found for our school office."],
    ["Video Planner", "Plan videos: scripts with a hook"],
  ])("%s is sensible", (name, description) => {
    expect(nameProblems(name, description)).toEqual([]);
  });

  it.each([
    ["We're A Small Vet", "we're a small vet practice.", /We're/],
    ["I'm A Teacher", "I'm a teacher and need grades", /I'm/],
    ["B B", "b&b bookings", /single-letter/],
    ["Booking For", "a booking for rooms", /ends with/],
    ["Piano Teacher Students Name", "piano teacher - students (name, age)", /fragment/],
    ["Escape Rooms 3 Rooms", "escape rooms (3 rooms: The Vault)", /bare number/],
    ["Coin Collection Coins", "coin collection!! coins: country", /repeated/],
    ["Supervise PhD Students", "I supervise PhD students.", /verb/],
    ["Entry Tracker", "Track my car's maintenance", /names nothing/],
    ["My App", "a list of things", /placeholder/],
  ])("%s is not", (name, description, why) => {
    expect(nameProblems(name, description).join("; ")).toMatch(why);
  });
});

describe("score-offline: follow-ups", () => {
  it("a rename that happened everywhere passes; CustomerEverywhere, or links left behind, do not", () => {
    const done = app({ Customer: { name: text }, Stylist: { name: text }, Appointment: { date: text, customer_id: link("Customer"), stylist_id: link("Stylist") } });
    const rename: Expect = { kind: "rename_entity", from: "Client", to: "Customer" };
    expect(judge(salon, done, rename)).toEqual({ ok: true });
    expect(extras(turnOf(salon, done), [rename])).toEqual([]);
    const garbled = app({ CustomerEverywhere: { name: text }, Stylist: { name: text }, Appointment: { date: text, client_id: link("Client"), stylist_id: link("Stylist") } });
    expect(judge(salon, garbled, rename).ok).toBe(false);
    const stale = app({ Customer: { name: text }, Stylist: { name: text }, Appointment: { date: text, client_id: link("Client"), stylist_id: link("Stylist") } });
    expect(judge(salon, stale, rename)).toEqual({ ok: false, why: "Appointment no longer link to it" });
    const copy = app({ Client: { name: text }, Customer: { name: text }, Appointment: { date: text, customer_id: link("Customer"), stylist_id: link("Stylist") } });
    expect(judge(salon, copy, rename)).toEqual({ ok: false, why: "Client is still there" });
  });

  it("paid yes/no is one boolean field; paid_yes and no are not, and count as extras", () => {
    const paid: Expect = { kind: "add_field", entity: "Appointment", field: ["paid", "is_paid"], type: "boolean" };
    const good = app({ Client: { name: text }, Stylist: { name: text }, Appointment: { date: text, client_id: link("Client"), stylist_id: link("Stylist"), paid: { type: "boolean" } } });
    expect(judge(salon, good, paid)).toEqual({ ok: true });
    expect(extras(turnOf(salon, good), [paid])).toEqual([]);
    const bad = app({ Client: { name: text }, Stylist: { name: text }, Appointment: { date: text, client_id: link("Client"), stylist_id: link("Stylist"), paid_yes: text, no: text, linked_to_the_client: text } });
    expect(judge(salon, bad, paid).ok).toBe(false);
    expect(extras(turnOf(salon, bad), [paid])).toEqual(["new field Appointment.paid_yes", "new field Appointment.no", "new field Appointment.linked_to_the_client"]);
    const textPaid = app({ Client: { name: text }, Stylist: { name: text }, Appointment: { date: text, client_id: link("Client"), stylist_id: link("Stylist"), paid: text } });
    expect(judge(salon, textPaid, paid)).toEqual({ ok: false, why: "Appointment.paid is not a boolean" });
  });

  it("a filter is a control compared with the field, not a search that reads it", () => {
    const by: Expect = { kind: "filter", entity: "Appointment", field: "Stylist" };
    const imports = `import { Appointment } from "@/entities/Appointment";\n`;
    const search = imports + "const shown = rows.filter((a) => [a.date, a.stylist_id].some((v) => String(v).includes(query)));";
    expect(judge(salon, app({}, {}), by).ok).toBe(false);
    expect(judge(salon, { ...salon, "pages/Appointments": search }, by).ok).toBe(false);
    const control = imports + 'if (stylistFilter !== "all" && appointment.stylist_id !== stylistFilter) return false;';
    expect(judge(salon, { ...salon, "pages/Appointments": control }, by)).toEqual({ ok: true });
  });

  it("a link, a view and a new entity are checked in the files", () => {
    const linked = app({ Client: { name: text }, Stylist: { name: text, client_id: link("Client") }, Appointment: { date: text } });
    expect(judge(salon, linked, { kind: "add_link", entity: "Stylist", to: "Client" })).toEqual({ ok: true });
    expect(judge(salon, linked, { kind: "add_link", entity: "Appointment", to: "Client" }).ok).toBe(false);
    const calendar = { ...salon, "pages/AppointmentCalendar": 'import { Appointment } from "@/entities/Appointment";' };
    expect(judge(salon, calendar, { kind: "add_view", entity: "Appointment", view: "calendar" })).toEqual({ ok: true });
    expect(judge(salon, calendar, { kind: "add_view", entity: "Appointment", view: "board" }).ok).toBe(false);
    const withProducts = { ...salon, ...app({ Product: { name: text, appointment_id: link("Appointment") } }) };
    expect(judge(salon, withProducts, { kind: "add_entity", entity: ["Product"], link_to: "Appointment" })).toEqual({ ok: true });
    expect(extras(turnOf(salon, withProducts), [])).toEqual(["new entity Product"]);
  });

  it("own records only: a user reads what they created and not another's, as the API enforces it", () => {
    const entity = (rls?: unknown) => ({ name: "Appointment", properties: {}, rls });
    expect(ownRecordsOnly(entity({ read: { created_by: "{{user.email}}" } }))).toBe(true);
    expect(ownRecordsOnly(entity({ read: { created_by_id: "{{user.id}}" }, write: { created_by_id: "{{user.id}}" } }))).toBe(true);
    expect(ownRecordsOnly(entity())).toBe(false);
    expect(ownRecordsOnly(entity({ read: true, write: { created_by: "{{user.email}}" } }))).toBe(false);
    expect(ownRecordsOnly(entity({ read: false }))).toBe(false);
  });

  it("what was not built must be said beside a 'not', and a refusal of a change is a refusal", () => {
    expect(saysNotBuilt("Built it.\n\nNot built: reminders and notifications (nothing runs on a schedule).", "reminders")).toBe(true);
    expect(saysNotBuilt("I added a Reminder entity.", "reminders")).toBe(false);
    expect(saysNotBuilt("I can't send e-mails offline: nothing runs when a record changes.", "emails")).toBe(true);
    expect(saysNotBuilt("I can't make that change. I only understand a few kinds of request.", "emails")).toBe(false);
    expect(verdictOf(1, 1, 0, false, true)).toBe("refused");
    expect(verdictOf(1, 1, 0, false, false)).toBe("full");
    expect(verdictOf(1, 2, 0, true, false)).toBe("partly");
    expect(verdictOf(1, 1, 2, true, false)).toBe("partly");
    expect(verdictOf(0, 1, 0, true, false)).toBe("wrong");
  });
});

describe("score-offline: the frozen held-out set", () => {
  const data = JSON.parse(readFileSync(HELD_OUT_PATH, "utf8"));

  it("is frozen, large enough, and every name it uses is one of its case's", () => {
    expect(data._note).toMatch(/frozen on 2026-11-28.*held out/i);
    expect(data.cases.length).toBeGreaterThanOrEqual(45);
    expect(data.cases.flatMap((c: { follow_ups: unknown[] }) => c.follow_ups).length).toBeGreaterThanOrEqual(40);
    expect(problemsOf(data)).toEqual([]);
  });

  it("no engine code and no other test reads it (but the browser test that renders its apps, issue 25's done-means)", () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)]));
    const measures = (path: string) => path.endsWith("score-offline.test.ts") || path.endsWith(join("e2e", "offline-sets.test.ts"));
    const readers = ["functions", "lib", "test"]
      .flatMap((dir) => files(dir))
      .filter((path) => /\.(ts|tsx|js)$/.test(path) && !measures(path) && /heldout|offline-descriptions\.json/.test(readFileSync(path, "utf8")));
    expect(readers).toEqual([]);
  });

  it("the check of its shape finds a relation, an ask or an expectation it does not know", () => {
    const bad = { cases: [{ ...data.cases[0], key_relations: [["Pet", "Nobody"]], asks_unbuildable: ["telepathy"], follow_ups: [{ message: "x", expect: [{ kind: "guess" }] }] }] };
    expect(problemsOf(bad)).toEqual([
      `case ${data.cases[0].id}: relation ["Pet","Nobody"] names no expected entity`,
      `case ${data.cases[0].id}: unknown unbuildable ask telepathy`,
      `case ${data.cases[0].id}: unknown expectation guess`,
    ]);
  });
});

describe("score-offline: the public sloppy set", () => {
  const data = JSON.parse(readFileSync(SLOPPY_PATH, "utf8"));

  it("is public, large enough, and every name it uses is one of its case's", () => {
    expect(data._note).toMatch(/public tuning set.*may be read by anything/i);
    expect(data.cases.length).toBeGreaterThanOrEqual(64);
    expect(data.cases.flatMap((c: { follow_ups: unknown[] }) => c.follow_ups).length).toBeGreaterThanOrEqual(120);
    expect(problemsOf(data)).toEqual([]);
  });
});

describe("score-offline: the public prose set", () => {
  const data = JSON.parse(readFileSync(PROSE_PATH, "utf8"));

  it("is public, large enough, and every name it uses is one of its case's", () => {
    expect(data._note).toMatch(/public tuning set.*may be read by anything/i);
    expect(data.cases.length).toBeGreaterThanOrEqual(56);
    expect(data.cases.flatMap((c: { follow_ups: unknown[] }) => c.follow_ups).length).toBeGreaterThanOrEqual(110);
    expect(problemsOf(data)).toEqual([]);
  });

  it("is written as prose, not field lists: hardly a bracket or colon in its descriptions", () => {
    const descriptions: string[] = data.cases.map((c: { description: string }) => c.description);
    const listy = descriptions.filter((d) => (d.match(/[():]/g) ?? []).length > 2);
    expect(listy).toEqual([]);
  });

  it("loads as the scorer's prose set", () => {
    const set = proseSet();
    expect(set.name).toBe("prose");
    expect(set.cases.map((c) => c.id)).toEqual(data.cases.map((c: { id: string }) => c.id));
  });
});

describe("score-offline: the public notes set", () => {
  const data = JSON.parse(readFileSync(NOTES_PATH, "utf8"));
  const descriptions: string[] = data.cases.map((c: { description: string }) => c.description);

  it("is public, large enough, and every name it uses is one of its case's", () => {
    expect(data._note).toMatch(/public tuning set.*may be read by anything/i);
    expect(data.cases.length).toBeGreaterThanOrEqual(50);
    expect(data.cases.flatMap((c: { follow_ups: unknown[] }) => c.follow_ups).length).toBeGreaterThanOrEqual(120);
    expect(problemsOf(data)).toEqual([]);
  });

  it("mixes its styles: pasted lists and header rows, user stories, and run-ons with no punctuation at all", () => {
    const lines = (d: string) => d.split("\n").length;
    expect(descriptions.filter((d) => lines(d) >= 4 && /^\s*(?:[-*•]|\d+[.)])\s/m.test(d)).length).toBeGreaterThanOrEqual(8);
    expect(descriptions.filter((d) => (d.match(/\|/g) ?? []).length >= 4).length).toBeGreaterThanOrEqual(6);
    expect(descriptions.filter((d) => (d.match(/^As (?:an?|the) /gm) ?? []).length >= 3).length).toBeGreaterThanOrEqual(8);
    expect(descriptions.filter((d) => d.length > 200 && !/[.,;:!?()]/.test(d)).length).toBeGreaterThanOrEqual(6);
  });

  it("shares no case id or description with the sloppy and prose sets", () => {
    const others = [SLOPPY_PATH, PROSE_PATH].flatMap((path) => JSON.parse(readFileSync(path, "utf8")).cases as { id: string; description: string }[]);
    const ids = new Set(others.map((c) => c.id));
    const said = new Set(others.map((c) => c.description));
    expect(data.cases.filter((c: { id: string; description: string }) => ids.has(c.id) || said.has(c.description))).toEqual([]);
  });

  it("loads as the scorer's notes set", () => {
    const set = notesSet();
    expect(set.name).toBe("notes");
    expect(set.cases.map((c) => c.id)).toEqual(data.cases.map((c: { id: string }) => c.id));
  });
});
