/**
 * Follow-ups said in full sentences (issue 25), the kinds the prose set showed: choices listed
 * after the field ("tyre brand as a choice, a, b or c"), views asked for in passing ("the jobs on a
 * calendar would be great"), filters and yes/no fields inside a longer sentence, several asks in one
 * message with "them" and a background statement, a rename said as "we call them X not Y", and the
 * plain answer for what is not built. The example sentences are our own, on a small garage app.
 */
import { describe, expect, it } from "vitest";
import { Rls } from "../../functions/core/entities/rls";
import { entityJson, type JsonProp, printEntity } from "../../functions/agent/offline/entities";
import { newModel } from "../../functions/agent/offline/model";
import { defaultTheme } from "../../functions/agent/offline/styles";
import { renderAll } from "../../functions/agent/offline/templates";
import { checkTree, entity, type Files, follow } from "./offline-fixtures";

const text: JsonProp = { type: "string" };
const date: JsonProp = { type: "string", format: "date" };
const choice = (...values: string[]): JsonProp => ({ type: "string", enum: values, default: values[0] });
const link = (target: string): JsonProp => ({ type: "string", description: `id of the related ${target}` });

const GARAGE: [string, Record<string, JsonProp>][] = [
  ["Customer", { name: text, phone: text }],
  ["Car", { registration: text, fuel: text, customer_id: link("Customer") }],
  ["Job", { title: text, car_id: link("Car"), date, status: choice("booked", "in progress", "done") }],
];

function garage(): Files {
  const schemas = GARAGE.map(([name, properties]) => entityJson(name, properties, [Object.keys(properties)[0]]));
  const files: Files = renderAll(newModel("App", defaultTheme(null), schemas));
  for (const s of schemas) files[`entities/${s.name}`] = printEntity(s);
  return files;
}

const prop = (files: Files, name: string, field: string) => entity(files, name).properties[field];
const entityNames = (files: Files) =>
  Object.keys(files)
    .filter((p) => p.startsWith("entities/"))
    .map((p) => p.slice(9))
    .sort();

describe("choices listed after the field, the way a sentence lists them", () => {
  it.each([
    ["fuel as a choice on cars, petrol, diesel or electric", "Car", "fuel", ["petrol", "diesel", "electric"]],
    ["could cars have a body style, hatchback, saloon, estate or van", "Car", "body_style", ["hatchback", "saloon", "estate", "van"]],
    ["job priority please, low, normal, urgent", "Job", "priority", ["low", "normal", "urgent"]],
    ["jobs need a stage, waiting, being worked on, finished", "Job", "stage", ["waiting", "being worked on", "finished"]],
    ["add a bay to jobs, front or back", "Job", "bay", ["front", "back"]],
    ["the car colour should be a choice, red blue silver black", "Car", "colour", ["red", "blue", "silver", "black"]],
    ["add a rating to jobs as a choice, 1 to 5", "Job", "rating", ["1", "2", "3", "4", "5"]],
  ])('"%s" gives %s.%s the choices typed', (message, name, field, values) => {
    const out = follow(garage(), message);
    expect(prop(out.files, name, field)).toEqual({ type: "string", enum: values, default: values[0] });
    checkTree(out.files);
  });

  it("a free field named with its records becomes a choice in place", () => {
    const out = follow(garage(), "make the car fuel a proper choice, petrol, diesel, hybrid");
    expect(prop(out.files, "Car", "fuel")).toEqual({ type: "string", enum: ["petrol", "diesel", "hybrid"], default: "petrol" });
  });

  it("a list of things is a list of fields, never the choices of the first", () => {
    const out = follow(garage(), "add a mileage, an mot date, a tax date to cars");
    expect(prop(out.files, "Car", "mileage")?.enum).toBeUndefined();
    const names = follow(garage(), "cars need a make, model, engine size");
    expect(prop(names.files, "Car", "make")?.enum).toBeUndefined();
  });
});

