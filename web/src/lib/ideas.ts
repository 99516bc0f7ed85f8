/** Idea suggestions on Home, by category (spec 01 §9: twelve categories, about 5 to 10 ideas each). */
export interface Idea {
  title: string;
  /** what fills the prompt box when the idea is picked */
  prompt: string;
}

export interface IdeaCategory {
  name: string;
  ideas: Idea[];
}

const idea = (title: string, prompt: string): Idea => ({ title, prompt });

export const ideaCategories: IdeaCategory[] = [
  {
    name: "CRM",
    ideas: [
      idea("Freelancer client tracker", "A CRM for freelancers to track clients, projects, invoices and follow-up reminders, with a pipeline board from lead to paid."),
      idea("Real-estate leads", "A lead manager for a real-estate agent: buyers and sellers, properties they like, viewing appointments and a notes timeline per contact."),
      idea("Sales pipeline", "A sales pipeline for a small B2B team with companies, contacts and deals moving through stages on a Kanban board, plus a monthly revenue forecast."),
      idea("Customer support inbox", "A simple support desk where customers submit tickets, agents assign, prioritise and reply, and a dashboard shows open tickets by age."),
      idea("Nonprofit donor manager", "A donor CRM for a nonprofit: donors, donations, campaigns and thank-you letters, with yearly giving totals per donor."),
      idea("Event attendee CRM", "An attendee manager for meetups: people, events they registered for, check-in on the day, and a list of most engaged members."),
      idea("Recruiting tracker", "A hiring tracker with job openings, candidates, interview stages, interviewer feedback scores and an offer status board."),
    ],
  },
  {
    name: "Dev productivity",
    ideas: [
      idea("Snippet library", "A personal code snippet library with tags, language filters, syntax-highlighted previews and one-click copy."),
      idea("Standup notes", "A team standup app: each member posts yesterday, today and blockers; a daily digest groups blockers at the top."),
      idea("API endpoint catalogue", "A catalogue of internal API endpoints with method, path, owner team, request/response examples and a status (stable, beta, deprecated)."),
      idea("Release checklist", "A release checklist tool: create a release, tick off QA, docs and rollout steps, and keep a history of past releases with notes."),
      idea("Bug triage board", "A bug triage board with severity, component, reporter and assignee, filters by status, and a weekly chart of opened vs closed bugs."),
      idea("On-call handbook", "An on-call runbook wiki: services, alerts, step-by-step fixes and escalation contacts, searchable during an incident."),
    ],
  },
  {
    name: "Educational",
    ideas: [
      idea("Flashcards with spaced repetition", "A flashcard app with decks, a study mode that schedules cards by spaced repetition, and progress stats per deck."),
      idea("Classroom gradebook", "A gradebook for teachers: classes, students, assignments and scores, with weighted averages and a report card per student."),
      idea("Language vocabulary trainer", "A vocabulary trainer for learning Spanish: word lists by topic, quizzes in both directions and a streak counter."),
      idea("Course platform", "A mini course platform where an instructor creates courses with lessons and quizzes, and students track their completion."),
      idea("Homework planner", "A homework planner for students with subjects, due dates, priorities and a weekly calendar view."),
      idea("Quiz maker", "A quiz maker where teachers build multiple-choice quizzes, share a link, and see each student's score and the hardest questions."),
    ],
  },
  {
    name: "Content Generation and Editing",
    ideas: [
      idea("Blog post planner", "A content calendar for a blog: ideas, drafts, editors, publish dates and status from idea to published, shown on a calendar."),
      idea("AI caption writer", "A tool that writes social media captions from a product description, in three tones, with hashtags and a character counter per platform."),
      idea("Newsletter builder", "A newsletter editor with reusable sections, a subscriber list, scheduled sends and open-rate notes per issue."),
      idea("Video script outliner", "A YouTube script outliner: hook, sections, B-roll notes and call to action, with estimated read time per section."),
      idea("Product description generator", "A generator that turns product specs into SEO-friendly e-commerce descriptions, with a history of saved versions."),
      idea("Podcast show notes", "A podcast workspace for episodes, guests, timestamps and show notes, with a public page listing all episodes."),
    ],
  },
  {
    name: "Personal Finance",
    ideas: [
      idea("Budget tracker", "A monthly budget tracker with income, expenses by category, budget limits and a chart comparing spending to budget."),
      idea("Subscription manager", "A subscription tracker listing every recurring payment, its renewal date and yearly cost, with reminders before renewals."),
      idea("Shared expenses splitter", "An expense splitter for roommates or trips: add expenses, split them evenly or by share, and see who owes whom."),
      idea("Savings goals", "A savings-goals app: set goals with a target and date, log deposits and see progress bars and the monthly amount needed."),
      idea("Net worth dashboard", "A net worth dashboard with accounts, assets and debts, monthly snapshots and a trend chart."),
      idea("Debt payoff planner", "A debt payoff planner comparing snowball and avalanche strategies, with a month-by-month payoff schedule."),
    ],
  },
  {
    name: "Health and Wellness",
    ideas: [
      idea("Habit tracker", "A habit tracker with daily check-ins, streaks, a monthly heatmap per habit and gentle reminders."),
      idea("Workout log", "A workout log with exercises, sets, reps and weights, personal records and a progress chart per exercise."),
      idea("Meal planner", "A weekly meal planner with recipes, a drag-and-drop week grid and an auto-generated shopping list."),
      idea("Mood journal", "A mood journal: rate your mood, add notes and tags, and see patterns by weekday and tag over time."),
      idea("Medication reminders", "A medication schedule for a family: medicines, doses, times, a daily checklist and a refill reminder list."),
      idea("Water and sleep tracker", "A simple tracker for water intake and sleep hours with daily goals and weekly averages."),
    ],
  },
  {
    name: "Productivity",
    ideas: [
      idea("Team task board", "A Kanban task board for a small team with assignees, due dates, labels and a 'my tasks' view."),
      idea("Meeting notes & actions", "A meeting notes app: agenda, notes, decisions and action items with owners, and a list of open actions across meetings."),
      idea("Personal OKRs", "An OKR tracker with objectives, key results, weekly check-ins and a progress score per quarter."),
      idea("Pomodoro focus log", "A Pomodoro timer that logs focus sessions against projects and shows focus time per day and project."),
      idea("Reading list", "A reading list for articles and books with status (to read, reading, done), highlights and ratings."),
      idea("Weekly planner", "A weekly planner with time blocks, priorities for the week and an end-of-week review form."),
      idea("Inventory for a small shop", "An inventory manager for a small shop: products, stock levels, suppliers, low-stock alerts and stock movements."),
    ],
  },
  {
    name: "Travel Planning",
    ideas: [
      idea("Trip itinerary", "A trip planner with a day-by-day itinerary, places to visit on each day, bookings and a packing checklist."),
      idea("Group trip organiser", "A group trip organiser where friends vote on destinations and dates, share costs and see one shared itinerary."),
      idea("Travel journal", "A travel journal with entries per place, photos, a map of visited countries and favourite spots."),
      idea("Packing list generator", "A packing list builder with templates by trip type (beach, ski, business) and per-person checklists."),
      idea("Road trip planner", "A road trip planner with stops, driving legs, fuel budget and overnight stays in order."),
    ],
  },
  {
    name: "Entertainment",
    ideas: [
      idea("Movie watchlist", "A movie and series watchlist with genres, ratings, who recommended it, and a random 'what to watch tonight' picker."),
      idea("Board game night", "A board game night organiser: the game collection, players, game nights, scores and an all-time leaderboard."),
      idea("Book club", "A book club app: current book, meeting schedule, discussion questions and member ratings for each book."),
      idea("Trivia game", "A multiplayer-style trivia game with categories, timed questions and a high-score table."),
      idea("Concert tracker", "A concert tracker listing upcoming gigs, artists, venues and tickets, plus a history of shows attended."),
      idea("Fantasy league dashboard", "A fantasy football league dashboard with teams, weekly scores, standings and trade proposals."),
    ],
  },
  {
    name: "Environmental",
    ideas: [
      idea("Carbon footprint tracker", "A personal carbon footprint tracker logging travel, food and energy use, with monthly totals and tips to reduce them."),
      idea("Community garden", "A community garden manager with plots, gardeners, planting schedules, shared tools and a watering rota."),
      idea("Recycling guide", "A local recycling guide: search an item to learn which bin it goes in, plus collection days by neighbourhood."),
      idea("Cleanup event organiser", "An organiser for beach and park cleanups: events, volunteers, sign-ups and kilograms of litter collected."),
      idea("Home energy monitor", "A home energy log for meter readings with monthly usage charts and a comparison to last year."),
    ],
  },
  {
    name: "Home Management",
    ideas: [
      idea("Chore chart", "A family chore chart with rotating assignments, points for completed chores and a weekly winner."),
      idea("Home maintenance log", "A home maintenance tracker for appliances, service dates, warranties and upcoming maintenance reminders."),
      idea("Pantry inventory", "A pantry and fridge inventory with expiry dates, a 'use soon' list and a shopping list from low items."),
      idea("Family calendar", "A shared family calendar with events per member, colour coding and a today view for everyone."),
      idea("Renovation planner", "A renovation planner with rooms, tasks, contractors, quotes and a budget vs actual spend summary."),
      idea("Plant care reminders", "A houseplant care app with each plant's watering and feeding schedule, photos and reminders."),
    ],
  },
  {
    name: "Creative Tools",
    ideas: [
      idea("Mood board", "A mood board app to collect images, colours and notes into boards, with drag-and-drop arrangement."),
      idea("Colour palette generator", "A colour palette generator: pick a base colour, generate harmonious palettes, check contrast and save favourites."),
      idea("Story world builder", "A world-building notebook for writers: characters, places, timelines and relationships between characters."),
      idea("Photography portfolio", "A photography portfolio with albums, a lightbox viewer and a contact form for booking shoots."),
      idea("Songwriting notebook", "A songwriting notebook with lyrics, chord progressions, voice-memo links and version history per song."),
      idea("Design feedback board", "A design feedback board where designers post screens and teammates leave comments and approval votes."),
    ],
  },
];
