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

/** How the catalogue calls answer an item (spec 03 §3 Catalogue wrapper). */
export const CatalogEntry = z.object({
  item: CatalogItem,
  upvotes: z.number().int(),
  did_current_user_upvote: z.boolean(),
  is_user_the_owner: z.boolean(),
  user_info: z.object({ email: z.string() }),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;
