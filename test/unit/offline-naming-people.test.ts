import { describe, expect, it } from "vitest";
import { nameFromDescription } from "../../functions/agent/offline";
import { appNameFrom } from "../../functions/agent/offline/appname";
import { writtenOut } from "../../functions/agent/offline/chatisms";
import { entityJson } from "../../functions/agent/offline/entities";
import { addChart } from "../../functions/agent/offline/views";
import { newModel } from "../../functions/agent/offline/model";
import { defaultTheme } from "../../functions/agent/offline/styles";
import { notBuiltLines } from "../../functions/agent/offline/texts";
import { unbuiltAsks } from "../../functions/agent/offline/unbuilt";
import { nameProblems, saysNotBuilt, type Topic } from "../../scripts/score-offline/judge";
import { build } from "./offline-engine-turns";

/** The gaps a description asks for, with the words that asked. */
const asks = (description: string) => Object.fromEntries([...unbuiltAsks(description)].map(([gap, words]) => [gap, [...words]]));

describe("offline engine: chat-isms are written out before a description is read", () => {
  it("spells out contractions, shorthand, symbols for 'and', repeated punctuation and emoji", () => {
    expect(writtenOut("we're a gym w/ 3 coaches & 40 members!! 🏋️ paid y/n")).toBe("we are a gym with 3 coaches and 40 members! paid yes or no");
    expect(writtenOut("tbh it's for ppl who've got appts")).toBe("it is for people who have got appointments");
    expect(writtenOut("I'm not sure, can't we log hours w/o a timer")).toBe("I am not sure, can not we log hours without a timer");
  });

  it("keeps '&' and '+' inside a name of single letters ('B&B', 'R&D') and writes them out between words", () => {
    expect(writtenOut("B&B bookings + R&D notes, rooms+guests")).toBe("B&B bookings and R&D notes, rooms and guests");
  });
});

describe("offline engine: app names from descriptions as people type them", () => {
  it("names the business the app is for, without the words that only describe it", () => {
    expect(nameFromDescription("we're a small climbing gym and need to track members, w/ waivers & belay certs!!")).toBe("Climbing Gym");
    expect(nameFromDescription("I'm a mobile dog groomer, need to keep track of appts + which dog is which 🐶")).toBe("Mobile Dog Groomer");
    expect(nameFromDescription("ok so i coach a kids soccer team, players, games, scores")).toBe("Kids Soccer Team");
    expect(nameFromDescription("Hey, I run a food truck. need to track inventory & sales")).toBe("Food Truck");
  });

  it("names what an app is 'for', and what it is 'to' do, with the app word its verb gives", () => {
    expect(nameFromDescription("hi! so basically we need an app for our choir")).toBe("Choir Manager");
    expect(nameFromDescription("need smthg for tracking our equipment loans, ppl borrow cameras etc")).toBe("Equipment Loan Tracker");
    expect(nameFromDescription("i need to keep track of my reading. books, authors and the rating i gave")).toBe("Reading Tracker");
    expect(nameFromDescription("tracking my plants lol. watering schedule, photos")).toBe("Plant Tracker");
    expect(nameFromDescription("organising a 2 day tech conference. speakers, talks, rooms")).toBe("Tech Conference Organiser");
  });

  it("takes the phrase a description opens with, joined where it shares a head and turned round where it is 'for' something", () => {
    expect(nameFromDescription("lost and found for our school - stuff they find (jackets, water bottles...) and who claimed it")).toBe("School Lost And Found");
    expect(nameFromDescription("Choir manager!! singers w/ voice part, rehearsals, attendance y/n")).toBe("Choir Manager");
    expect(nameFromDescription("B&B bookings for our guesthouse, rooms + guests")).toBe("B&B Bookings");
    expect(nameFromDescription("A simple tracker for water intake and sleep hours")).toBe("Water Intake Tracker");
    expect(nameFromDescription("A catalogue of internal API endpoints with method and path")).toBe("API Endpoint Catalogue");
    expect(nameFromDescription("apple & pear orchard. blocks, spray diary, harvests")).toBe("Apple And Pear Orchard");
    expect(nameFromDescription("our band needs an app!! songs we play, gigs and setlists")).toBe("Band Manager");
  });

  it("never returns a sentence's fragment: a lone person, a bare team or people doing something name no app", () => {
    expect(appNameFrom("I'm a photographer. clients, shoots, invoices")).toBeNull();
    expect(appNameFrom("We're a small team. clients and projects")).toBeNull();
    expect(appNameFrom("Guests reserve tables at our restaurant for a date and time.")).toBeNull();
    for (const description of [
      "we're a small climbing gym and need to track members",
      "I'm a mobile dog groomer, need to keep track of appts",
      "Choir manager!! singers w/ voice part",
      "lost and found for our school - stuff they find",
      "B&B bookings for our guesthouse",
      "our band needs an app!! songs we play",
    ])
      expect(nameProblems(nameFromDescription(description), description)).toEqual([]);
  });
});

