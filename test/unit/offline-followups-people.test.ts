/**
 * Follow-ups as people type them (issue 25): the offline engine, on apps it built, carries out
 * "rename Client to Customer everywhere", "each appointment should be linked to a stylist",
 * "add paid (y/n), linked to the patient", "add a filter by stylist", "users only see their own
 * records", and says plainly what it did not build ("e-mail me when …").
 */
import { describe, expect, it } from "vitest";
import { Rls } from "../../functions/core/entities/rls";
import { entityJson, type JsonProp, printEntity } from "../../functions/agent/offline/entities";
import { newModel, readModel } from "../../functions/agent/offline/model";
import { defaultTheme } from "../../functions/agent/offline/styles";
import { renderAll } from "../../functions/agent/offline/templates";
import { checkTree, entity, type Files, follow } from "./offline-fixtures";

const text: JsonProp = { type: "string" };
const date: JsonProp = { type: "string", format: "date" };
const email: JsonProp = { type: "string", format: "email" };
const choice = (...values: string[]): JsonProp => ({ type: "string", enum: values, default: values[0] });
const link = (target: string): JsonProp => ({ type: "string", description: `id of the related ${target}` });

/** Apps as the offline engine renders them; the follow-ups do not depend on the first turn's planner. */
const APPS: Record<string, [string, Record<string, JsonProp>][]> = {
  salon: [
    ["Client", { name: text, phone: text, email }],
    ["Stylist", { name: text, specialty: text }],
    ["Appointment", { title: text, client_id: link("Client"), date, time: text, service: text, status: choice("booked", "done", "cancelled") }],
  ],
  clinic: [
    ["Patient", { name: text, date_of_birth: date, phone: text }],
    ["Appointment", { title: text, date, reason: text, status: choice("scheduled", "done") }],
  ],
  library: [
    ["Book", { title: text, author: text, genre: text }],
    ["Member", { name: text, email }],
    ["Loan", { title: text, book_id: link("Book"), member_id: link("Member"), due_date: date }],
  ],
};

function app(which: keyof typeof APPS): Files {
  const schemas = APPS[which].map(([name, properties]) => entityJson(name, properties, [Object.keys(properties)[0]]));
  const files: Files = renderAll(newModel("App", defaultTheme(null), schemas));
  for (const s of schemas) files[`entities/${s.name}`] = printEntity(s);
  return files;
}

/** The files agree with the engine's own reading of them: the next turn starts from what is there. */
function inStep(files: Files) {
  const rendered = renderAll(readModel(files, "App").model);
  for (const [path, content] of Object.entries(rendered)) if (path in files) expect(files[path], path).toBe(content);
}

const fieldsOf = (files: Files, name: string) => Object.keys(entity(files, name).properties);
const entities = (files: Files) =>
  Object.keys(files)
    .filter((p) => p.startsWith("entities/"))
    .map((p) => p.slice(9))
    .sort();

describe("renaming an entity everywhere, however it is said", () => {
  it.each([
    ["rename Client to Customer everywhere", "Customer"],
    ["call clients customers instead", "Customer"],
    ["change 'Client' to 'Guest'", "Guest"],
    ["clients should be called patrons", "Patron"],
    ["rename the client entity to member throughout the app", "Member"],
    ["As a manager I want 'Client' renamed to 'Customer' everywhere", "Customer"],
  ])('"%s" renames Client to %s, and the links follow', (message, to) => {
    const out = follow(app("salon"), message);
    expect(entities(out.files)).toEqual(["Appointment", to, "Stylist"].sort());
    const key = `${to.toLowerCase()}_id`;
    expect(entity(out.files, "Appointment").properties[key]).toEqual({ type: "string", description: `id of the related ${to}` });
    expect(entity(out.files, "Appointment").properties.client_id).toBeUndefined();
    expect(out.files[`pages/${to}Form`]).toContain(`${to}.create(`);
    expect(out.text).toContain(`Renamed Client to ${to} everywhere`);
    checkTree(out.files);
    inStep(out.files);
  });

  it("a two-word new name stays two words, never the words after it", () => {
    const out = follow(app("salon"), "change Stylist to Hair dresser everywhere please");
    expect(entities(out.files)).toEqual(["Appointment", "Client", "HairDresser"]);
  });
});

