import { describe, expect, it } from "vitest";
import { planDescription } from "../../functions/agent/offline/planner";
import { read } from "../../functions/agent/offline/reader/read";

/** The plan as names: each entity's fields (name:type) and links. */
function shape(description: string) {
  const plan = planDescription(description);
  const fields = (name: string) => {
    const e = plan.entities.find((x) => x.name === name);
    return e ? Object.fromEntries(e.fields.map((f) => [f.name, f.prop.enum ? `enum:${(f.prop.enum as string[]).join("/")}` : (f.prop.format ?? f.prop.type)])) : null;
  };
  const links = (name: string) => plan.entities.find((x) => x.name === name)?.links ?? null;
  return { entities: plan.entities.map((e) => e.name), fields, links };
}

describe("the offline reader: records, fields and links from English as people type it", () => {
  it("examples of one kind of thing are one record with a kind, never a record each", () => {
    const app = shape("lost and found for our school - stuff kids leave behind (jackets, water bottles, lunchboxes), where it was found, date, and whether a parent picked it up.");
    expect(app.entities).toContain("Item");
    expect(app.entities).not.toContain("Jacket");
    expect(app.entities).not.toContain("WaterBottle");
    expect(app.fields("Item")).toMatchObject({ kind: "enum:jacket/water_bottle/lunchbox", location: "string", date: "date", picked_up: "boolean" });
    // said in passing, without brackets, too
    expect(read("people hand in all sorts at reception, phones, keys, wallets, and we log who collected them").drafts.map((d) => d.name)).toEqual(["Item"]);
  });

  it("units are a number field's unit, not records; a user's identifier is kept as a field of its own, never `id`", () => {
    const app = shape("small brewery - batches (style, OG, FG, brew date), fermenters (name, capacity in litres, status), each batch goes in a fermenter. track kegs too w/ keg ID");
    expect(app.entities).toEqual(["Batch", "Fermenter", "Keg"]);
    expect(app.fields("Fermenter")).toMatchObject({ capacity_litres: "number" });
    expect(app.fields("Keg")).toMatchObject({ keg_number: "string" });
    expect(app.fields("Keg")).not.toHaveProperty("id");
    expect(app.links("Batch")).toEqual(["Fermenter"]);
  });

  it("a word in a field list never pulls in another domain's template, and choices in brackets stay choices", () => {
    const app = shape("I'm a mobile dog groomer. clients + their dogs (breed, size, temperament notes), appointments w/ date, address, price, paid y/n. remind clients the day before");
    expect(app.fields("Dog")).toMatchObject({ breed: "string", temperament_notes: "string", client_id: "string" });
    expect(app.fields("Appointment")).toMatchObject({ date: "date", price: "currency", paid: "boolean" });
    expect(app.links("Appointment")).toEqual(expect.arrayContaining(["Client", "Dog"]));
    const tattoo = shape("I run a tattoo studio w/ 3 artists and I need bookings: client, artist, date & time, placement, size (small/medium/large), deposit paid y/n.");
    expect(tattoo.entities).not.toContain("Size");
    expect(tattoo.fields("Booking")).toMatchObject({ size: "enum:small/medium/large", deposit_paid: "boolean", client_id: "string", artist_id: "string" });
  });

  it("fields land on the record they are said of", () => {
    const app = shape("we deliver meal kits. drivers, vans (plate, capacity in litres), routes with stops - each stop has an address and a time window. need to know which driver and van is on which route each day");
    expect(app.fields("Stop")).toMatchObject({ address: "string", time_window: "string", route_id: "string" });
    expect(app.fields("Van")).not.toHaveProperty("address");
    expect(app.links("Route")).toEqual(expect.arrayContaining(["Driver", "Van"]));
  });

  it("relations said in words are links", () => {
    const vets = shape("we're a small vet practice with three vets. every appointment is for one pet and with one of the vets, and each pet belongs to an owner. we note the pet's species, breed and weight");
    expect(vets.links("Appointment")).toEqual(expect.arrayContaining(["Pet", "Vet"]));
    expect(vets.links("Pet")).toContain("Owner");
    expect(vets.fields("Pet")).toMatchObject({ species: "string", breed: "string" });
    const vans = shape("a driver takes a van out on a route each morning and the route has maybe 20 stops. I need to know what time each stop was done");
    expect(vans.links("Route")).toEqual(expect.arrayContaining(["Driver", "Van"]));
    expect(vans.links("Stop")).toContain("Route");
    const show = shape("judges give each entry a score out of 10 and we need a leaderboard. entries are submitted by bakers, each entry has a category");
    expect(show.links("Score")).toEqual(expect.arrayContaining(["Judge", "Entry"]));
    expect(show.links("Entry")).toContain("Baker");
  });

  it("a many-to-many said 'which X … which Y' is a record of its own linked to both", () => {
    const pack = shape("cub scout pack leader here. keep track of cubs (name, six, dob), badges (name, category) and which cub has earned which badge");
    expect(pack.entities).toEqual(expect.arrayContaining(["Cub", "Badge", "EarnedBadge"]));
    expect(pack.links("EarnedBadge")).toEqual(expect.arrayContaining(["Cub", "Badge"]));
    // "which … is on which …" with no act of its own stays a link
    expect(shape("drivers, vans (plate, capacity) and routes with stops. need to know which driver is on which route").links("Route")).toContain("Driver");
  });

  it("the business a description is about is not a record of its own", () => {
    expect(shape("we run a small climbing gym. members (name, email), routes (grade, colour, wall) and visits").entities).not.toContain("ClimbingGym");
    expect(shape("A sales pipeline for a small B2B team with companies, contacts and deals moving through stages on a Kanban board.").entities).not.toContain("B2bTeam");
  });

  it("is deterministic", () => {
    const text = "fishing diary! trips (date, spot, weather, hours), catches (species, weight kg, bait, released y/n) for each trip";
    expect(JSON.stringify(planDescription(text))).toBe(JSON.stringify(planDescription(text)));
    expect(shape(text).links("Catch")).toContain("Trip");
  });
});
