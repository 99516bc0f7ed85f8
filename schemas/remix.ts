import * as z from "zod";
import { SECRETS_PER_APP_MAX, SecretName, SecretValue } from "./secrets";

/** The blocked screen's title (spec 03 §4 Remix (c), §6). */
export const REMIX_NOT_ALLOWED = "Remix Not Allowed";
/** Why (spec 03 §6: backend functions are Builder tier and above), said of the app being remixed. */
export const REMIX_NEEDS_BACKEND_FUNCTIONS = "This app requires backend functions, a feature available only on Builder tier and above.";
/** Spec 03 §8 Remix: what the page says when the server gave no message of its own. */
export const REMIX_FAILED = "An error occurred while remixing the app";
export const REMIX_REQUIREMENTS_FAILED = "An error occurred while fetching remix requirements";
/** A remix is refused the same way whether the app is unknown, private or not remixable, so a refusal tells nothing about it. */
export const REMIX_REFUSED = "This app does not exist or cannot be remixed";
/** The conversation is the owner's workspace: only they (or a platform admin) copy it. */
export const REMIX_HISTORY_OWNER_ONLY = "Only the app's owner can copy its chat history";

/** GET /api/apps/{id}/remix/requirements (spec 03 §3, §7.7). */
export const RemixRequirements = z.object({
  name: z.string(),
  /** the secrets the app's code reads: each must be given a value for the copy */
  app_secret_names: z.array(z.string()),
  /** files under functions/: Free and Starter may not remix it */
  requires_backend_functions: z.boolean(),
});
export type RemixRequirements = z.infer<typeof RemixRequirements>;

/** POST /api/apps/{id}/remix (spec 03 §3, §7.7): every needed secret filled in (spec 03 §5). */
export const RemixBody = z.strictObject({
  with_chat_history: z.boolean().default(false),
  secret_values: z
    .record(SecretName, SecretValue)
    .refine((map) => Object.keys(map).length <= SECRETS_PER_APP_MAX, `At most ${SECRETS_PER_APP_MAX} secrets can be given`)
    .default({}),
});
export type RemixBody = z.infer<typeof RemixBody>;

/** `/remix-app/{appId}?clone_history=true`: the router may hand the flag over as a boolean or a string. */
export const RemixSearch = z.object({
  clone_history: z.preprocess((v) => v === true || v === "true", z.boolean()).catch(false),
});
export type RemixSearch = z.infer<typeof RemixSearch>;
