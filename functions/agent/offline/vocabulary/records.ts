/**
 * The kinds of record the offline planner knows, one a row: the noun (singular, lower case), flags
 * (P: a person, C: a container others are grouped in), a lucide icon, field phrases as a description
 * would write them ("name*" is required, "status:a/b/c" a choice), and the records it usually belongs to
 * ("@person": a person if it has none, "@people": every person, at most two).
 */
import { wordSet } from "./word-set";

/** noun | flags (P person, C container) | icon | fields | parents */
export const RECORD_KNOWLEDGE = `
client|P|Users|name*, email, phone, company, status:lead/active/past, notes|
customer|P|Users|name*, email, phone, company, status:lead/active/churned, notes|
contact|P|BookUser|name*, email, phone, job title, notes|company
company||Building2|name*, website, industry, phone, notes|
deal||Handshake|title*, value, stage:prospect/qualified/proposal/won/lost, close date, notes|company, contact, customer, client
lead|P|UserPlus|name*, email, phone, source, status:new/contacted/qualified/lost|
project||FolderKanban|name*, description, status:planning/active/on_hold/completed, start date, due date, budget|client, customer, company
task||CheckSquare|title*, due date, status:todo/in_progress/done, notes|project, room, @person
ticket||LifeBuoy|title*, description, priority, status:open/in_progress/resolved/closed, due date|customer, client, gig, @people
invoice||FileText|invoice number*, amount, issue date, due date, status:draft/sent/paid/overdue|client, customer, project, order
payment||CreditCard|amount*, date, method, notes|invoice, order, @person
expense||Receipt|title*, amount, date, notes|category, trip, project, vendor, supplier, @person
income||Wallet|source*, amount, date, notes|category, account
donor|P|HeartHandshake|name*, email, phone, notes|
donation||Gift|amount*, date, notes|donor, campaign
campaign||Megaphone|name*, goal amount, start date, end date, status:planned/active/finished|
job opening||Briefcase|title*, department, location, status:open/on_hold/filled|
candidate|P|UserCheck|name*, email, phone, stage:applied/screening/interview/offer/hired/rejected, notes|job opening, job, position, opening, role
interview||MessagesSquare|date*, interviewer, feedback, status:scheduled/done/cancelled|candidate, applicant, application, job opening
product||Package|name*, sku, price, quantity, photo, description|supplier, category, shop
supplier|P|Truck|name*, email, phone, notes|
stock movement||ArrowLeftRight|date*, quantity, type:in/out, notes|product
order||ShoppingCart|order number*, date, total, status:pending/paid/shipped/delivered/cancelled|customer, client, product
employee|P|IdCard|name*, email, job title, department, start date|
member|P|Users|name*, email, phone, joined date|
team member|P|Users|name*, email, role|
family member|P|Users|name*, birthday|
student|P|GraduationCap|name*, email, notes|class, course
teacher|P|Presentation|name*, email, subject|
tutor|P|Presentation|name*, email, phone, hourly rate|
course||Library|title*, description, start date, status:draft/published/archived|
lesson||BookOpen|title*, content, duration, position|course, module
enrolment||ClipboardCheck|enrolled date*, progress, status:active/completed/dropped|student, course, class
class||School|name*, subject, room, schedule|teacher
assignment||ClipboardList|title*, due date, max score, status:not_started/in_progress/submitted/graded|class, course, subject, chore, shift
grade||Award|score*, date, feedback|student, assignment
subject||BookMarked|name*, teacher|
homework||NotebookPen|title*, due date, priority, status:todo/in_progress/done|subject, class, course
deck||Layers|name*, description|
card||StickyNote|front*, back, difficulty, next review date|deck
quiz||HelpCircle|title*, description|course, lesson
question||CircleHelp|text*, answer|quiz
session||CalendarClock|date*, time, duration, price, notes|tutor, student, @person
event||Calendar|title*, date, location, description|
appointment||CalendarCheck|title*, date, time, duration, status:scheduled/confirmed/completed/cancelled|property, @people
booking||CalendarCheck|date*, status:pending/confirmed/cancelled, notes|client, customer, guest, trip, room, property, @people
post||FileText|title*, content, publish date, status:idea/draft/scheduled/published|author, category, blog
author|P|PenLine|name*, email, bio|
episode||Mic|title*, recording date, publish date, show notes, status:planned/recorded/published|podcast, show, season
guest|P|UserRound|name*, email, bio|
subscriber|P|Mail|email*, name, subscribed date|
section||LayoutList|title*, content, position|issue, newsletter, page
script||ScrollText|title*, hook, call to action, status:draft/review/final|
shoot||Camera|date*, location, notes|script
editor|P|UserPen|name*, email|
category|C|Tags|name*, description|
collection|C|FolderOpen|name*, description|
album|C|Images|title*, description, cover photo|
shelf|C|Archive|name*, location|
room|C|DoorOpen|name*, floor|
bin|C|Recycle|name*, colour, notes|
neighbourhood|C|MapPin|name*, area|
neighborhood|C|MapPin|name*, area|
district|C|MapPin|name*, area|
collection day||Truck|date*, notes|neighbourhood, neighborhood, district, bin
snippet||Code|title*, language, code, tags|collection, category
bug||Bug|title*, description, severity, status:open/in_progress/resolved/closed, reported date|component, project, release
component||Boxes|name*, description|
developer|P|UserCog|name*, email, team|
engineer|P|UserCog|name*, email, team|
service||Server|name*, description, status:operational/degraded/down|
incident||Siren|title*, severity, status:open/investigating/resolved, started at date|service
release||Rocket|version*, release date, status:planned/in_progress/released, notes|project
checklist item||ListChecks|title*, due date, done|release, checklist
subscription||RefreshCw|name*, cost, billing cycle, renewal date|category
roommate|P|Users|name*, email|
savings goal||PiggyBank|name*, target amount, target date|
goal||Target|name*, target amount, target date|
deposit||Coins|amount*, date, notes|savings goal, goal, account
account||Landmark|name*, type:checking/savings/credit/investment, institution|
balance||Scale|amount*, date|account
workout||Dumbbell|title*, date, duration, notes|
exercise||Activity|name*, muscle group, notes|workout
set||Repeat|reps*, weight|exercise, workout
habit||Repeat|name*, frequency, target per period, active|
check-in||CircleCheck|date*, done, notes|habit, key result, goal, @person
medication||Pill|name*, dose, instructions|family member, patient, @person
dose||Clock|time*, amount, taken|medication, medicine
journal entry||NotebookPen|title*, date, content|place, trip
recipe||ChefHat|title*, servings, prep time, instructions, photo|
ingredient||Carrot|name*, quantity, unit|recipe
meal plan||UtensilsCrossed|date*, meal:breakfast/lunch/dinner|recipe
meal||UtensilsCrossed|date*, meal:breakfast/lunch/dinner|recipe
objective||Target|title*, quarter, status:on_track/at_risk/off_track|
key result||Gauge|title*, target value, current value|objective
meeting||Users|title*, date, agenda, notes|book, project, client
decision||Gavel|summary*, date|meeting
action item||ListTodo|title*, due date, done|meeting, @person
attendee|P|UserRound|name*, email|
report||FileWarning|title*, description, severity, status:submitted/triaged/accepted/rejected, submitted date|@person
reward||Gift|amount*, paid date, paid|report, @person
rsvp||MailCheck|responded date*, response:attending/declined/maybe, number of guests, meal choice|guest, event
trip||Plane|name*, destination, start date, end date, budget|
day||CalendarDays|date*, notes|trip
place||MapPin|name*, address, notes|trip, day
stop||MapPin|name*, address, arrival date|trip
packing item||Backpack|name*, quantity, packed|trip, @person
traveller|P|UserRound|name*|
movie||Film|title*, year, watched|
series||Tv|title*, seasons, watched|
game||Dices|name*, min players, max players|
player|P|UserRound|name*|team
game night||PartyPopper|date*, location, notes|game
debt||CreditCard|name*, balance, interest rate, minimum payment, due date|account
standup||MessagesSquare|date*, yesterday, today, blockers|@person
alert||Bell|title*, severity:low/medium/high/critical, notes|service
review||ClipboardCheck|title*, date, rating, notes|
vote||ThumbsUp|date|
score||Trophy|points*, date|player, game night, game, team, student, assignment, quiz
book||BookOpen|title*, author, genre, status:to_read/reading/finished|author
loan||HandCoins|loaned date*, due date, returned|book, item, @people
rating||Star|rating*, comment|book, movie, @person
concert||Music|title*, date, ticket price|artist, venue
gig||Music|title*, date, ticket price|artist, venue
artist|P|Mic2|name*, genre|
venue||Building|name*, city, capacity|
plot|C|Sprout|name*, size|@person
letter||Mail|title*, sent date, content|donor, customer, client, @person
gardener|P|UserRound|name*, email, phone|
planting schedule||CalendarRange|crop*, planting date, harvest date|plot, plant
volunteer|P|HandHelping|name*, email, phone|
sign-up||ClipboardPen|signed up date*, status:registered/attended/cancelled|event, volunteer, @person
registration||ClipboardPen|registered date*, checked in|event, @person
lease||FileSignature|start date*, end date, monthly rent, deposit|apartment, unit, @person
document||FileText|title*, link, uploaded date, status:submitted/in_review/approved/rejected|client, customer, project, @person
property||Home|title*, address, price, number of bedrooms, status:available/under_offer/sold, photo|
viewing||CalendarCheck|date*, time, feedback, status:scheduled/done/cancelled|property, lead, client, @person
apartment||DoorOpen|number*, number of bedrooms, rent, status:vacant/occupied|building
building||Building2|name*, address|
crop||Sprout|name*, variety, planted date|field, plot
harvest||Wheat|date*, yield kg, notes|crop, field, plot
shopping item||ShoppingCart|name*, quantity, bought|meal plan, recipe
event ticket||Ticket|ticket number*, price, seat, status:reserved/paid/used/refunded|concert, gig, event, show, match, game, @person
rental||KeyRound|start date*, end date, price, status:reserved/out/returned|@person
purchase||ShoppingBag|purchase date*, quantity, total|product, @person
submission||Upload|submitted date*, file, grade, feedback, status:submitted/graded/returned|assignment, @person
application||FileCheck|applied date*, status:applied/reviewing/accepted/rejected, notes|job opening, job, @person
adoption||HeartHandshake|adoption date*, status:applied/approved/completed|pet, animal, @person
attendance||ClipboardCheck|date*, present|class, session, event, lesson, @person
pet||PawPrint|name*, species, breed, birthday, photo|@person
trainer|P|Dumbbell|name*, email, phone, speciality|
walker|P|Footprints|name*, email, phone|
shift||Clock|start date*, end date, role, capacity|event, location
walk||Footprints|date*, duration, notes|dog, pet
dog||Dog|name*, breed, age, notes|client, owner, customer
proposal||FileSignature|title*, date, status:proposed/accepted/rejected|team, client, customer
meter reading||Gauge|date*, reading, cost|meter
activity||Activity|title*, date|category
chore||Brush|title*, points, frequency|@person
completion||CircleCheck|completed date*|chore, habit, task, @person
appliance||Refrigerator|name*, brand, model, purchase date|room
service visit||Wrench|date*, cost, notes|appliance
warranty||ShieldCheck|provider*, expiry date|appliance
food item||Apple|name*, quantity, expiry date|shelf, category
contractor|P|HardHat|name*, phone, email, trade|
quote||FileSignature|title*, amount, status:requested/received/accepted/declined|room, contractor, project
plant||Sprout|name*, species, photo, watering frequency, last watered date|room
character|P|UserRound|name*, role, description|
relationship||Link2|type*, description|character
photo||Image|title*, image, taken date|album, entry, journal entry
song||Music|title*, lyrics, key, status:idea/draft/finished|
version||GitBranch|name*, date, notes|song
chord progression||Music2|name*, chords|song
screen||Monitor|title*, image, description|designer, project
designer|P|PenTool|name*, email|
comment||MessageSquare|text*, approval status|screen, post, task
person|P|UserRound|name*, email, phone|
entry||NotebookPen|date*, notes|
user|P|UserRound|name*, email|
`;

