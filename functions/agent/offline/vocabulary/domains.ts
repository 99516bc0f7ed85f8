/**
 * The domains the offline engine knows, as data: which words in a description mean which entity,
 * the entity's typed fields, its icon, and a name for an app built around it.
 */
import { type JsonProp } from "../entities";

export interface FieldSpec {
  name: string;
  prop: JsonProp;
  required?: boolean;
  /** a relation: the first of these entities present in the app becomes `<entity>_id` */
  ref?: string[];
}

export interface Domain {
  entity: string;
  /** words that mean this entity (matched whole-word, case-insensitive) */
  match: RegExp;
  icon: string;
  /** the app's name when this is the main entity */
  appName: string;
  fields: FieldSpec[];
  /** a field the user might add next, as they would say it (for suggestions) */
  extra: string;
}

const text = (name: string, required = false): FieldSpec => ({ name, prop: { type: "string" }, required });
const long = (name: string): FieldSpec => ({ name, prop: { type: "string" } });
const num = (name: string, required = false): FieldSpec => ({ name, prop: { type: "number" }, required });
const date = (name: string, required = false): FieldSpec => ({ name, prop: { type: "string", format: "date" }, required });
const email = (name = "email"): FieldSpec => ({ name, prop: { type: "string", format: "email" } });
const bool = (name: string): FieldSpec => ({ name, prop: { type: "boolean", default: false } });
const choice = (name: string, values: string[], initial = values[0]): FieldSpec => ({ name, prop: { type: "string", enum: values, default: initial } });
const ref = (...entities: string[]): FieldSpec => ({ name: "", prop: { type: "string" }, ref: entities });

const PEOPLE = ["Customer", "Contact"];

/** words before "book" that make it another thing ("recipe book", "address book", "logbook") */
const NOT_BOOKS_BEFORE = ["recipe", "address", "note", "phone", "guest", "cook", "face", "log", "work", "hand", "text", "sketch", "year", "pass"];
/** what people book, so "book" before them is a verb ("book appointments", "book a room") */
const BOOKED_THINGS = ["appointments?", "sessions?", "tables?", "rooms?", "classes", "flights?", "tickets?"];

