import type { CatalogItem } from "../../../schemas/catalog";
import type { User } from "../../../schemas/user";
import { Catalog } from "../catalog/catalog";
import { Docs } from "../support/docs";
import { Users } from "./users";

/** The accounts a fresh local stack starts with, so a newcomer can sign in at once. */
export const SeedAccounts: { email: string; full_name: string; platform_role: User["platform_role"]; label: string }[] = [
  { email: "admin@kiln.local", full_name: "Ada Admin", platform_role: "platform_admin", label: "Platform admin" },
  { email: "maker@kiln.local", full_name: "Max Maker", platform_role: "user", label: "Ordinary user (free plan)" },
];

/** Idempotent: creates only the seed accounts and catalogue items that do not exist yet; answers the accounts created. */
export async function seed(): Promise<number> {
  let created = 0;
  for (const account of SeedAccounts) {
    const result = await Users.ensure(account);
    if (result.created) created++;
  }
  await seedCatalog();
  await Docs.ensure(SeedArticles);
  return created;
}

/**
 * The help articles a fresh stack starts with, so the support agent's article-based draft has something to quote.
 * `replaces`: what an article said in an earlier seed; a stack that still has that text (no admin edited it) gets the new one.
 */
export const SeedArticles: { id: string; title: string; content: string; replaces?: string[] }[] = [
  {
    id: "seed-custom-domains",
    title: "Connecting a custom domain",
    content:
      "Custom domains are available from the Builder plan.\n\nOpen your app's workspace, choose **Domains**, add the domain and create the DNS records it shows at your domain provider. " +
      "Press **Verify** once the records are in place; DNS changes can take up to 48 hours to spread.",
    replaces: [
      "Custom domains are available from the Builder plan.\n\nOpen your app's workspace, choose **Domains**, add the domain and create the DNS records it shows at your domain provider. " +
        "Press **Verify** once the records are in place; DNS changes can take up to an hour to be seen.",
    ],
  },
  {
    id: "seed-preview-blank",
    title: "The preview shows a blank page",
    content:
      "A blank preview usually means a page failed to load.\n\nOpen **Issues Found** under the preview and press **Resolve with AI**, or undo the last change from the chat. " +
      "If the problem stays after a reload, open a support ticket from the editor's stuck hint so we see the app.",
    replaces: [
      "A blank preview usually means a page failed to load.\n\nOpen the preview's error panel and press **Fix with AI**, or undo the last change from the chat. " +
        "If the problem stays after a reload, open a support ticket from the editor's stuck hint so we see the app.",
    ],
  },
  {
    id: "seed-credits",
    title: "Message credits and billing",
    content:
      "Each message to the assistant uses one credit. The Free plan has 7 messages a day and 25 a month.\n\nUpgrade on the **Billing** page; " +
      "an upgrade applies at once with a prorated charge, a downgrade at the end of the billing cycle.",
  },
  {
    id: "seed-export",
    title: "Exporting your code",
    content:
      "Export to ZIP or to GitHub from the **Code** menu of the workspace's toolbar; both are available from the Builder plan.\n\n" +
      "The export is a standalone Vite and React project: run `npm install` and `npm run build`. Its data, users, integrations and backend functions stay on Kiln, reached through `@base44/sdk`.\n\n" +
      "Secret values are never exported: set them again wherever the functions run.",
  },
  {
    id: "seed-secrets",
    title: "Secrets and API keys for backend functions",
    content:
      "Add API keys and other secrets in your app's workspace under **Secrets**.\n\nBackend functions read a secret as an environment variable: `Deno.env.get(\"NAME\")`. " +
      "Values are encrypted and never shown again once saved; to change one, enter a new value. They never reach the app's pages.",
  },
];

/** When the seeded items say they were added: fixed and one minute apart, so the catalogue's order is stable. */
const seededAt = (i: number) => new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString();

type SeedItem = Omit<CatalogItem, "created_at" | "owner_email" | "image_url" | "official" | "status" | "is_private"> & Partial<Pick<CatalogItem, "is_private" | "status" | "official">> & { owner?: string };