/** nouns that name people even when the table has no row for them ("tutor", "landlord") */
export const PERSON_WORDS = wordSet(`
  person people user member friend client customer contact lead student teacher tutor parent child kid guest
  attendee volunteer employee staff agent owner assignee reporter reviewer author editor designer developer
  engineer player donor candidate interviewer roommate traveller traveler gardener artist musician speaker patient
  doctor coach athlete buyer seller tenant landlord contractor supplier vendor manager worker instructor mentor
  mentee subscriber character teammate colleague participant host driver writer photographer model actor band
  trainer walker sitter nurse chef cook waiter waitress receptionist barber cleaner nanny babysitter caregiver
  carer trainee intern applicant renter borrower resident neighbour neighbor judge referee pilot rider mechanic
  technician plumber electrician courier broker realtor recruiter organiser organizer leader captain coordinator
  moderator officer inspector farmer shopper diner visitor learner pupil professor lecturer surgeon physio adopter
  owner runner swimmer golfer climber dancer singer camper fan hiker skater rower racer competitor entrant
  attendee tenant researcher reader listener viewer hunter reporter tester customer
`);

/** last words of records that are parts of another ("checklist item", "trip day") */
export const PART_NOUNS = wordSet(`
  item entry step line day section version comment decision movement reading visit leg chapter lesson episode
  question answer task vote rating
`);

/** records whose main field is a title rather than a name */
export const TITLED_RECORDS: ReadonlySet<string> = new Set([
  "post",
  "task",
  "episode",
  "lesson",
  "script",
  "issue",
  "article",
  "chapter",
  "section",
  "movie",
  "series",
  "song",
  "book",
  "course",
  "meeting",
  "quote",
  "screen",
  "objective",
  "key result",
  "action item",
  "release",
  "bug",
  "incident",
  "event",
  "concert",
  "trip",
  "album",
  "photo",
  "recipe",
  "activity",
  "project",
  "deal",
  "story",
  "idea",
  "campaign",
  "job opening",
]);

/** last words of records a person makes for themselves ("a booking", "a support request") */
export const SELF_RECORD_NOUNS = wordSet(`
  appointment session visit consultation reservation request application ticket order booking claim report
  complaint submission
`);
