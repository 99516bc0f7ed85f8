import * as z from "zod";
import { SecretName } from "./secrets";

/** Catalogue item ids: the stable slugs of official items ("stripe-payments") and lower-case ULIDs. */
export const CatalogItemId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Unknown integration id");

export const CatalogStatus = z.enum(["pending", "approved"]);
export type CatalogStatus = z.infer<typeof CatalogStatus>;

export const RequiredSecret = z.object({
  name: SecretName,
  description: z.string().max(500),
});
export type RequiredSecret = z.infer<typeof RequiredSecret>;

/** An integration catalogue item (spec 03 §3): what it does, the prompt that teaches the assistant, the secrets it needs. */
export const CatalogItem = z.object({
  id: CatalogItemId,
  name: z.string(),
  description: z.string(),
  /** instructions for the assistant, added to the prompt of every app that uses the integration */
  prompt: z.string(),
  image_url: z.string().nullable(),
  example_asks: z.array(z.string()),
  required_secrets: z.array(RequiredSecret),
  requires_backend_functions: z.boolean(),
  is_private: z.boolean(),
  official: z.boolean(),
  status: CatalogStatus,
  created_at: z.string(),
  owner_email: z.string(),
});
export type CatalogItem = z.infer<typeof CatalogItem>;

/** The installable package an item comes with (issue 11): its name in `base44.integrations.{name}` and its endpoints. */
export const CatalogPackage = z.object({ name: z.string(), endpoints: z.array(z.string()) });
export type CatalogPackage = z.infer<typeof CatalogPackage>;

/** How the catalogue calls answer an item (spec 03 §3 Catalogue wrapper). */
export const CatalogEntry = z.object({
  item: CatalogItem,
  upvotes: z.number().int(),
  did_current_user_upvote: z.boolean(),
  is_user_the_owner: z.boolean(),
  /** the owner or an admin they invited: may open the editor */
  can_edit: z.boolean(),
  user_info: z.object({ email: z.string() }),
  /** only for an item whose package installs into an app (Add to app) */
  package: CatalogPackage.optional(),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;

/** Spec 03 §5 Integration save and Invite admin, §9 Catalogue: the exact words and limits. */
export const CatalogRules = {
  PROMPT_MIN: 50,
  NAME_REQUIRED: "Integration name is required",
  DESCRIPTION_REQUIRED: "Integration description is required",
  PROMPT_TOO_SHORT: "Integration prompt must be at least 50 characters",
  SECRET_NAME_REQUIRED: "Secret name is required",
  INVALID_EMAIL: "Please enter a valid email address",
  /** what approving a public item rewards its owner (spec 03 §9) */
  APPROVAL_CREDITS: 250,
} as const;

/** Example asks: trimmed, blank ones dropped. */
const ExampleAsks = z
  .array(z.string().max(500, "An example ask is at most 500 characters"))
  .max(20, "At most 20 example asks")
  .transform((asks) => asks.map((a) => a.trim()).filter(Boolean));

/** Required secrets: trimmed, entirely blank rows dropped; a row with a description needs a name. */
const RequiredSecrets = z
  .array(z.strictObject({ name: z.string().max(200), description: z.string().max(500).nullish() }))
  .max(20, "At most 20 required secrets")
  .transform((rows) => rows.map((s) => ({ name: s.name.trim(), description: (s.description ?? "").trim() })).filter((s) => s.name || s.description))
  .pipe(z.array(z.object({ name: z.string().min(1, CatalogRules.SECRET_NAME_REQUIRED).pipe(SecretName), description: z.string() })));

const itemFields = {
  name: z.string({ error: CatalogRules.NAME_REQUIRED }).trim().min(1, CatalogRules.NAME_REQUIRED).max(100, "An integration name is at most 100 characters"),
  description: z.string({ error: CatalogRules.DESCRIPTION_REQUIRED }).trim().min(1, CatalogRules.DESCRIPTION_REQUIRED).max(2000, "A description is at most 2,000 characters"),
  prompt: z.string({ error: CatalogRules.PROMPT_TOO_SHORT }).trim().min(CatalogRules.PROMPT_MIN, CatalogRules.PROMPT_TOO_SHORT).max(20_000, "A prompt is at most 20,000 characters"),
  image_url: z.string().trim().max(2000).regex(/^https?:\/\//, "image_url must be an http(s) address").nullable(),
  example_asks: ExampleAsks,
  required_secrets: RequiredSecrets,
  requires_backend_functions: z.boolean(),
};

/** POST /api/integration-catalog-items/catalog: a new item, pending until a platform admin approves it. */
export const CreateCatalogItemBody = z.strictObject({
  ...itemFields,
  image_url: itemFields.image_url.default(null),
  example_asks: itemFields.example_asks.default([]),
  required_secrets: itemFields.required_secrets.default([]),
  requires_backend_functions: itemFields.requires_backend_functions.default(true),
  is_private: z.boolean().default(false),
});
export type CreateCatalogItemBody = z.infer<typeof CreateCatalogItemBody>;

/** PUT /api/integration-catalog-items/catalog/{id}: the fields being changed (visibility has its own call, for the owner alone). */
export const UpdateCatalogItemBody = z.strictObject(itemFields).partial();
export type UpdateCatalogItemBody = z.infer<typeof UpdateCatalogItemBody>;

export const CatalogVisibilityBody = z.strictObject({ is_private: z.boolean({ error: "Send is_private: true or false" }) });

/** Spec 03 §5 Invite admin: non-empty and containing '@'. */
export const CatalogInviteBody = z.strictObject({
  email: z
    .string({ error: CatalogRules.INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(254, CatalogRules.INVALID_EMAIL)
    .refine((e) => e.length > 0 && e.includes("@"), CatalogRules.INVALID_EMAIL),
});

/** POST …/upvote: `upvote` says the vote wanted (safe to repeat); without it the call toggles. */
export const CatalogUpvoteBody = z.strictObject({ upvote: z.boolean().optional() });

export const CatalogUpvote = z.object({ upvotes: z.number().int(), did_current_user_upvote: z.boolean() });
export type CatalogUpvote = z.infer<typeof CatalogUpvote>;

/** The create call answers the new id (spec 03 §7.6) beside the item in its wrapper. */
export const CatalogCreated = CatalogEntry.extend({ id: CatalogItemId });
export const CatalogInvited = z.object({ email: z.string() });
export const CatalogArchived = z.object({ id: z.string(), archived: z.literal(true) });
