import * as z from "zod";
import { SubscriptionTier } from "./user";
import { Visibility } from "./app";

/** Spec 03 §9 Support and §5 Support ticket / Admin assign: the limits and the exact words. */
export const SupportRules = {
  TITLE_MIN: 5,
  TITLE_MAX: 100,
  DESCRIPTION_MIN: 20,
  DESCRIPTION_MAX: 500,
  /** the description counter turns orange above this, red above DESCRIPTION_MAX */
  DESCRIPTION_WARN: 450,
  /** ticket ids display as their first 8 characters */
  ID_DISPLAY_LENGTH: 8,
  /** the AI draft of a reply is collapsed above this many characters */
  DRAFT_COLLAPSE_AT: 150,
  /** "Standard Support" answers within this many hours; any tier containing ELITE_MARKER gets "Premium Support" */
  STANDARD_RESPONSE_HOURS: 48,
  ELITE_MARKER: "elite",
  IMAGE_EXTENSIONS: ["jpg", "jpeg", "png", "gif", "webp"] as readonly string[],
  MAX_ATTACHMENTS: 10,
  MESSAGE_MAX: 10_000,
  TITLE_TOO_SHORT: "Title must be at least 5 characters",
  TITLE_TOO_LONG: "Title must be less than 100 characters",
  DESCRIPTION_TOO_SHORT: "Please provide more details (at least 20 characters)",
  DESCRIPTION_TOO_LONG: "Description must be less than 500 characters",
  CATEGORY_REQUIRED: "Please select a category",
  INVALID_URL: "Please enter a valid URL (starting with http:// or https://)",
  EMAIL_REQUIRED: "Email is required",
  INVALID_EMAIL: "Please enter a valid email address",
  /** "Email must be from @{host} domain" */
  wrongDomain: (host: string) => `Email must be from @${host} domain`,
  /** the default company domain of agents (KILN_SUPPORT_DOMAIN overrides it) */
  DEFAULT_DOMAIN: "kiln.local",
  CLOSED: "This conversation is closed",
  NOT_FOUND: "No Conversation Found",
  RESOLVED_CANNOT_ASSIGN: "A resolved ticket cannot be assigned",
  ARTICLE_TITLE_REQUIRED: "Title is required",
  ARTICLE_CONTENT_REQUIRED: "Content is required",
  ARTICLE_NOT_FOUND: "Article not found",
  MESSAGE_NOT_FOUND: "Message not found",
  ONLY_ASSISTANT_MESSAGES: "Only assistant messages can be deleted",
  POLISH_NEEDS_MODEL: "Grammar polish needs an AI model: configure a model provider first",
  /** the bulk-resolve confirmation and result (spec 03 §5, §8) */
  confirmResolve: (n: number) => `Are you sure you want to resolve ${n} ticket(s)?`,
  resolvedMessage: (resolved: number, failed: number) =>
    `Successfully resolved ${resolved} ticket(s)` + (failed > 0 ? ` (${failed} failed)` : ""),
} as const;

/** Spec 03 §8 Support (user and admin) and Documentation manager messages. */
export const SupportMessages = {
  LOAD_TICKETS_FAILED: "Failed to load support tickets. Please try again.",
  LOAD_CONVERSATION_FAILED: "Failed to load conversation. Please try again.",
  SUBMIT_FAILED: "Failed to submit your support ticket. Please try again.",
  DELETE_MESSAGE_FAILED: "Failed to delete message. Please try again.",
  LOAD_DETAILS_FAILED: "Failed to load ticket details. Please try again.",
  ASSIGN_FAILED: "Failed to assign ticket. Please try again.",
  STATUS_FAILED: "Failed to change ticket status. Please try again.",
  INTERNAL_CATEGORIES_FAILED: "Failed to update internal categories. Please try again.",
  RESOLVE_FAILED: "Failed to resolve tickets. Please try again.",
  DOCS_LOAD_FAILED: "Failed to load documentation data. Please try again.",
  NO_CONVERSATIONS: "No conversations found",
  SELECT_CONVERSATION: "Select a conversation",
  NO_SUBSCRIPTIONS: "No active subscriptions",
  PREMIUM: "Premium Support",
  STANDARD: "Standard Support",
} as const;

/** "Premium Support" for any tier containing "elite" (spec 03 §6). */
export const isPrioritySupport = (tier: string | null | undefined) => (tier ?? "").includes(SupportRules.ELITE_MARKER);

export const TicketCategory = z.enum([
  "authentication",
  "billing",
  "bug_report",
  "integrations_and_backend_functions",
  "chat_issues",
  "security",
  "other",
]);
export type TicketCategory = z.infer<typeof TicketCategory>;
/** The inbox's filter labels (spec 03 §2.11), in order. */
export const categoryLabels: Record<TicketCategory, string> = {
  authentication: "Auth",
  billing: "Billing",
  bug_report: "Bugs",
  integrations_and_backend_functions: "Integrations",
  chat_issues: "Chat",
  security: "Security",
  other: "Other",
};