describe("links between records, the ways people ask for them", () => {
  it.each([
    ["each appointment should be linked to a stylist", "Appointment", "Stylist"],
    ["appointments belong to a stylist", "Appointment", "Stylist"],
    ["a stylist has many appointments", "Appointment", "Stylist"],
    ["every appointment has a stylist", "Appointment", "Stylist"],
    ["link each appointment to the stylist who does it", "Appointment", "Stylist"],
    ["track which stylist each appointment is with", "Appointment", "Stylist"],
    ["stylists should be linked to a client", "Stylist", "Client"],
  ])('"%s" gives %s a link to %s, shown in its form and list', (message, child, parent) => {
    const out = follow(app("salon"), message);
    const key = `${parent.toLowerCase()}_id`;
    expect(entity(out.files, child).properties[key]).toEqual({ type: "string", description: `id of the related ${parent}` });
    expect(entities(out.files)).toEqual(["Appointment", "Client", "Stylist"]);
    expect(out.files[`pages/${child}Form`]).toContain(`${parent}.list(`);
    expect(out.text).toContain(`\`${key}\` (a link to one ${parent})`);
    checkTree(out.files);
    inStep(out.files);
  });

  it("a link that is there already is said, not added twice", () => {
    const out = follow(app("salon"), "each appointment should be linked to a client");
    expect(out.actions).toEqual([]);
    expect(out.text).toContain("Appointments already have a `client_id` field, so there is nothing to add.");
  });
});

describe("yes/no fields, with or without the records named", () => {
  it('"add paid (y/n), linked to the patient": a yes/no field and the link, on the app\'s main record', () => {
    const out = follow(app("clinic"), "add paid (y/n), linked to the patient");
    expect(entity(out.files, "Appointment").properties.paid).toEqual({ type: "boolean", default: false });
    expect(entity(out.files, "Appointment").properties.patient_id).toEqual({ type: "string", description: "id of the related Patient" });
    expect(fieldsOf(out.files, "Patient")).toEqual(["name", "date_of_birth", "phone"]);
    expect(out.text).toContain("You didn't say which records, so I put them on Appointment, the app's main record");
    checkTree(out.files);
    inStep(out.files);
  });

  it("choices said as 'X choose from: …', or alone ('make A or B a proper choice'), are a choice field", () => {
    const from = follow(app("clinic"), "appointment type choose from: check-up, follow-up, urgent");
    expect(entity(from.files, "Appointment").properties.type.enum).toEqual(["check-up", "follow-up", "urgent"]);
    const alone = follow(app("clinic"), "make in person or video a proper choice");
    expect(entity(alone.files, "Appointment").properties.type.enum).toEqual(["in person", "video"]);
    checkTree(alone.files);
  });

  it("'the date they joined' is a joined_date, and a field of that name already there is said", () => {
    const out = follow(app("clinic"), "add the date they registered to patients");
    expect(entity(out.files, "Patient").properties.registered_date).toEqual({ type: "string", format: "date" });
    expect(follow(out.files, "add the date they registered to patients").actions).toEqual([]);
  });

  it("a request that names no records is about what the last one was about, not the main record", () => {
    const earlier = ["A clinic with patients and appointments", "filter patients by their date of birth"];
    const out = follow(app("clinic"), "add insured yes/no", { earlier });
    expect(entity(out.files, "Patient").properties.insured).toEqual({ type: "boolean", default: false });
    expect(entity(out.files, "Appointment").properties.insured).toBeUndefined();
    expect(out.text).toContain("You didn't say which records, so I put it on Patient, the records your last message was about");
    // (the description names every record: after it alone, the main record)
    expect(entity(follow(app("clinic"), "add insured yes/no", { earlier: earlier.slice(0, 1) }).files, "Appointment").properties.insured).toBeDefined();
  });

  it.each([
    ["add paid yes/no", "Appointment", "paid"],
    ["add a checkbox for paid", "Appointment", "paid"],
    ["add a tick box for deposit taken to appointments", "Appointment", "deposit_taken"],
    ["add vip yes/no to clients", "Client", "vip"],
    ["whether it has been paid", "Appointment", "paid"],
    ["I also need to know if the client has consented", "Client", "consented"],
    ["let me mark appointments as confirmed", "Appointment", "confirmed"],
  ])('"%s" adds %s.%s as yes/no', (message, name, field) => {
    const before = app("salon");
    const out = follow(before, message);
    expect(entity(out.files, name).properties[field]).toEqual({ type: "boolean", default: false });
    const added = fieldsOf(out.files, name).filter((f) => !fieldsOf(before, name).includes(f));
    expect(added).toEqual([field]);
    checkTree(out.files);
  });

  it('"whether it\'s been returned" on a library is the loan\'s returned flag', () => {
    const out = follow(app("library"), "whether it's been returned");
    expect(entity(out.files, "Loan").properties.returned).toEqual({ type: "boolean", default: false });
    expect(out.files["pages/LoanForm"]).toMatch(/returned/);
  });
});

