import * as z from "zod";
import { InstalledPackage } from "./packages";
import { EntitySchema } from "./app-files";
import { ChatMessage, ChatSuggestions } from "./chat";
import { SECRET_VALUE_MAX, SECRET_VALUE_TOO_LONG, SecretName } from "./secrets";

export const Visibility = z.enum(["private_with_login", "public_with_login", "public_without_login"]);
export type Visibility = z.infer<typeof Visibility>;

/** AI model values (spec 01 §3); the menu offers default, claude_sonnet_4 and gemini_2_5_pro. */
export const AiModel = z.enum(["default", "claude_3_7", "claude_sonnet_4", "gemini_2_5_pro"]);
export type AiModel = z.infer<typeof AiModel>;
export const menuModels: AiModel[] = ["default", "claude_sonnet_4", "gemini_2_5_pro"];

export const AppState = z.enum(["ready", "processing", "error"]);
export const AppStatus = z.object({
  state: AppState,
  details: z.string().nullable(),
  last_updated_date: z.string(),
});
export type AppStatus = z.infer<typeof AppStatus>;

/** App metadata: one item per app (DESIGN §3). Files and messages live beside it, never inside. */
export const AppMeta = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  user_description: z.string(),
  logo_url: z.string().nullable(),
  status: AppStatus,
  created_by: z.string(),
  created_by_id: z.string(),
  created_date: z.string(),
  updated_date: z.string(),
  is_starred: z.boolean(),
  deep_coding_mode: z.boolean(),
  integrations: z.array(z.string()),
  public_settings: Visibility,
  model: AiModel,
  custom_instructions: z.string(),
  frozen_files: z.array(z.string()),
  app_stage: z.string().nullable(),
  is_remixable: z.boolean(),
  /** app users may sign in with e-mail and password (spec 02 App Settings); opt-in: absent means off */
  enable_username_password: z.boolean().optional(),
  /** the data tables hide each record's created_by (spec 02 App Settings) */
  hide_entity_created_by: z.boolean().optional(),
  /** set by a platform admin (POST /apps/{id}/block): the app's API refuses everyone else */
  is_blocked: z.boolean().optional(),
  /** backend functions were activated for this app (one-way); the workspace then offers Secrets */
  has_backend_functions_enabled: z.boolean().optional(),
  /** installed integration packages by name (spec 02 §3 installable_integrations; functions/core/catalog/packages.ts) */
  installable_integrations: z.record(z.string(), InstalledPackage).optional(),
  main_page: z.string().nullable(),
  style: z.string().nullable(),
  /** the app this one is a remix (or copy) of, as it was named then (functions/core/apps/remix.ts) */
  remixed_from: z.object({ app_id: z.string(), name: z.string() }).nullable().optional(),
  /** id of the newest message, so lists can show activity */
  _last_msg_id: z.string().nullable().optional(),
  /** the assistant message of the turn now running (or last run) */
  turn_id: z.string().nullable().optional(),
  /** set by Stop to the turn it stops; the worker aborts when it sees its own id */
  stop_requested: z.string().nullable().optional(),
  /** characters per token each provider model's own usage report showed for the app's last turn, keyed "provider/model" (functions/agent/context.ts); written only by the turn */
  token_ratios: z.record(z.string(), z.number()).optional(),
  /** the published snapshot the app's own host serves (functions/core/publish/publish.ts); null until first published */
  published_version: z.string().nullable().optional(),
  last_deployed_at: z.string().nullable().optional(),
  /** the GitHub repository the app was exported to (functions/core/export); absent until then */
  github_repo_url: z.string().nullable().optional(),
  /** three follow-ups made after the last turn (spec 01: shown when ready) */
  suggestions: ChatSuggestions.nullable().optional(),
  version: z.number().int().optional(),
});
export type AppMeta = z.infer<typeof AppMeta>;