describe("views asked for in passing", () => {
  it('"it would be great to see the jobs on a calendar" adds the jobs calendar', () => {
    const out = follow(garage(), "it would be great to see the jobs on a calendar");
    expect(out.files["pages/JobCalendar"]).toContain('@/entities/Job"');
    expect(out.text).toContain("month calendar of jobs");
  });

  it('"could the jobs go on a board too" adds a board by status', () => {
    const out = follow(garage(), "could the jobs go on a board too");
    expect(out.files["pages/JobBoard"]).toContain('@/entities/Job"');
    expect(out.text).toContain("a column for each `status`");
  });

  it("records without a date get one with their calendar, and the answer says so", () => {
    const out = follow(garage(), "cars on a calendar please");
    expect(prop(out.files, "Car", "date")).toEqual(date);
    expect(out.files["pages/CarCalendar"]).toContain('@/entities/Car"');
    expect(out.text).toContain("Car had no date field, so I added `date`");
  });

  it("records the app does not have are named in the answer, and nothing changes", () => {
    const out = follow(garage(), "could the invoices go on a board");
    expect(out.actions).toEqual([]);
    expect(out.text).toContain('I couldn\'t find an entity called "invoices"');
  });
});

describe("filters and yes/no fields inside a longer sentence", () => {
  it.each([
    ["and let the receptionist filter jobs by car", "Job", "car_id"],
    ["could we filter cars by fuel", "Car", "fuel"],
    ["a filter by customer on the cars", "Car", "customer_id"],
  ])('"%s" filters %s by %s', (message, name, field) => {
    const out = follow(garage(), message);
    const list = out.files[`pages/${name}s`];
    expect(list.split("\n").some((line) => /filter/i.test(line) && line.includes(`.${field}`))).toBe(true);
    expect(Object.keys(entity(out.files, name).properties)).toEqual(Object.keys(entity(garage(), name).properties));
  });

  it.each([
    ["customers need a marketing consent yes/no", "Customer", "marketing_consent"],
    ["taxed, yes or no, on the cars", "Car", "taxed"],
    ["can you add whether the car is insured, just a yes or no", "Car", "insured"],
    ["and a photo of each car", "Car", "photo"],
    ["I think customers should have an email address", "Customer", "email"],
    ["add a field for the mot expiry date on cars", "Car", "mot_expiry_date"],
  ])('"%s" adds %s.%s', (message, name, field) => {
    const out = follow(garage(), message);
    const added = Object.keys(entity(out.files, name).properties).filter((k) => !(k in entity(garage(), name).properties));
    expect(added).toEqual([field]);
  });

  it('"whether the dog is …" names the field by what is asked, not by the animal', () => {
    const out = follow(garage(), "can you add whether the dog is microchipped, just a yes or no");
    const made = entityNames(out.files).flatMap((name) => Object.keys(entity(out.files, name).properties));
    expect(made).toContain("microchipped");
    expect(made.some((f) => f.startsWith("dog"))).toBe(false);
  });

  it("a type said once after a list is every field's type, and a group name is no field", () => {
    const out = follow(garage(), "add the mileage to cars, mileage in and mileage out as numbers");
    expect(prop(out.files, "Car", "mileage_in")).toMatchObject({ type: "number" });
    expect(prop(out.files, "Car", "mileage_out")).toMatchObject({ type: "number" });
    expect(prop(out.files, "Car", "mileage")).toBeUndefined();
  });
});