describe("fields with choices and typed fields", () => {
  it.each([
    ["add a priority: low, medium, high", "Appointment", "priority", ["low", "medium", "high"]],
    ["add priority (low/medium/high) to clients", "Client", "priority", ["low", "medium", "high"]],
    ["add a channel to clients: walk in, phone, instagram", "Client", "channel", ["walk in", "phone", "instagram"]],
    ["make specialty a choice: cut, colour, both", "Stylist", "specialty", ["cut", "colour", "both"]],
    ["add status: booked, in the chair, done, no show", "Appointment", "status", ["booked", "in the chair", "done", "no show"]],
    // user stories: who asks and why are no part of it; what is wanted is the statement
    ["As the owner I want clients to have a tier: regular, new, vip", "Client", "tier", ["regular", "new", "vip"]],
    ["As a stylist, I want the specialty to be a choice of cut, colour or both, so that the list stays tidy", "Stylist", "specialty", ["cut", "colour", "both"]],
    // a list item that is also a verb ("colour", "show", "set") ends a list, it starts no request
    ["make specialty a choice of cut, colour or both", "Stylist", "specialty", ["cut", "colour", "both"]],
    ["add a channel to clients: walk in, show, set or other", "Client", "channel", ["walk in", "show", "set", "other"]],
  ])('"%s" makes %s.%s a choice of the words typed', (message, name, field, values) => {
    const out = follow(app("salon"), message);
    expect(entity(out.files, name).properties[field]).toEqual({ type: "string", enum: values, default: values[0] });
    checkTree(out.files);
    inStep(out.files);
  });

  it("a link made a choice becomes a choice field in its place", () => {
    const out = follow(app("salon"), "make client a choice: regular, new, vip");
    expect(entity(out.files, "Appointment").properties.client).toEqual({ type: "string", enum: ["regular", "new", "vip"], default: "regular" });
    expect(entity(out.files, "Appointment").properties.client_id).toBeUndefined();
    expect(out.files["entities/Client"]).toBeDefined();
  });

  it.each([
    ["add a photo of the receipt to appointments", "Appointment", "receipt_photo", { type: "string", format: "image" }],
    ["add a start date to stylists", "Stylist", "start_date", { type: "string", format: "date" }],
    ["add a billing email to clients", "Client", "billing_email", { type: "string", format: "email" }],
    ["add a severity (number) to appointments", "Appointment", "severity", { type: "number" }],
  ])('"%s" adds %s.%s with its type', (message, name, field, prop) => {
    const out = follow(app("salon"), message);
    expect(entity(out.files, name).properties[field]).toMatchObject(prop);
    expect(entities(out.files)).toEqual(["Appointment", "Client", "Stylist"]);
  });

  it("names records the app lacks plainly instead of putting the field elsewhere", () => {
    const out = follow(app("salon"), "add severity to damage reports: minor, major, unusable");
    expect(out.actions).toEqual([]);
    expect(out.text).toContain('I couldn\'t find an entity called "damage reports"');
  });
});