/**
 * The catalogue a fresh stack starts with: official, approved integrations that
 * teach the assistant a service, plus one private item that only its owner (and
 * platform admins) can see, so the visibility rule is visible from day one.
 */
export const SeedCatalog: SeedItem[] = [
  {
    id: "stripe-payments",
    name: "Stripe Payments",
    description: "Take card payments and subscriptions with Stripe Checkout, and record what was paid.",
    prompt:
      "Use Stripe for payments. Never call Stripe from pages or components: create a backend function (e.g. functions/createCheckoutSession) that reads STRIPE_SECRET_KEY from its environment, creates a Checkout Session with the official Stripe API (mode 'payment' for one-off purchases, 'subscription' for recurring prices; line items from price ids or price_data with amount in cents), sets success_url and cancel_url to pages of this app, and answers the session's url; the page then redirects the browser to it. Keep an entity (e.g. Order or Payment) with amount, currency, status and the Stripe session id, created as 'pending' before redirecting and shown on a success page. Show prices formatted from cents. Never log or display the secret key.",
    example_asks: ["Add a Buy button that charges $19 through Stripe Checkout", "Let customers subscribe monthly to the Pro plan", "Show a list of completed payments on the dashboard"],
    required_secrets: [{ name: "STRIPE_SECRET_KEY", description: "Your Stripe secret key (sk_test_… or sk_live_…), from Dashboard → Developers → API keys." }],
    requires_backend_functions: true,
  },
  {
    id: "openai",
    name: "OpenAI",
    description: "Call OpenAI models directly for chat, summaries, classification or embeddings with your own key.",
    prompt:
      "Use the OpenAI API with the owner's own key. Make the call in a backend function (e.g. functions/askOpenAI) that reads OPENAI_API_KEY from its environment and POSTs to https://api.openai.com/v1/chat/completions (model 'gpt-4o-mini' unless the user names another) with a system message that fixes the task and the user's text as the user message; answer only the text the page needs. For structured results ask for JSON with response_format {type: 'json_object'} and parse it. Pages call the function, show a loading state while it runs and a friendly error if it fails. Never send the key to the browser; for simple text generation the built-in InvokeLLM from @/integrations/Core needs no key.",
    example_asks: ["Summarise each support ticket in one sentence", "Suggest three tags for a note when it is saved", "Add a chat assistant page that answers questions about my products"],
    required_secrets: [{ name: "OPENAI_API_KEY", description: "An OpenAI API key (sk-…), from platform.openai.com → API keys." }],
    requires_backend_functions: true,
  },
  {
    id: "resend-email",
    name: "Resend E-mail",
    description: "Send transactional e-mail (receipts, invitations, reminders) from your own domain with Resend.",
    prompt:
      "Send e-mail through Resend. Write a backend function (e.g. functions/sendEmail) that reads RESEND_API_KEY from its environment and POSTs to https://api.resend.com/emails with a Bearer authorization header and JSON {from, to, subject, html}; 'from' must be an address on a domain the owner verified in Resend (ask the owner for it and keep it in one constant; 'onboarding@resend.dev' works for tests to the owner's own address). Build the HTML from a small template with inline styles, escape any user-provided text, and answer the Resend message id. Pages call the function after the action that triggers the mail and show a toast on success or failure.",
    example_asks: ["E-mail the customer a receipt when an order is placed", "Send an invitation e-mail when I add a team member", "Send a reminder the day before a booking"],
    required_secrets: [{ name: "RESEND_API_KEY", description: "A Resend API key (re_…), from resend.com → API Keys." }],
    requires_backend_functions: true,
  },
  {
    id: "twilio-sms",
    name: "Twilio SMS",
    description: "Send text messages (confirmations, alerts, one-time codes) through Twilio.",
    prompt:
      "Send SMS with Twilio. Write a backend function (e.g. functions/sendSms) that reads TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN from its environment and POSTs form-encoded To, From and Body to https://api.twilio.com/2010-04-01/Accounts/{TWILIO_ACCOUNT_SID}/Messages.json with HTTP Basic auth (account SID as user, auth token as password). 'From' is a Twilio number the owner bought: ask for it and keep it in one constant. Validate phone numbers as E.164 (+ and digits) before sending, keep messages under 160 characters where possible, and record each sent message (to, body, status, Twilio sid) in an entity so the owner can see what went out.",
    example_asks: ["Text the customer when their order ships", "Send me an SMS alert when a new lead comes in", "Add phone-number verification with a 6-digit code"],
    required_secrets: [
      { name: "TWILIO_ACCOUNT_SID", description: "Your Twilio Account SID (AC…), from the Twilio Console dashboard." },
      { name: "TWILIO_AUTH_TOKEN", description: "Your Twilio Auth Token, from the Twilio Console dashboard." },
    ],
    requires_backend_functions: true,
  },
  {
    id: "google-maps",
    name: "Google Maps",
    description: "Show places on a map, geocode addresses and compute distances with the Google Maps Platform.",
    prompt:
      "Use Google Maps Platform. Geocoding and distance calls go through a backend function (e.g. functions/geocode) that reads GOOGLE_MAPS_API_KEY from its environment and calls https://maps.googleapis.com/maps/api/geocode/json?address=…&key=… or the Distance Matrix API, answering plain latitude/longitude or distances. Store lat and lng on the entity when an address is saved so pages do not geocode on every view. To show places on a page, a backend function (e.g. functions/staticMap) fetches https://maps.googleapis.com/maps/api/staticmap with size, markers for each place and the key, and answers the image as a data URL, so the key never reaches the browser; the page shows it responsively and falls back to a plain address list when there are no coordinates yet.",
    example_asks: ["Show all my stores on a map", "Geocode a customer's address when it is saved", "Show the driving distance from the office to each job"],
    required_secrets: [{ name: "GOOGLE_MAPS_API_KEY", description: "A Google Maps Platform API key with the Geocoding and Maps Embed APIs enabled." }],
    requires_backend_functions: true,
  },
  {
    id: "slack-notifications",
    name: "Slack Notifications",
    description: "Post messages to a Slack channel when something happens in your app.",
    prompt:
      "Post notifications to Slack through an incoming webhook. Write a backend function (e.g. functions/notifySlack) that reads SLACK_WEBHOOK_URL from its environment and POSTs JSON {text} to it (optionally Block Kit 'blocks' for a title, fields and a link back to the record's page). Keep the text short: what happened, who did it, and the key values. Call the function right after the action it reports (e.g. after Lead.create) and never block or fail the user's action if Slack is unreachable: log the error and carry on. Never show the webhook URL in the app.",
    example_asks: ["Post to Slack when a new order comes in", "Notify the team channel when a ticket is marked urgent", "Send a daily summary of new sign-ups to Slack"],
    required_secrets: [{ name: "SLACK_WEBHOOK_URL", description: "An incoming-webhook URL (https://hooks.slack.com/services/…) for the channel to post to." }],
    requires_backend_functions: true,
  },
  {
    id: "team-webhook",
    name: "Team Webhook (private example)",
    description: "A private integration: only its owner and platform admins can see it. Posts records to the team's own webhook.",
    prompt:
      "Send a JSON copy of a record to the team's own webhook: write a backend function (e.g. functions/postToTeamWebhook) that reads TEAM_WEBHOOK_URL from its environment and POSTs the record as JSON with a content-type header; call it after the record is saved and do not fail the user's action if the webhook is down.",
    example_asks: ["Send every new order to our team webhook"],
    required_secrets: [{ name: "TEAM_WEBHOOK_URL", description: "The URL the team's webhook listens on." }],
    requires_backend_functions: true,
    is_private: true,
    status: "pending",
    official: false,
    owner: "maker@kiln.local",
  },
];

/** Idempotent: adds only the catalogue items that do not exist yet; official ones are owned by the seeded platform admin. */
export async function seedCatalog(): Promise<number> {
  const admin = SeedAccounts.find((a) => a.platform_role === "platform_admin")!.email;
  let created = 0;
  for (const [i, { owner, ...item }] of SeedCatalog.entries()) {
    const added = await Catalog.ensure({
      is_private: false,
      status: "approved",
      official: true,
      ...item,
      image_url: null,
      created_at: seededAt(i),
      owner_email: owner ?? admin,
    });
    if (added) created++;
  }
  return created;
}
