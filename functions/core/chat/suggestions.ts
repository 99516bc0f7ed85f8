import type { ChatSuggestions } from "../../../schemas/chat";

/** Ideas offered on the home screen (five a day, rotating) when no model is asked for fresh ones. */
const homeIdeas: { title: string; prompt: string }[] = [
  { title: "Client CRM", prompt: "A CRM to track customers, deals and follow-up tasks, with a pipeline of deal stages and a dashboard of open value." },
  { title: "Habit tracker", prompt: "A habit tracker where I log daily habits, see streaks and a weekly completion chart." },
  { title: "Team task board", prompt: "A task board for a small team with projects, tasks, assignees, due dates and priorities." },
  { title: "Expense tracker", prompt: "An expense tracker with categories, monthly totals and a budget per category." },
  { title: "Recipe box", prompt: "A recipe collection with ingredients, steps, cooking time and tags, searchable by ingredient." },
  { title: "Event planner", prompt: "An event planner to manage events, guests, RSVPs and a checklist of tasks per event." },
  { title: "Inventory manager", prompt: "An inventory app for a small shop: products, stock levels, suppliers and low-stock alerts." },
  { title: "Support tickets", prompt: "A help desk where customers' tickets have a status, priority and an assignee, with a queue view." },
  { title: "Workout log", prompt: "A workout log with exercises, sets, reps and weight, plus progress over time." },
  { title: "Reading list", prompt: "A reading list of books with status (to read, reading, done), ratings and notes." },
  { title: "Invoice tracker", prompt: "An invoicing app: clients, invoices with line totals, due dates and paid/unpaid status." },
  { title: "Appointment booking", prompt: "An appointment booking app for a salon: services, staff, bookings by date and time." },
  { title: "Course manager", prompt: "A course manager for a tutor: students, courses, enrolments and attendance." },
  { title: "Job applications", prompt: "A job application tracker with companies, roles, application stages and interview dates." },
  { title: "Meal planner", prompt: "A weekly meal planner with recipes, a calendar of meals and a generated shopping list." },
];

function dayNumber(at: Date): number {
  return Math.floor(at.getTime() / 86_400_000);
}

export function homeSuggestions(at = new Date()) {
  const start = (dayNumber(at) * 5) % homeIdeas.length;
  const pick = (i: number) => homeIdeas[(start + i) % homeIdeas.length];
  return {
    app_suggestion_1: pick(0),
    app_suggestion_2: pick(1),
    app_suggestion_3: pick(2),
    app_suggestion_4: pick(3),
    app_suggestion_5: pick(4),
  };
}

export function toChatSuggestions(list: { title: string; prompt: string }[]): ChatSuggestions {
  const [a, b, c] = list;
  return { suggestion_1: a, suggestion_2: b, suggestion_3: c };
}