describe("filters and search on a list", () => {
  it('"add a filter by stylist": a select of stylists on the appointments list, compared with stylist_id', () => {
    const linked = follow(app("salon"), "each appointment should be linked to a stylist").files;
    const out = follow(linked, "add a filter by stylist");
    const list = out.files["pages/Appointments"];
    expect(list).toContain('const FILTER_FIELDS = ["stylist_id"];');
    expect(list).toContain("if (filters.stylist_id && appointment.stylist_id !== filters.stylist_id) return false;");
    expect(list).toContain("{stylists.map((stylist) => (");
    expect(list).toContain('aria-label="Filter by stylist"');
    expect(Object.keys(out.files).filter((p) => out.files[p] !== linked[p])).toEqual(["pages/Appointments"]);
    expect(readModel(out.files, "App").model.entities.find((e) => e.name === "Appointment")!.filters).toEqual(["stylist_id"]);
    checkTree(out.files);
    inStep(out.files);
  });

  it('"search clients by name" is a text filter; "filter appointments by date" a date picker', () => {
    const byName = follow(app("salon"), "search clients by name");
    expect(byName.files["pages/Clients"]).toContain('if (filters.name && !String(client.name ?? "").toLowerCase().includes(filters.name.toLowerCase())) return false;');
    const byDate = follow(app("salon"), "let me filter appointments by date");
    expect(byDate.files["pages/Appointments"]).toContain('if (filters.date && String(appointment.date ?? "").slice(0, 10) !== filters.date) return false;');
    expect(byDate.files["pages/Appointments"]).toContain('<Input type="date"');
    checkTree(byDate.files);
  });

  it("a filter the list has already is said; a filter by records it does not link adds the link too", () => {
    const status = follow(app("salon"), "let me filter appointments by status");
    expect(status.actions).toEqual([]);
    expect(status.text).toContain("pages/Appointments already has a filter by status");
    const out = follow(app("salon"), "filter appointments by stylist");
    expect(entity(out.files, "Appointment").properties.stylist_id).toEqual({ type: "string", description: "id of the related Stylist" });
    expect(out.files["pages/Appointments"]).toContain("filters.stylist_id");
  });

  it("removing or renaming the field takes its filter along", () => {
    const filtered = follow(app("salon"), "search appointments by service").files;
    const renamed = follow(filtered, "rename the service field on appointments to treatment").files;
    expect(renamed["pages/Appointments"]).toContain('const FILTER_FIELDS = ["treatment"];');
    const removed = follow(renamed, "remove the treatment field from appointments").files;
    expect(removed["pages/Appointments"]).not.toMatch(/FILTER_FIELDS|filters\./);
    checkTree(removed);
    inStep(removed);
  });
});

describe('"users only see their own records": a row-level rule, as the Security view writes it', () => {
  const memberA = { id: "a", email: "a@example.com", role: "user" };
  const memberB = { id: "b", email: "b@example.com", role: "user" };
  const reads = (files: Files, name: string, user: typeof memberA) =>
    Rls.guard({ rls: entity(files, name).rls, properties: {} }, { kind: "member", user }).allows("read", { id: "r1", created_by: memberA.email });

  it('"members should only see their own loans": loans only', () => {
    const out = follow(app("library"), "members should only see their own loans");
    expect(entity(out.files, "Loan").rls).toEqual({ read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } });
    expect(reads(out.files, "Loan", memberA)).toBe(true);
    expect(reads(out.files, "Loan", memberB)).toBe(false);
    expect(entity(out.files, "Book").rls).toBeUndefined();
    expect(entity(out.files, "Member").rls).toBeUndefined();
    expect(out.text).toContain("Signed-in users now see and change only the loans they created");
    checkTree(out.files);
    inStep(out.files);
  });

  it.each(["users only see their own records", "people can't see each other's stuff"])('"%s": every entity', (message) => {
    const out = follow(app("library"), message);
    for (const name of ["Book", "Member", "Loan"]) {
      expect(reads(out.files, name, memberA), name).toBe(true);
      expect(reads(out.files, name, memberB), name).toBe(false);
    }
  });

  // any person of the verb, and the asker's own records, as user stories and non-native English say it
  it.each(["each librarian sees only the loans they logged", "member only can see they own loan", "As a member I want to see only the loans I booked, so that my list stays short"])('"%s": loans only', (message) => {
    const out = follow(app("library"), message);
    expect(reads(out.files, "Loan", memberA)).toBe(true);
    expect(reads(out.files, "Loan", memberB)).toBe(false);
    expect(entity(out.files, "Book").rls).toBeUndefined();
  });

  it('"only the person who logged a loan should see it", and saying it twice changes nothing', () => {
    const out = follow(app("library"), "only the person who logged a loan should see it");
    expect(reads(out.files, "Loan", memberB)).toBe(false);
    const again = follow(out.files, "only the person who logged a loan should see it");
    expect(again.actions).toEqual([]);
    expect(again.text).toContain("already let a signed-in user see only the records they created");
  });
});

