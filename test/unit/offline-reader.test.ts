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

  it("a list after 'X in each Y' describes X, and every 'per …' qualifies the first noun", () => {
    const shelves = shape("a pantry tracker. shelves (name, position), jars on each shelf (label, size, filled date, best before)");
    expect(Object.keys(shelves.fields("Jar") ?? {})).toEqual(expect.arrayContaining(["label", "size", "filled_date", "best_before"]));
    expect(shelves.fields("Shelf")).not.toHaveProperty("best_before");
    expect(shelves.links("Jar")).toContain("Shelf");
    const grades = shape("tutoring centre. pupils (name, year), modules (title, level), and a mark per pupil per module: percentage, passed y/n");
    expect(grades.fields("Mark")).toMatchObject({ passed: "boolean" });
    expect(grades.links("Mark")).toEqual(expect.arrayContaining(["Pupil", "Module"]));
  });

  it("an identifier said in a sentence is a field of its own, whatever is said of where it is written", () => {
    const hives = read("Every hive gets a tag number that we burn into the lid, plus the site and the queen's colour. Each site has a code on its gate and an owner.");
    const field = (name: string) => hives.drafts.find((d) => d.name === name)?.described.map((f) => f.name) ?? [];
    expect(field("Hive")).toEqual(expect.arrayContaining(["tag_number"]));
    expect(field("Site")).toContain("code");
    const kayaks = read("Each kayak has a hull number which we stencil on the bow along with the colour and the length. Kayaks go out on trips.");
    expect(kayaks.drafts.find((d) => d.name === "Kayak")?.described.map((f) => f.name)).toEqual(expect.arrayContaining(["hull_number", "colour", "length"]));
  });

  it("a thing said once, only as what a record has, is a field of that record rather than a record", () => {
    const app = read("Tractors have a chassis plate and a fuel card. We log each service with the date and which tractor.");
    expect(app.drafts.map((d) => d.name)).toEqual(expect.arrayContaining(["Tractor", "Service"]));
    expect(app.drafts.map((d) => d.name)).not.toContain("FuelCard");
    expect(app.drafts.find((d) => d.name === "Tractor")?.described.map((f) => f.name)).toEqual(expect.arrayContaining(["chassis_plate", "fuel_card"]));
  });

  it("a record named by what people do: a time clause whose act is kept, of what it is done to", () => {
    const tools = read("my workshop: chisels have a width and a maker, stones have a grit. I want to record every time I hone a chisel, which stone I used and the date");
    const honing = tools.drafts.find((d) => d.name === "Honing");
    expect(honing?.links).toEqual(expect.arrayContaining(["Chisel", "Stone"]));
    expect(honing?.described.map((f) => f.name)).toContain("date");
    const ladder = read("We keep ladders for the street: each ladder has a height and a colour. When a neighbour comes to inspect it we write down their name, their house and the date.");
    expect(ladder.drafts.find((d) => d.name === "Inspection")?.links).toContain("Ladder");
    expect(ladder.drafts.find((d) => d.name === "Inspection")?.described.map((f) => f.name)).toEqual(["name", "house", "date"]);
  });

  it("a person's act on a thing is a record of both, read within its own clause", () => {
    const bells = read("Each bell ringer attends some practices and we need their hours for the annual report.");
    expect(bells.drafts.find((d) => d.name === "Attendance")?.links).toEqual(expect.arrayContaining(["BellRinger", "Practice"]));
  });

  it("what follows 'we log every X,' is what is kept of each X", () => {
    const yard = read("We log every delivery, the date, the weight and which lorry brought it. Lorries have a plate and a driver.");
    const delivery = yard.drafts.find((d) => d.name === "Delivery");
    expect(delivery?.described.map((f) => f.name)).toEqual(expect.arrayContaining(["date", "weight_kg"]));
    expect(delivery?.links).toContain("Lorry");
  });

  it("'who's … which/each X' pairs the people with the thing in a record of its own, named by the act or an assignment", () => {
    const litter = read("a litter pick club: pickers (name, phone), zones (name, map link) and who's booked on each zone");
    expect(litter.drafts.find((d) => d.name === "Booking")?.links).toEqual(expect.arrayContaining(["Picker", "Zone"]));
    const kitchen = read("soup kitchen. helpers (name, phone), stations (name, location). for each evening shift who's doing which station.");
    expect(kitchen.drafts.find((d) => d.name === "Assignment")?.links).toEqual(expect.arrayContaining(["Helper", "Station"]));
    // after a person, "who" is that person: "helpers who cook" pairs nothing
    expect(read("helpers (name, phone) and stations (name). helpers who cook get a badge").drafts.map((d) => d.name)).not.toContain("Assignment");
  });

  it("a noun said to be one of each of two records is a record of both; 'for each X its …' are X's fields; people are no one's belongings", () => {
    const yard = read("We board horses at a livery with 10 boxes. Horses arrive while their riders are abroad, a visit is one horse in one box from a start date to an end date. We need the rider's name and phone, and for each horse its name, age and feed.");
    const of = (name: string) => yard.drafts.find((d) => d.name === name);
    expect(of("Visit")?.links).toEqual(expect.arrayContaining(["Horse", "Box"]));
    expect(of("Horse")?.described.map((f) => f.name)).toEqual(["name", "age", "feed"]);
    expect(of("Horse")?.links).toContain("Rider");
    expect(of("Rider")?.described.map((f) => f.name)).toEqual(["name", "phone"]);
    // a short word is no short form of a longer record of another kind: a pig is no piggery
    expect(read("We run a piggery. each pig has a name and a weight.").drafts.map((d) => d.name)).toContain("Pig");
  });

  it("a verb after its subject is no noun even before brackets, and a record said with how it is kept is that record", () => {
    const club = read("our film club needs an app. tunes we hum (title, key), screenings (date, film) and a shotlist per screening with the tunes in order.");
    expect(club.drafts.map((d) => d.name)).toEqual(expect.arrayContaining(["Tune", "Screening", "Shotlist"]));
    expect(club.drafts.find((d) => d.name === "Tune")?.described.map((f) => f.name)).toEqual(["title", "key"]);
    expect(club.drafts.find((d) => d.name === "Tune")?.links).toContain("Shotlist");
  });

  it("every 'each …' clause of a sentence ties its records; a record with a prepositional phrase after it is that record", () => {
    const bees = read("Each hive has a colour, and every beekeeper rents one hive, some share.");
    expect(bees.drafts.find((d) => d.name === "Beekeeper")?.links).toContain("Hive");
    const couriers = read("courier firm. each delivery is made by one of our riders with one of our vans at a site on a date, and we log the weight.");
    expect(couriers.drafts.find((d) => d.name === "Delivery")?.links).toEqual(expect.arrayContaining(["Rider", "Van", "Site"]));
    const farms = read("each farm gets several visits over the year, with the vet who went and the weather. every sample gets a lab code later back at base.");
    expect(farms.drafts.find((d) => d.name === "Visit")?.links).toContain("Farm");
    expect(farms.drafts.find((d) => d.name === "Sample")?.described.map((f) => f.name)).toEqual(["lab_code"]);
    expect(farms.drafts.map((d) => d.name)).not.toContain("Base");
  });

  it("'each one' is the record said before it: what its sentence has many of, or says one at a time", () => {
    const paths = read("Wardens put up new signs on our paths every month, each one has a message and a date. For each gate we keep the width and the colour, and each one belongs to a farmer.");
    const of = (name: string) => paths.drafts.find((d) => d.name === name);
    expect(of("Sign")?.described.map((f) => f.name)).toEqual(["message", "date"]);
    expect(of("Sign")?.links).toContain("Path");
    expect(of("Gate")?.links).toContain("Farmer");
    expect(paths.drafts.map((d) => d.name)).not.toContain("Message");
    // "each" on its own, too
    expect(read("our walkers send in sightings (species, count, date), we pass each to a ranger (name, patch).").drafts.find((d) => d.name === "Sighting")?.links).toContain("Ranger");
  });

  it("long prose: 'for the X it's …', things in their places, and what is logged after a time clause", () => {
    const park = read("I rent out pitches in two large fields. For the fields it's the acreage and how many taps, pitches have a size and a nightly price, caravans have a plate. I want to see which caravan is in which pitch. I'd like to log faults when something fails, which field it was, what's wrong and whether it's fixed.");
    const of = (name: string) => park.drafts.find((d) => d.name === name);
    expect(of("Field")?.described.map((f) => f.name)).toEqual(["acreage", "taps"]);
    expect(of("Pitch")?.links).toContain("Field");
    expect(of("Caravan")?.links).toContain("Pitch");
    expect(of("Fault")?.links).toContain("Field");
    expect(of("Fault")?.described.map((f) => f.name)).toContain("fixed");
  });

  it("a list ends where a record with a list of its own starts; a record said with a clause about it is that record", () => {
    const store = read("gear store. ropes: length, colour, kind (single, twin, half), and climbers (name, phone). loans: rope, climber, out date.");
    expect(store.drafts.find((d) => d.name === "Rope")?.described.map((f) => f.name)).toEqual(["length", "colour", "kind"]);
    expect(store.drafts.find((d) => d.name === "Climber")?.described.map((f) => f.name)).toEqual(["name", "phone"]);
    const wall = read("each hold has a colour, wall it's on. walls: name, angle.");
    expect(wall.drafts.find((d) => d.name === "Hold")?.links).toContain("Wall");
  });

  it("'which X does which Y in which Z' is one record of all three, named by what is done to Y; a schedule per Z keeps its own", () => {
    const club = read("gardening club. beds (name, size), volunteers (name, phone), the rota = which volunteer tends which plant in which bed, and a weeding schedule per bed w/ date, time, which tools");
    expect(club.drafts.find((d) => d.name === "TendedPlant")?.links).toEqual(expect.arrayContaining(["Volunteer", "Bed"]));
    const weeding = club.drafts.find((d) => d.name === "Weeding");
    expect(weeding?.links).toContain("Bed");
    expect(weeding?.described.map((f) => f.name)).toEqual(expect.arrayContaining(["date", "time"]));
  });

  it("a 'for all Xs' after a list of records is said of each; values taken again and again are a record of their own", () => {
    const greenhouse = read("greenhouse log. need to log waterings (which tray, time, ml), mistings (fine/heavy), and repottings (pot size, date) for all trays. trays: name, sown date, seed weight. the grower wants their heights every week too");
    const of = (name: string) => greenhouse.drafts.find((d) => d.name === name);
    for (const name of ["Watering", "Misting", "Repotting", "Height"]) expect(of(name)?.links).toContain("Tray");
    expect(of("Tray")?.described.map((f) => f.name)).toContain("seed_weight");
    const tutor = read("tutoring. pupils (name, year). also want to keep essays / mock papers per pupil");
    for (const name of ["Essay", "Paper"]) expect(tutor.drafts.find((d) => d.name === name)?.links).toContain("Pupil");
    const darts = read("darts league. players (name, nickname), match nights (date, venue), and points per player per night.");
    expect(darts.drafts.find((d) => d.name === "Point")?.links).toEqual(expect.arrayContaining(["Player", "MatchNight"]));
  });

  it("'the A, B and C of the X' are X's; a possessive reaches only the nouns joined straight after it", () => {
    const hire = read("bike hire shop. each rental is for one bike and one rider, we note the frame size, colour and gears of the bike, the rider's name and phone, the date out and whether they've paid.");
    const of = (name: string) => hire.drafts.find((d) => d.name === name);
    expect(of("Bike")?.described.map((f) => f.name)).toEqual(["frame_size", "colour", "gear"]);
    expect(of("Rider")?.described.map((f) => f.name)).toEqual(["name", "phone"]);
    expect(of("Rental")?.described.map((f) => f.name)).toEqual(expect.arrayContaining(["date_out", "paid"]));
    expect(of("Rental")?.links).toEqual(expect.arrayContaining(["Bike", "Rider"]));
  });

  it("many of a record with fields of their own, inside another's list, are its children; a reason ends a list", () => {
    const band = read("brass band. players (name, instrument), and a practice log for each rehearsal — rehearsal date, room, pieces played (composer, title, length) because we report them to the league");
    expect(band.drafts.find((d) => d.name === "Piece")?.links).toContain("Rehearsal");
    expect(band.drafts.find((d) => d.name === "Piece")?.described.map((f) => f.name)).toEqual(expect.arrayContaining(["title", "length"]));
    expect(band.drafts.find((d) => d.name === "Rehearsal")?.described.map((f) => f.name)).toEqual(["rehearsal_date", "room"]);
  });

  it("a 'for each X' closing a record's list says the record is one per X", () => {
    const school = read("dance school. classes (title, level, room). I want rehearsals with the studio, date and time for each class.");
    const rehearsal = school.drafts.find((d) => d.name === "Rehearsal");
    expect(rehearsal?.links).toContain("Class");
    expect(rehearsal?.described.map((f) => f.name)).toEqual(["studio", "date", "time"]);
  });

  it("a number word after a noun starts a phrase of its own; 'each entry' is a record said one at a time", () => {
    const fair = read("On the day three tasters go round and the tasters give each entry a rating with a short comment.");
    expect(fair.drafts.map((d) => d.name)).not.toContain("DayThreeTaster");
    expect(fair.drafts.find((d) => d.name === "Rating")?.links).toEqual(expect.arrayContaining(["Taster", "Entry"]));
  });

  it("chat English without verb endings: 'customer give …' gives the customer fields, a bare person does what follows, '2 mechanic' are many", () => {
    const shop = shape("bike repair shop. customer give name, phone, email. each repair has the bike, price and which mechanic. we have 2 mechanic.");
    expect(shop.fields("Customer")).toMatchObject({ name: "string", phone: "string", email: "email" });
    expect(shop.links("Repair")).toEqual(["Mechanic"]);
    const gym = shape("Gym. I want member book a class. classes have name, time, coach.");
    expect(gym.links("Booking")).toEqual(expect.arrayContaining(["Member", "Class"]));
    // (a compound with a verb in it stays a noun: the shop is no record of hiring)
    expect(read("costume hire shop. costumes (name, size, price)").drafts.map((d) => d.name)).toEqual(["Costume"]);
  });

  it("bulleted lines: a bullet with a list of its own is a sentence of its own; one-item bullets are their heading's list", () => {
    const veg = shape("Veg shop ordering:\n- growers: name, phone\n- weekly orders: grower, date\n- lines on each WO: veg, kilos");
    expect(veg.entities).toEqual(["Grower", "Order", "Line"]);
    expect(veg.links("Line")).toEqual(["Order"]);
    const choir = shape("Choir. Members:\n- name\n- voice part\n- email\nConcerts:\n- date\n- venue");
    expect(choir.fields("Member")).toMatchObject({ voice_part: "string", email: "email" });
    expect(choir.fields("Concert")).toMatchObject({ date: "date", venue: "string" });
  });

  it("a record's initials stand for it, and another record's identifier in a list ('shirt SKU', 'job ref') is a link to it", () => {
    expect(shape("Garden centre:\n- purchase orders: supplier, date\n- lines on each PO: plant, qty").links("Line")).toContain("PurchaseOrder");
    const merch = shape("Band merch:\n- shirts: size, colour\n- sales: shirt SKU, price, date");
    expect(merch.links("Sale")).toEqual(["Shirt"]);
    expect(merch.fields("Sale")).not.toHaveProperty("shirt_sku");
  });

  it("after a colon, kinds of the records named are examples, and a lone word the tagger calls an adjective is a noun", () => {
    const school = read("Music school. instruments: piano, violin, cello, flute. lessons: date, pupil, instrument, teacher.");
    const [instrument, lesson] = ["Instrument", "Lesson"].map((name) => school.drafts.find((d) => d.name === name));
    expect(instrument?.described.map((f) => f.name)).toEqual(["kind"]);
    expect(lesson?.links).toEqual(expect.arrayContaining(["Instrument"]));
    // ("subject" between commas, which the tagger reads as an adjective)
    const home = read("Home school. subjects: maths, english, science, history. lessons: date, kid, subject.");
    expect(home.drafts.find((d) => d.name === "Lesson")?.links).toEqual(["Kid", "Subject"]);
    expect(home.drafts.map((d) => d.name)).not.toContain("English");
  });

  it("a happening that ties records together happens on a day, said or not", () => {
    const band = shape("Wedding band. Couples have a name and a phone. Venues have a name and an address. Each wedding has a couple, a venue and a fee.");
    expect(band.fields("Wedding")).toMatchObject({ couple_id: "string", venue_id: "string", date: "date" });
    // (a thing is no happening: a venue has no date)
    expect(band.fields("Venue")).not.toHaveProperty("date");
  });

  it("is deterministic", () => {
    const text = "fishing diary! trips (date, spot, weather, hours), catches (species, weight kg, bait, released y/n) for each trip";
    expect(JSON.stringify(planDescription(text))).toBe(JSON.stringify(planDescription(text)));
    expect(shape(text).links("Catch")).toContain("Trip");
  });
});