describe("several asks in one message", () => {
  it('"them" is the records the sentence before named, and a background statement is left out', () => {
    const out = follow(garage(), "we buy parts from a few suppliers, add them with a name and phone and link each job to its supplier");
    expect(Object.keys(entity(out.files, "Supplier").properties)).toEqual(["name", "phone"]);
    expect(prop(out.files, "Job", "supplier_id")).toEqual(link("Supplier"));
    expect(out.text).not.toContain("didn't understand");
  });

  it('"add mechanics and link each job to whoever did it" adds the people and links to them', () => {
    const out = follow(garage(), "there's me and two others, so add mechanics and link each job to whoever did it");
    expect(entityNames(out.files)).toEqual(["Car", "Customer", "Job", "Mechanic"]);
    expect(prop(out.files, "Job", "mechanic_id")).toEqual(link("Mechanic"));
  });

  it('"add bays and each job is for a bay": the new records, then the link', () => {
    const out = follow(garage(), "add bays and each job is for a bay");
    expect(entityNames(out.files)).toContain("Bay");
    expect(prop(out.files, "Job", "bay_id")).toEqual(link("Bay"));
  });

  it('"show them on a board" after a status list is the board of those records', () => {
    const out = follow(garage(), "cars need a state, waiting, booked in, collected, and show them on a board");
    expect(prop(out.files, "Car", "state")?.enum).toEqual(["waiting", "booked in", "collected"]);
    expect(out.files["pages/CarBoard"]).toContain('@/entities/Car"');
  });

  it('"I want to log parts used too, linked to the job" adds parts, each with its job', () => {
    const out = follow(garage(), "I want to log parts used too, linked to the job");
    expect(entity(out.files, "Part").properties.job_id).toEqual(link("Job"));
  });

  it.each([
    ["jobs need to be linked to a mechanic", "Mechanic", "Job"],
    ["link each car to a parking bay", "ParkingBay", "Car"],
  ])('"%s": the %s records the app lacks are made, and the link to them', (message, parent, child) => {
    const out = follow(garage(), message);
    expect(entityNames(out.files)).toContain(parent);
    expect(prop(out.files, child, `${parent.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}_id`)).toEqual(link(parent));
  });

  it("a link to a time is not a new kind of record", () => {
    const out = follow(garage(), "each job belongs to a specific time");
    expect(entityNames(out.files)).toEqual(["Car", "Customer", "Job"]);
  });

  it('"let\'s track parts, each part belongs to a job": tracked things are records, then linked', () => {
    const out = follow(garage(), "let's track parts, each part belongs to a job");
    expect(entityNames(out.files)).toContain("Part");
    expect(prop(out.files, "Part", "job_id")).toEqual(link("Job"));
  });

  it("a bare plural of a field-like thing is not an entity", () => {
    const out = follow(garage(), "add photos");
    expect(entityNames(out.files)).toEqual(["Car", "Customer", "Job"]);
  });
});

describe("renames, rules and what is not built, said in passing", () => {
  it('"we call them vehicles not cars, can you change that" renames Car to Vehicle', () => {
    const out = follow(garage(), "we call them vehicles not cars, can you change that");
    expect(entityNames(out.files)).toEqual(["Customer", "Job", "Vehicle"]);
    expect(prop(out.files, "Job", "vehicle_id")).toEqual(link("Vehicle"));
  });

  it('"we call customers clients" renames Customer to Client', () => {
    const out = follow(garage(), "we call customers clients");
    expect(entityNames(out.files)).toEqual(["Car", "Client", "Job"]);
  });

  it.each([
    ["we'd like a kanban of the jobs", "pages/JobBoard"],
    ["it'd be handy to have the jobs in a calendar", "pages/JobCalendar"],
  ])('"%s" adds %s, never a field named after the view', (message, page) => {
    const out = follow(garage(), message);
    expect(out.files[page]).toContain('@/entities/Job"');
    expect(Object.keys(entity(out.files, "Job").properties)).toEqual(Object.keys(entity(garage(), "Job").properties));
  });

  it('"customers should only be able to see their own cars" is the creator-only rule', () => {
    const out = follow(garage(), "customers should only be able to see their own cars");
    const rls = entity(out.files, "Car").rls;
    const record = { id: "r", created_by: "a@x.org", created_by_id: "a" };
    const reads = (email: string) => Rls.guard({ rls, properties: {} }, { kind: "member", user: { id: email, email, role: "user" } }).allows("read", record);
    expect([reads("a@x.org"), reads("b@x.org")]).toEqual([true, false]);
  });

  it.each([
    ["ping me if a job is still open on friday", "notifications"],
    ["send the customer a text when the car is ready", "text messages"],
    ["can customers pay the bill when they collect", "online payments"],
    ["I need the hours totalled per mechanic", "computed values"],
  ])('"%s" says plainly that %s were not built', (message, what) => {
    const out = follow(garage(), message);
    expect(out.actions).toEqual([]);
    expect(out.text).toContain(`I did not build the ${what}`);
  });
});