describe("what the engine does not build is said plainly, never as not understood", () => {
  it.each([
    ["e-mail me when a booking is made", /I did not build the e-mails you asked for\. Kiln apps have no automations yet/],
    ["text the client the day before", /I did not build the text messages you asked for/],
    ["text owners when the dog is ready to collect", /I did not build the text messages you asked for/],
    ["remind clients about their appointment", /I did not build the reminders you asked for/],
    ["every Monday send me a summary", /I did not build the scheduled jobs you asked for/],
    ["let me export the appointments as csv", /I did not build an export \(CSV or PDF\) you asked for/],
    ["can clients pay a deposit online when they book", /I did not build the online payments you asked for\. Taking a payment needs a payment provider/],
    ["i'd like a total spend per client", /I did not build the computed values you asked for/],
    // things that happen by themselves, money taken or given back, rates and rankings
    ["the status should change to done by itself when the date passes", /I did not build the scheduled jobs you asked for\. Kiln apps have no automations yet/],
    ["and can it charge them every month by card", /I did not build the scheduled jobs and the online payments you asked for/],
    ["refund the client's deposit from here", /I did not build the online payments you asked for/],
    ["show each stylist's completion rate", /I did not build the computed values you asked for/],
    ["the price should work itself out from the hours", /I did not build the computed values you asked for/],
  ])('"%s"', (message, said) => {
    const out = follow(app("salon"), message);
    expect(out.actions).toEqual([]);
    expect(out.text).toMatch(said);
    expect(out.text).toContain("configure a model provider");
    expect(out.text).not.toContain("didn't understand");
  });
});

describe("a new entity with its fields and links in one sentence", () => {
  it('"add a Publisher with name and website, linked to books": each book gets its publisher', () => {
    const out = follow(app("library"), "add a Publisher with name and website, linked to books");
    expect(entity(out.files, "Publisher").properties).toEqual({ name: text, website: { type: "string", format: "uri" } });
    expect(entity(out.files, "Book").properties.publisher_id).toEqual({ type: "string", description: "id of the related Publisher" });
    expect(out.files["pages/BookForm"]).toContain("Publisher.list(");
    checkTree(out.files);
    inStep(out.files);
  });

  it('"add a Branch with name and address, each branch belongs to a member": the new record gets its member', () => {
    const out = follow(app("library"), "add a Branch with name and address, each branch belongs to a member");
    expect(fieldsOf(out.files, "Branch")).toEqual(["name", "address", "member_id"]);
    expect(fieldsOf(out.files, "Member")).toEqual(["name", "email"]);
  });

  it('"add a Rack (name, location) and link books to their rack", "… and link loans to it"', () => {
    const racks = follow(app("library"), "add a Rack (name, location) and link books to their rack");
    expect(fieldsOf(racks.files, "Rack")).toEqual(["name", "location"]);
    expect(entity(racks.files, "Book").properties.rack_id).toEqual({ type: "string", description: "id of the related Rack" });
    const vets = follow(app("library"), "add a Shelf with name and floor and link loans to it");
    expect(entity(vets.files, "Loan").properties.shelf_id).toEqual({ type: "string", description: "id of the related Shelf" });
    checkTree(vets.files);
  });

  it('"add a Sponsor (name, tier: gold/silver/bronze, logo)": a choice and a picture inside the brackets', () => {
    const out = follow(app("library"), "add a Sponsor (name, tier: gold/silver/bronze, logo)");
    expect(entity(out.files, "Sponsor").properties).toEqual({
      name: text,
      tier: { type: "string", enum: ["gold", "silver", "bronze"], default: "gold" },
      logo: { type: "string", format: "image" },
    });
  });
});