describe("pasted spreadsheet headers (reader/sheets.ts)", () => {
  it("each header row is a record with its columns as fields, a column naming another sheet a link, # and ? read as a number and yes/no", () => {
    const app = shape(
      "our plant nursery, moving off spreadsheets. the tabs are:\nPlants: Name | Latin name | Pot size | Price | Hardy?\nSuppliers: Name | Phone | Email\nDeliveries: Delivery # | Supplier | Plant | Qty | Arrived",
    );
    expect(app.entities).toEqual(expect.arrayContaining(["Plant", "Supplier", "Delivery"]));
    expect(app.fields("Plant")).toMatchObject({ latin_name: "string", hardy: "boolean" });
    expect(app.fields("Delivery")).toHaveProperty("delivery_number");
    expect(app.links("Delivery")).toEqual(expect.arrayContaining(["Supplier", "Plant"]));
  });

  it("a header row on a line of its own takes its records from the line before, or from an identifying first column", () => {
    const named = shape("bike hire shop. our rentals sheet has:\nRental # | Bike | Customer | Out | Back | Paid?");
    expect(named.entities).toContain("Rental");
    const byColumn = shape("allotment society. columns we use now:\nPlot No | Holder | Size | Rent paid?");
    expect(byColumn.entities).toContain("Plot");
    // (columns split by commas under a line that says they are columns; that line names no record)
    const commas = shape("Pet sitting.\nCurrent sheet columns:\nVisit No, Pet, Owner, Date, Paid?");
    expect(commas.entities).toEqual(["Visit", "Owner"]);
    expect(commas.fields("Visit")).toMatchObject({ visit_number: "string", paid: "boolean" });
  });
});