describe("offline engine: what a description asks for that is not built, by meaning", () => {
  it("hears reminders, notifications, e-mail and texts however they are said", () => {
    expect(asks("also remind ppl when their membership expires")).toEqual({ reminders: ["reminders"] });
    expect(asks("want an alert when stock is low")).toEqual({ notifications: ["notifications"] });
    expect(asks("ping me if a cage is overdue for cleaning")).toEqual({ notifications: ["notifications"], computed: ["overdue flags"] });
    expect(asks("email customers when their order is ready")).toEqual({ emails: ["e-mails"] });
    expect(asks("would be great if it sent an e-mail to the client")).toEqual({ emails: ["e-mails"] });
    expect(asks("text the owners the day before")).toEqual({ sms: ["text messages"] });
    expect(asks("send them a txt when the bike is ready")).toEqual({ sms: ["text messages"] });
  });

  it("hears automations: a schedule, a condition with something the app would do, a rule it would enforce", () => {
    expect(asks("every Monday send me a summary of the week")).toEqual({ automations: ["automations"] });
    expect(asks("when a bike is returned, mark it available")).toEqual({ automations: ["automations"] });
    expect(asks("block bookings from people who are not inducted")).toEqual({ automations: ["automations"] });
    expect(asks("jobs get assigned automatically")).toEqual({ automations: ["automations"] });
  });

  it("hears computed figures, export and payments", () => {
    expect(asks("a weekly total of hours per client and a leaderboard")).toEqual({ computed: ["totals", "rankings"] });
    expect(asks("a monthly bill per research group")).toEqual({ computed: ["totals"] });
    expect(asks("see how much each person owes")).toEqual({ computed: ["balances"] });
    expect(asks("export to csv for the accountant")).toEqual({ export: ["export", "csv"] });
    expect(asks("we print a weekly roster as pdf")).toEqual({ export: ["printing", "pdf"] });
    expect(asks("can parents pay online?")).toEqual({ payments: ["payments"] });
    expect(asks("take card payments at the door")).toEqual({ payments: ["payments"] });
  });

  it("does not hear them in fields and records that only share the words", () => {
    for (const description of [
      "contacts with name, email and phone",
      "orders (customer, total, paid y/n, paid cash/card)",
      "issues (number, theme, print date) and 3d printing jobs",
      "green coffee lots with a cost per kg",
      "services, alerts, fixes and escalation contacts",
      "reports we owe to funders (due date, sent y/n)",
      "a text field for notes and an upload of the PDF contract",
      "we send invoices to clients and log payments",
    ])
      expect(asks(description)).toEqual({});
  });
});