describe("boards and calendars in the short ways people ask", () => {
  it.each(["calendar view for appointments pls", "add a calender view", "calendar of appointments"])('"%s" adds the appointments calendar', (message) => {
    const out = follow(app("salon"), message);
    expect(out.files["pages/AppointmentCalendar"]).toContain("Appointment.list(");
    expect(out.files["layout/main"]).toContain('page: "AppointmentCalendar"');
    checkTree(out.files);
  });

  it('"board of appointments by status" adds the board; asking again says it is there', () => {
    const out = follow(app("salon"), "board of appointments by status");
    expect(out.files["pages/AppointmentBoard"]).toContain("Appointment.update(");
    const again = follow(out.files, "show appointments as a board by status");
    expect(again.actions).toEqual([]);
    expect(again.text).toContain("Appointment already has a board: pages/AppointmentBoard.");
  });
});

describe("follow-ups typed tersely (the sloppy set's kinds, in our own words)", () => {
  it.each(["appointments board by status", "an appointments kanban please"])('"%s" is the board of the records named first', (message) => {
    const out = follow(app("salon"), message);
    expect(out.files["pages/AppointmentBoard"]).toContain('@/entities/Appointment"');
  });

  it('"notice board" names no records, and no board is added', () => {
    const out = follow(app("salon"), "add a notice board");
    expect(Object.keys(out.files).some((p) => /Board$/.test(p))).toBe(false);
  });

  it('"clients: add a postcode" puts the field on the records named first', () => {
    const out = follow(app("salon"), "clients: add a postcode");
    expect(fieldsOf(out.files, "Client")).toContain("postcode");
  });

  it('"headshot on each stylist" adds the field to those records without a verb', () => {
    const out = follow(app("salon"), "headshot on each stylist");
    expect(fieldsOf(out.files, "Stylist")).toContain("headshot");
  });

  it.each([
    ["link appointments->stylists", "Appointment", "stylist_id"],
    ["connect loans => books", "Loan", "book_id"],
  ])('"%s" links with an arrow', (message, name, field) => {
    const out = follow(app(name === "Loan" ? "library" : "salon"), message);
    expect(entity(out.files, name).properties[field]).toBeDefined();
  });

  it('"rename stylist -> hairdresser" renames with an arrow after the verb', () => {
    const out = follow(app("salon"), "rename stylist -> hairdresser");
    expect(entities(out.files)).toContain("Hairdresser");
  });

  it('"need a tick for …" is a yes/no field', () => {
    const out = follow(app("salon"), "need a tick for deposit taken on appointments");
    expect(entity(out.files, "Appointment").properties.deposit_taken).toEqual({ type: "boolean", default: false });
  });

  it('"filter loans by mem" reads a word cut short as the link it starts', () => {
    const out = follow(app("library"), "filter loans by mem");
    expect(out.files["pages/Loans"].split("\n").some((l) => /filter/i.test(l) && l.includes(".member_id"))).toBe(true);
    expect(fieldsOf(out.files, "Loan")).toEqual(fieldsOf(app("library"), "Loan"));
  });

  it("pictures named in the plural are pictures", () => {
    const out = follow(app("salon"), "add before snapshots to appointments");
    expect(entity(out.files, "Appointment").properties.before_snapshots).toEqual({ type: "string", format: "image" });
  });
});