export const DOMAINS: Domain[] = [
  {
    entity: "Customer",
    match: /\b(customers?|clients?|crm|leads?)\b/i,
    icon: "Users",
    appName: "Customer CRM",
    fields: [text("name", true), email(), text("phone"), text("company"), choice("status", ["lead", "active", "churned"]), long("notes")],
    extra: "a website",
  },
  {
    entity: "Contact",
    match: /\b(contacts?|address ?book|people|networking)\b/i,
    icon: "BookUser",
    appName: "Contact Book",
    fields: [text("name", true), email(), text("phone"), text("company"), text("job_title"), date("birthday"), long("notes")],
    extra: "a website",
  },
  {
    entity: "Deal",
    match: /\b(deals?|opportunit(?:y|ies)|pipelines?)\b/i,
    icon: "Handshake",
    appName: "Sales Pipeline",
    fields: [text("title", true), num("value"), choice("stage", ["prospect", "qualified", "proposal", "won", "lost"]), ref(...PEOPLE), date("close_date"), long("notes")],
    extra: "a probability",
  },
  {
    entity: "Project",
    match: /\b(projects?)\b/i,
    icon: "FolderKanban",
    appName: "Project Tracker",
    fields: [
      text("name", true),
      long("description"),
      choice("status", ["planning", "active", "on_hold", "completed"]),
      ref(...PEOPLE),
      date("start_date"),
      date("due_date"),
      num("budget"),
    ],
    extra: "an owner",
  },
  {
    entity: "Task",
    match: /\b(tasks?|to-?dos?|todo lists?|follow-?ups?|chores?|checklists?|assignments?)\b/i,
    icon: "CheckSquare",
    appName: "Task Tracker",
    fields: [text("title", true), date("due_date"), choice("status", ["todo", "in_progress", "done"]), ref("Project"), ref(...PEOPLE), ref("Deal"), long("notes")],
    extra: "an assignee",
  },
  {
    entity: "Invoice",
    match: /\b(invoices?|invoicing|billing)\b/i,
    icon: "FileText",
    appName: "Invoice Manager",
    fields: [
      text("invoice_number", true),
      ref(...PEOPLE),
      num("amount", true),
      date("issue_date"),
      date("due_date"),
      choice("status", ["draft", "sent", "paid", "overdue"]),
      long("notes"),
    ],
    extra: "a tax amount",
  },
  {
    entity: "Expense",
    match: /\b(expenses?|spending|budgeting|bills|receipts?|costs)\b/i,
    icon: "Receipt",
    appName: "Expense Tracker",
    fields: [
      text("title", true),
      num("amount", true),
      choice("category", ["food", "transport", "housing", "utilities", "entertainment", "other"], "other"),
      date("date"),
      text("payment_method"),
      ref("Project"),
      long("notes"),
    ],
    extra: "a reimbursable checkbox",
  },
  {
    entity: "Product",
    match: /\b(products?|inventory|inventories|stock|catalog(?:ue)?s?|items? in stock|warehouse)\b/i,
    icon: "Package",
    appName: "Inventory Manager",
    fields: [text("name", true), text("sku"), num("price"), num("quantity"), text("category"), choice("status", ["in_stock", "low_stock", "out_of_stock"]), long("description")],
    extra: "a supplier",
  },
  {
    entity: "Order",
    match: /\b(orders?|purchases?|e-?commerce)\b/i,
    icon: "ShoppingCart",
    appName: "Order Manager",
    fields: [
      text("order_number", true),
      ref(...PEOPLE),
      ref("Product"),
      num("quantity"),
      num("total"),
      date("order_date"),
      choice("status", ["pending", "paid", "shipped", "delivered", "cancelled"]),
    ],
    extra: "a shipping address",
  },
  {
    entity: "Employee",
    match: /\b(employees?|staff|hr|personnel|team members?|workers?|hiring)\b/i,
    icon: "IdCard",
    appName: "Team Directory",
    fields: [text("name", true), email(), text("phone"), text("job_title"), text("department"), date("start_date"), choice("status", ["active", "on_leave", "former"])],
    extra: "a salary",
  },
  {
    entity: "Event",
    match: /\b(events?|meetups?|conferences?|weddings?|gatherings?)\b/i,
    icon: "Calendar",
    appName: "Event Planner",
    fields: [text("title", true), date("date", true), text("location"), num("capacity"), choice("status", ["planned", "confirmed", "cancelled"]), long("description")],
    extra: "a budget",
  },
  {
    entity: "Appointment",
    match: /\b(appointments?|scheduling|consultations?)\b/i,
    icon: "CalendarCheck",
    appName: "Appointment Scheduler",
    fields: [
      text("title", true),
      ref(...PEOPLE),
      date("date", true),
      text("time"),
      num("duration_minutes"),
      choice("status", ["scheduled", "confirmed", "completed", "cancelled"]),
      long("notes"),
    ],
    extra: "a location",
  },
  {
    entity: "Booking",
    match: /\b(bookings?|reservations?|rentals?)\b/i,
    icon: "CalendarCheck",
    appName: "Booking Manager",
    fields: [
      text("guest_name", true),
      email(),
      ref(...PEOPLE),
      date("check_in", true),
      date("check_out"),
      num("guests"),
      choice("status", ["pending", "confirmed", "cancelled"]),
      long("notes"),
    ],
    extra: "a total price",
  },
  {
    entity: "Note",
    match: /\b(notes?|journals?|diary|diaries|memos?|notebooks?)\b/i,
    icon: "StickyNote",
    appName: "Notes",
    fields: [text("title", true), long("content"), text("category"), bool("is_pinned")],
    extra: "tags",
  },
  {
    entity: "Recipe",
    match: /\b(recipes?|cooking|meals?|cookbooks?)\b/i,
    icon: "ChefHat",
    appName: "Recipe Book",
    fields: [
      text("title", true),
      choice("category", ["breakfast", "lunch", "dinner", "dessert", "snack"], "dinner"),
      num("prep_time_minutes"),
      num("servings"),
      long("ingredients"),
      long("instructions"),
      bool("is_favorite"),
    ],
    extra: "a difficulty",
  },
  {
    entity: "Workout",
    match: /\b(workouts?|exercises?|fitness|gym|training|running)\b/i,
    icon: "Dumbbell",
    appName: "Workout Log",
    fields: [
      text("title", true),
      date("date", true),
      choice("type", ["strength", "cardio", "mobility", "sport"]),
      num("duration_minutes"),
      num("calories"),
      choice("intensity", ["low", "moderate", "high"], "moderate"),
      long("notes"),
    ],
    extra: "a mood",
  },
  {
    entity: "Habit",
    match: /\b(habits?|routines?|streaks?)\b/i,
    icon: "Repeat",
    appName: "Habit Tracker",
    fields: [text("name", true), choice("frequency", ["daily", "weekly", "monthly"]), num("target_per_period"), num("streak"), date("last_done"), bool("is_active"), long("notes")],
    extra: "a category",
  },
  {
    entity: "Book",
    // "books" and "book", but not "recipe book", "book a room" or "books the venue"
    match: new RegExp(
      `(?<!(?:${NOT_BOOKS_BEFORE.join("|")})\\s?)\\b(books(?!\\s+(?:an?|the|my|your|our)\\b)|book(?!\\s+(?:an?|the|my|your|our|${BOOKED_THINGS.join("|")})\\b)|reading|novels?)\\b`,
      "i",
    ),
    icon: "BookOpen",
    appName: "Reading List",
    fields: [text("title", true), text("author"), text("genre"), choice("status", ["to_read", "reading", "finished"]), num("rating"), date("finished_date"), long("notes")],
    extra: "a page count",
  },
  {
    entity: "Course",
    match: /\b(courses?|classes|class|lessons?|curriculum)\b/i,
    icon: "Library",
    appName: "Course Manager",
    fields: [
      text("title", true),
      text("code"),
      text("instructor"),
      date("start_date"),
      num("credits"),
      choice("status", ["upcoming", "in_progress", "completed"]),
      long("description"),
    ],
    extra: "a room",
  },
  {
    entity: "Student",
    match: /\b(students?|pupils?|school|enrol?lments?|learners?)\b/i,
    icon: "GraduationCap",
    appName: "Student Tracker",
    fields: [text("name", true), email(), text("grade"), ref("Course"), date("enrollment_date"), choice("status", ["active", "graduated", "withdrawn"]), long("notes")],
    extra: "a phone number",
  },
  {
    entity: "Ticket",
    match: /\b(tickets?|support|help ?desk|issues?|bugs?|incidents?)\b/i,
    icon: "LifeBuoy",
    appName: "Help Desk",
    fields: [
      text("title", true),
      long("description"),
      choice("priority", ["low", "medium", "high", "urgent"], "medium"),
      choice("status", ["open", "in_progress", "resolved", "closed"]),
      ref(...PEOPLE),
      text("assignee"),
      date("due_date"),
    ],
    extra: "a category",
  },
];

/** The fallback when no domain matches. */
export const GENERIC_FIELDS: FieldSpec[] = [text("name", true), long("description"), text("category"), choice("status", ["active", "archived"]), date("date"), long("notes")];
export const GENERIC_ICON = "Layers";