describe("offline engine: the first answer says plainly what it did not build, and the follow-up that would", () => {
  const model = newModel(
    "Salon",
    defaultTheme(null),
    [
      entityJson("Customer", { name: { type: "string" }, email: { type: "string", format: "email" } }, ["name"]),
      entityJson("Appointment", { customer_id: { type: "string" }, date: { type: "string", format: "date" }, price: { type: "number" } }, ["date"]),
    ],
    {},
  );
  addChart(model, "Appointment", "date", "price");

  it("one line per topic, each a sentence with a 'not' that names it, then what to ask for", () => {
    const description =
      "remind clients the day before, notify me of new bookings, email receipts, text the client, every Monday send a summary, monthly totals and a leaderboard, export to csv, clients pay online";
    expect(notBuiltLines(unbuiltAsks(description), model, false, false)).toEqual([
      "What I did not build (the offline engine makes records, links, boards, calendars and charts):",
      '- Reminders are not sent: the app keeps the date of each appointment but sends nothing by itself. To have them sent, configure a model provider (see "Configure" in the README) and ask for "a backend function that e-mails a reminder the day before the date of each appointment".',
      '- Notifications and alerts are not sent: nobody is told when a record is added or changes. Say "add a function that posts new customers to Slack" to post each one to a channel when a page calls it, or configure a model provider (see "Configure" in the README) for e-mail alerts.',
      '- E-mails are not sent: I can\'t write a function that sends mail offline. To have them sent, configure a model provider (see "Configure" in the README) and ask for "a backend function that e-mails each customer".',
      '- Text messages (SMS) are not sent: that needs an SMS service such as Twilio, which I have no template for offline. To have them sent, configure a model provider (see "Configure" in the README) and ask for "a backend function that texts each customer through Twilio".',
      '- Automations are not built: nothing in the app happens by itself, on a schedule or when a record changes; each change is made by someone on a page. To have one built, configure a model provider (see "Configure" in the README) and ask for a backend function that does it.',
      `- Totals and rankings are not calculated beyond the dashboard's charts (price of appointments by month). Say "add a function that counts customers" for a count, or configure a model provider (see "Configure" in the README) to have totals and rankings calculated.`,
      `- Export to CSV or PDF is not built into the app's pages. The workspace's Data view already exports each entity's records as CSV and imports them from CSV; for an export button in the app, configure a model provider (see "Configure" in the README).`,
      '- Payments are not taken: the app can record them, but it charges nobody. To take card payments, set up Payments for apps at /integrations/stripe (Stripe Connect) and connect this app, then configure a model provider (see "Configure" in the README) and ask for a checkout button.',
    ]);
  });

  it("each topic's sentence is one the scorer reads as saying it was not built", () => {
    const description = "remind clients, notify me, email receipts, text the client, every Monday send a summary, monthly totals, export to csv, clients pay online";
    const prose = notBuiltLines(unbuiltAsks(description), model, false, false).join("\n");
    const topics: Topic[] = ["reminders", "notifications", "emails", "sms", "automations", "computed", "export", "payments"];
    expect(topics.filter((t) => !saysNotBuilt(prose, t))).toEqual([]);
  });

  it("does not say it for what the engine makes: averaged ratings and counted votes", () => {
    expect(notBuiltLines(unbuiltAsks("members rate recipes and see the average rating"), model, true, true)).toEqual([]);
    expect(notBuiltLines(unbuiltAsks("friends vote on films"), model, true, false)).toEqual([]);
    expect(notBuiltLines(unbuiltAsks("friends vote on films"), model, false, false)).toEqual([
      "What I did not build (the offline engine makes records, links, boards, calendars and charts):",
      '- Voting is not built: nothing in the app counts votes for a record. To have it built, configure a model provider (see "Configure" in the README).',
    ]);
  });

  it("says it in the first answer of an app built from a sloppy description, and nothing when nothing is asked", () => {
    const { text } = build("we run a dog walking business!! clients, dogs, walks. text owners when a walk is done + weekly totals per walker");
    expect(text).toContain("- Text messages (SMS) are not sent: that needs an SMS service such as Twilio, which I have no template for offline.");
    expect(text).toMatch(/\n- Totals are not calculated /);
    expect(build("we run a dog walking business!! clients, dogs, walks").text).not.toContain("What I did not build");
  });
});