/** Spec 03 §4: ticket_status is open or resolved; `status` is where the conversation stands. */
export const TicketState = z.enum(["open", "resolved"]);
export type TicketState = z.infer<typeof TicketState>;
export const ConversationStatus = z.enum(["pending_admin_response", "pending_user_response", "closed"]);
export type ConversationStatus = z.infer<typeof ConversationStatus>;
/** who the ticket waits for; "" once resolved */
export const PendingFrom = z.enum(["admin", "user", ""]);
export type PendingFrom = z.infer<typeof PendingFrom>;

/** A closed (or resolved) conversation takes no new messages: 'This conversation is closed'. */
export const isClosed = (t: { status: ConversationStatus; ticket_status: TicketState }) => t.status === "closed" || t.ticket_status === "resolved";

/** A file from POST /api/files (its { url }): only Kiln's own upload links are attached. */
export const AttachmentUrl = z
  .string()
  .max(2000)
  .refine((u) => /^https?:\/\/[^/\s]+\/api\/files\/[^/\s?#]+$/.test(u), "Attachments must be files uploaded through POST /api/files");
export const FileUrls = z.array(AttachmentUrl).max(SupportRules.MAX_ATTACHMENTS, `At most ${SupportRules.MAX_ATTACHMENTS} attachments`);

/** Image attachments are recognised by extension (spec 03 §2.10); other files show as links. */
export const isImageAttachment = (url: string) =>
  SupportRules.IMAGE_EXTENSIONS.includes((url.split(/[?#]/)[0].match(/\.([a-z0-9]+)$/i)?.[1] ?? "").toLowerCase());

export const MessageRole = z.enum(["user", "assistant"]);
export type MessageRole = z.infer<typeof MessageRole>;

/** Spec 03 §3 Ticket message. */
export const TicketMessage = z.object({
  id: z.string(),
  role: MessageRole,
  content: z.string(),
  file_urls: z.array(z.string()),
  additional_message_params: z.object({ is_admin_message: z.boolean() }),
  metadata: z.object({ created_date: z.string(), created_by_full_name: z.string() }),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

/** Spec 03 §3 Support ticket / conversation. */
export const Ticket = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: TicketCategory,
  app_id: z.string().nullable(),
  app_link: z.string().nullable(),
  file_urls: z.array(z.string()),
  ticket_status: TicketState,
  status: ConversationStatus,
  pending_response_from: PendingFrom,
  created_by: z.string(),
  user_subscription_tier: SubscriptionTier,
  assigned_to: z.string().nullable(),
  internal_categories: z.array(z.string()),
  created_date: z.string(),
  updated_date: z.string(),
  /** present on GET one conversation (and the admin detail); lists leave it out */
  messages: z.array(TicketMessage).optional(),
  /** the AI-suggested reply (admins only; never sent to the ticket's user) */
  draft: z.string().nullable().optional(),
  is_bot_writing: z.boolean(),
  notify_via_email_on_admin_response: z.boolean(),
});
export type Ticket = z.infer<typeof Ticket>;

const Title = z
  .string({ error: SupportRules.TITLE_TOO_SHORT })
  .trim()
  .min(SupportRules.TITLE_MIN, SupportRules.TITLE_TOO_SHORT)
  .max(SupportRules.TITLE_MAX, SupportRules.TITLE_TOO_LONG);
const Description = z
  .string({ error: SupportRules.DESCRIPTION_TOO_SHORT })
  .trim()
  .min(SupportRules.DESCRIPTION_MIN, SupportRules.DESCRIPTION_TOO_SHORT)
  .max(SupportRules.DESCRIPTION_MAX, SupportRules.DESCRIPTION_TOO_LONG);
/** optional; when given, it must start with http:// or https:// */
const AppLink = z
  .string()
  .trim()
  .max(2000, SupportRules.INVALID_URL)
  .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), SupportRules.INVALID_URL)
  .transform((v) => v || null)
  .nullish();

/** POST /support/conversations (spec 03 §7.9). */
export const CreateTicketBody = z.strictObject({
  title: Title,
  content: Description,
  category: TicketCategory.or(z.literal("")).nullish().refine((v) => !!v, SupportRules.CATEGORY_REQUIRED).transform((v) => v as TicketCategory),
  app_id: z.string().trim().max(64).nullish().transform((v) => v || null),
  app_link: AppLink,
  file_urls: FileUrls.default([]),
});
export type CreateTicketBody = z.input<typeof CreateTicketBody>;

/** GET /support/conversations: the caller's own tickets, newest change first; `app_id` filters. */
export const ListTicketsQuery = z.strictObject({ app_id: z.string().max(64).optional() });
export const TicketList = z.object({
  conversations: z.array(Ticket),
  /** the tab counts (spec 03 §2.10 Open, Closed, All) */
  counts: z.object({ open: z.number().int(), closed: z.number().int(), all: z.number().int() }),
});
export type TicketList = z.infer<typeof TicketList>;

/** POST /support/conversations/{id}/messages (and the admin reply, with is_admin_message). */
export const PostMessageBody = z.strictObject({
  role: MessageRole.default("user"),
  content: z.string().max(SupportRules.MESSAGE_MAX, `A message is at most ${SupportRules.MESSAGE_MAX} characters`).default(""),
  file_urls: FileUrls.default([]),
  additional_message_params: z.strictObject({ is_admin_message: z.boolean().default(false) }).default({ is_admin_message: false }),
}).refine((m) => m.content.trim() !== "" || m.file_urls.length > 0, "A message needs some text or an attachment");
export type PostMessageBody = z.input<typeof PostMessageBody>;

/** PUT /support/conversations/{id}/notifications */
export const NotificationsBody = z.strictObject({ notify_via_email_on_admin_response: z.boolean() });

/** GET /support/admin: the inbox filters (every one optional; the inbox loads with none). */
export const InboxQuery = z.strictObject({
  search: z.string().max(200).optional(),
  /** "true" (the default) shows only open tickets */
  only_open: z.enum(["true", "false"]).optional(),
  /** Pending Response: admin, user, or resolved */
  pending: z.enum(["admin", "user", "resolved"]).optional(),
  /** Assigned: an agent's e-mail, "assigned" (any agent) or "unassigned" */
  assigned_to: z.string().max(254).optional(),
  category: TicketCategory.optional(),
  internal_category: z.string().max(100).optional(),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

/** The inbox's counts, read from maintained aggregates (never a scan of the tickets): of the tickets the list covers (only open ones by default); open and resolved are always totals. */
export const InboxCounts = z.object({
  open: z.number().int(),
  resolved: z.number().int(),
  pending_admin: z.number().int(),
  pending_user: z.number().int(),
  assigned: z.number().int(),
  unassigned: z.number().int(),
  /** open and resolved tickets per agent e-mail */
  by_assignee: z.record(z.string(), z.number().int()),
  by_category: z.record(z.string(), z.number().int()),
  by_internal_category: z.record(z.string(), z.number().int()),
});
export type InboxCounts = z.infer<typeof InboxCounts>;
export const Inbox = z.object({ conversations: z.array(Ticket), total: z.number().int(), counts: InboxCounts });
export type Inbox = z.infer<typeof Inbox>;

/** Spec 03 §3 Ticket detail response (admin): the ticket (with messages and draft) and the sidebar. */
export const TicketDetailUser = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  stripe_subscription_status: z.string().nullable(),
  subscription_tier: SubscriptionTier,
  created_date: z.string(),
});
export const TicketSubscription = z.object({
  id: z.string(),
  status: z.string(),
  plan: z.object({ nickname: z.string().nullable() }),
  /** cents */
  amount: z.number().int().nullable(),
  interval: z.string().nullable(),
});
export const TicketApp = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  public_settings: Visibility,
  is_remixable: z.boolean(),
  created_date: z.string(),
  updated_date: z.string(),
});
export const TicketDetail = z.object({
  ticket: Ticket,
  user: TicketDetailUser.nullable(),
  subscriptions: z.array(TicketSubscription),
  /** set when the payment provider could not be read (the list is then empty but not known to be) */
  subscriptions_error: z.string().nullable(),
  app: TicketApp.nullable(),
  /** the payment provider's customer page for the user ("" when they have no customer) */
  stripe_customer_url: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

/** PATCH /support/admin/{id}/status */
export const StatusBody = z.strictObject({ status: ConversationStatus });
/** PATCH /support/admin/{id}/change_ticket_status (the admin dropdown: Open, Resolved) */
export const TicketStateBody = z.strictObject({ status: TicketState });

/** An agent's e-mail on the company domain (`host`), with the §5 messages in order. */
export function agentEmail(host: string) {
  return z
    .string({ error: SupportRules.EMAIL_REQUIRED })
    .trim()
    .min(1, SupportRules.EMAIL_REQUIRED)
    .max(254, SupportRules.INVALID_EMAIL)
    .pipe(z.email(SupportRules.INVALID_EMAIL))
    .refine((e) => e.toLowerCase().endsWith(`@${host.toLowerCase()}`), SupportRules.wrongDomain(host))
    .transform((e) => e.toLowerCase());
}
/** PATCH /support/admin/{id}/assign (the domain is checked by the server's configured host) */
export const AssignBody = z.strictObject({ user_email: z.string({ error: SupportRules.EMAIL_REQUIRED }).max(254, SupportRules.INVALID_EMAIL) });

/** Internal categories: trimmed, non-empty, no duplicates (spec 03 §5). */
export const InternalCategories = z
  .array(z.string().max(100, "A category is at most 100 characters"))
  .max(50, "At most 50 categories")
  .transform((list) => [...new Set(list.map((c) => c.trim()).filter(Boolean))]);
/** PATCH /support/admin/{id}/internal_categories: a ticket carries at most 20 */
export const InternalCategoriesBody = z.strictObject({ internal_categories: InternalCategories.pipe(z.array(z.string()).max(20, "A ticket has at most 20 internal categories")) });

/** PATCH /support/admin/resolve-many */
export const ResolveManyBody = z.strictObject({ ticket_ids: z.array(z.string().max(64)).min(1, "Select at least one ticket").max(100, "At most 100 tickets at once") });
export const ResolveManyResult = z.object({
  resolved: z.array(z.string()),
  errors: z.array(z.object({ ticket_id: z.string(), error: z.string() })),
});
export type ResolveManyResult = z.infer<typeof ResolveManyResult>;

/** DELETE /support/admin/{id}/messages */
export const DeleteMessageBody = z.strictObject({ message_id: z.string().min(1).max(64) });

/** POST /support/admin/{id}/messages/polish: answers { text } (needs a model; never an invented answer). */
export const PolishBody = z.strictObject({ text: z.string().trim().min(1, "Nothing to polish").max(SupportRules.MESSAGE_MAX) });
export const PolishResult = z.object({ text: z.string() });

/** POST /support/admin/{id}/draft: the AI draft of a reply, stored on the ticket as `draft`. */
export const DraftResult = z.object({
  draft: z.string(),
  /** "model" when a language model wrote it, "articles" when it quotes the best-matching articles */
  source: z.enum(["model", "articles"]),
  articles: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type DraftResult = z.infer<typeof DraftResult>;

/** Spec 03 §3 Article. */
export const Article = z.object({ id: z.string(), title: z.string(), content: z.string(), created_date: z.string(), updated_date: z.string() });
export type Article = z.infer<typeof Article>;
/** POST /docs/articles and PUT /docs/articles/{id}: trimmed, non-empty */
export const ArticleBody = z.strictObject({
  title: z.string({ error: SupportRules.ARTICLE_TITLE_REQUIRED }).trim().min(1, SupportRules.ARTICLE_TITLE_REQUIRED).max(200, "A title is at most 200 characters"),
  content: z.string({ error: SupportRules.ARTICLE_CONTENT_REQUIRED }).trim().min(1, SupportRules.ARTICLE_CONTENT_REQUIRED).max(50_000, "An article is at most 50,000 characters"),
});
export const ArticleList = z.object({ articles: z.array(Article) });

/** Spec 03 §3 Agent properties (GET /docs/agent). */
export const AgentSettings = z.object({
  response_system_prompt: z.string(),
  polish_system_prompt: z.string(),
  internal_category_options: z.array(z.string()),
});
export type AgentSettings = z.infer<typeof AgentSettings>;
/** PUT /docs/agent: one or more of the three */
export const AgentSettingsBody = z
  .strictObject({
    response_system_prompt: z.string().max(20_000, "A system prompt is at most 20,000 characters").optional(),
    polish_system_prompt: z.string().max(20_000, "A system prompt is at most 20,000 characters").optional(),
    internal_category_options: InternalCategories.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Send at least one of response_system_prompt, polish_system_prompt, internal_category_options");

/**
 * Live updates: `update_model` frames whose data is this, in the ticket's room (`ticket` as its creator sees it:
 * no draft, no internal categories) and the admins' inbox room (`ticket` whole). An admin screen takes tickets from
 * the inbox room and only messages from a ticket's room.
 */
export const TicketEvent = z.object({
  type: z.enum(["ticket_updated", "message_created", "message_deleted"]),
  ticket_id: z.string(),
  /** the ticket as its audience may see it (the creator's room never gets the draft or internal categories) */
  ticket: Ticket.optional(),
  message: TicketMessage.optional(),
  message_id: z.string().optional(),
});
export type TicketEvent = z.infer<typeof TicketEvent>;

/** The real-time rooms (the builder's WebSocket, functions/sockets/builder.ts): one per ticket (its creator and admins), and the admins' inbox. */
export const ticketRoom = (ticketId: string) => `ticket:${ticketId}`;
export const SUPPORT_INBOX_ROOM = "support:inbox";