/** An app as GET /apps/{id} answers it: metadata plus its files and the latest messages (spec 01 §3). */
export const App = AppMeta.extend({
  pages: z.record(z.string(), z.string()),
  components: z.record(z.string(), z.string()),
  entities: z.record(z.string(), EntitySchema),
  layout: z.string().nullable(),
  functions: z.record(z.string(), z.string()),
  conversation: z.object({ messages: z.array(ChatMessage), total: z.number().int(), complete: z.boolean() }),
  user_entity: z.record(z.string(), z.unknown()).nullable(),
});
export type App = z.infer<typeof App>;

/** A new app's secret (spec 01 §3): a new value, or a clone of an existing secret; a blank value is refused by the server with the spec's own message. */
export const SecretChoice = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("value"), name: SecretName, value: z.string().max(SECRET_VALUE_MAX, SECRET_VALUE_TOO_LONG) }),
  z.strictObject({ type: z.literal("clone"), name: SecretName, secret_id: z.string().min(1).max(200) }),
]);
export type SecretChoice = z.infer<typeof SecretChoice>;

/** POST /api/apps (spec 01 §7): the first message is the description. */
export const CreateAppBody = z.strictObject({
  user_description: z.string().trim().min(1, "Please enter an app description").max(20_000, "The description is too long (20,000 characters at most)"),
  name: z.string().trim().min(1).max(100).optional(),
  style: z.string().max(40).nullable().optional(),
  deep_coding_mode: z.boolean().optional(),
  status: z.object({ state: z.literal("processing"), details: z.string().max(200).optional() }).optional(),
  integrations: z.array(z.string().max(64)).max(20).optional(),
  secrets: z.array(SecretChoice).max(50).optional(),
  file_urls: z.array(z.string().max(2000)).max(10).optional(),
  model: AiModel.optional(),
});
export type CreateAppBody = z.infer<typeof CreateAppBody>;

/** PUT /api/apps/{id}: what the owner may change from the builder. */
export const UpdateAppBody = z.strictObject({
  name: z.string().trim().min(1, "App name cannot be empty").max(100, "App name must be at most 100 characters").optional(),
  user_description: z.string().trim().max(20_000).optional(),
  is_starred: z.boolean().optional(),
  public_settings: Visibility.optional(),
  model: AiModel.optional(),
  custom_instructions: z.string().max(10_000, "Custom instructions must be at most 10,000 characters").optional(),
  frozen_files: z.array(z.string().max(200)).max(500).optional(),
  main_page: z.string().max(64).nullable().optional(),
  logo_url: z.string().max(2000).nullable().optional(),
  is_remixable: z.boolean().optional(),
  enable_username_password: z.boolean().optional(),
  hide_entity_created_by: z.boolean().optional(),
});
export type UpdateAppBody = z.infer<typeof UpdateAppBody>;

/** POST /api/apps/{id}/metadata/update-logo (spec 02 §7 "Logo update"): an uploaded image's url, or a prompt to generate one. */
export const UpdateLogoBody = z.union([
  z.strictObject({ logo_url: z.string().trim().max(2000).regex(/^https?:\/\//, "logo_url must be an http(s) address") }),
  z.strictObject({ prompt: z.string().trim().min(1, "Please describe the logo").max(1000, "The prompt is too long (1,000 characters at most)") }),
], { error: "Send either logo_url or prompt" });
export type UpdateLogoBody = z.infer<typeof UpdateLogoBody>;

/** POST /api/apps/{id}/block (platform admins). */
export const BlockAppBody = z.strictObject({ is_blocked: z.boolean() });

/** GET /api/apps query (spec 01 §7). */
export const ListAppsQuery = z.object({
  q: z.string().max(4000).optional(),
  sort: z.string().regex(/^-?[a-z_]+$/, "sort must be a field name, optionally prefixed with -").default("-updated_date"),
  limit: z.coerce.number().int().min(1).max(500).default(24),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  fields: z.string().max(1000).optional(),
});
export type ListAppsQuery = z.infer<typeof ListAppsQuery>;

/** An app card in lists: metadata without files, plus the creator's name for platform admins. */
export const AppSummary = AppMeta.extend({ created_by_name: z.string().nullable().optional() }).partial().required({ id: true });
export type AppSummary = z.infer<typeof AppSummary>;