describe("chat around the request", () => {
  it.each([
    ["oh and the stylists need a mobile number", "Stylist", "mobile_number"],
    ["hmm clients also need a postcode", "Client", "postcode"],
    ["ok so now add a loyalty card number to clients", "Client", "loyalty_card_number"],
    ["stylists need an instagram handle too", "Stylist", "instagram_handle"],
    ["hey! could we get a headshot field on stylists :)", "Stylist", "headshot"],
    ["last thing, add an allergy note to clients", "Client", "allergy_note"],
  ])('"%s" adds %s.%s and nothing else', (message, name, field) => {
    const out = follow(app("salon"), message);
    expect(fieldsOf(out.files, name).filter((f) => !fieldsOf(app("salon"), name).includes(f))).toEqual([field]);
    expect(out.text).not.toContain("didn't understand");
  });

  it('"… Thanks!" and "actually, …" are no requests of their own', () => {
    const out = follow(app("salon"), "actually, make the phone a required field. Thanks!");
    expect(entity(out.files, "Client").required).toContain("phone");
    expect(out.text).not.toContain("requests");
  });

  it('"can you make it so that …" asks for what follows', () => {
    const out = follow(app("salon"), "can you make it so that stylists only see their own appointments");
    expect(entity(out.files, "Appointment").rls).toEqual({ read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } });
  });
});

describe("links said as who did what", () => {
  it.each([
    "we need to know which stylist did each appointment",
    "I want to record which stylist worked on each appointment",
  ])('"%s" links the records to the one who did them', (message) => {
    const out = follow(app("salon"), message);
    expect(entity(out.files, "Appointment").properties.stylist_id).toEqual(link("Stylist"));
    expect(fieldsOf(out.files, "Appointment").filter((f) => !fieldsOf(app("salon"), "Appointment").includes(f))).toEqual(["stylist_id"]);
  });
});

describe("records named inside a longer phrase", () => {
  it('"the week\'s appointments on a calendar" is the appointments calendar', () => {
    const out = follow(app("salon"), "show the week's appointments on a calendar");
    expect(out.files["pages/AppointmentCalendar"]).toContain('@/entities/Appointment"');
  });

  it('"filter today\'s loans by member" filters the loans', () => {
    const out = follow(app("library"), "filter today's loans by member");
    expect(out.files["pages/Loans"].split("\n").some((l) => /filter/i.test(l) && l.includes(".member_id"))).toBe(true);
  });
});

describe("filters and flags said in passing", () => {
  it('"search clients by email" is a filter, not an e-mail left unbuilt', () => {
    const out = follow(app("salon"), "it'd be good to search clients by email");
    expect(out.files["pages/Clients"].split("\n").some((l) => /filter/i.test(l) && l.includes(".email"))).toBe(true);
    expect(out.text).not.toContain("did not build");
  });

  it('"pick a stylist and only see those appointments" filters the appointments by stylist', () => {
    const withStylist = follow(app("salon"), "link appointments to stylists");
    const out = follow(withStylist.files, "I'd like to pick a stylist and only see those appointments");
    expect(out.files["pages/Appointments"].split("\n").some((l) => /filter/i.test(l) && l.includes(".stylist_id"))).toBe(true);
  });

  it('"a … tick" in a list of fields is a yes/no field', () => {
    const out = follow(app("salon"), "clients need a birthday and a marketing opt-in tick");
    expect(entity(out.files, "Client").properties.marketing_opt_in).toEqual({ type: "boolean", default: false });
  });
});

describe("a filter by records the app links to", () => {
  it("uses the link even when a free field has the same name", () => {
    const schemas = [
      entityJson("Stylist", { name: text }, ["name"]),
      entityJson("Appointment", { title: text, stylist: text, stylist_id: link("Stylist"), date }, ["title"]),
    ];
    const files: Files = renderAll(newModel("App", defaultTheme(null), schemas));
    for (const s of schemas) files[`entities/${s.name}`] = printEntity(s);
    const out = follow(files, "filter appointments by stylist");
    expect(out.files["pages/Appointments"].split("\n").some((l) => /filter/i.test(l) && l.includes(".stylist_id"))).toBe(true);
  });
});
