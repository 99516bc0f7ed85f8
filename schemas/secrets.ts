import * as z from "zod";

/** The alert shown (and the 400 answered) when a chosen integration's secret is missing or blank (spec 01 §5). */
export const REQUIRED_KEYS_MESSAGE = "Please fill in all required API keys before submitting.";
/** The secrets form's rule (spec 01 §5): every value non-empty after trimming. */
export const SECRET_VALUES_REQUIRED = "Please enter values for all secrets";

export const SECRET_NAME_MAX = 128;
/** Room for a PEM key or a service-account JSON, far below the item size limit. */
export const SECRET_VALUE_MAX = 16_384;
export const SECRET_VALUE_TOO_LONG = `A secret value must be at most ${SECRET_VALUE_MAX.toLocaleString("en-US")} characters`;
/** Secrets one app may hold. */
export const SECRETS_PER_APP_MAX = 100;

/** A secret is read as an environment variable by backend functions, so its name follows env-var rules. */
export const SecretName = z
  .string()
  .max(SECRET_NAME_MAX, `A secret name must be at most ${SECRET_NAME_MAX} characters`)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "A secret name must start with a letter or underscore and contain only letters, digits and underscores");

/**
 * Control characters a value may not hold. A function reads it as an environment variable,
 * which can never hold NUL (the sandbox could not start); the other C0 controls and DEL are
 * paste accidents. Tab and line breaks stay: a PEM key spans lines.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const SECRET_VALUE_CONTROL = "A secret value cannot contain control characters (only tabs and line breaks are allowed)";

/** A value as entered: trimmed, never blank, no control characters. */
export const SecretValue = z
  .string()
  .trim()
  .min(1, SECRET_VALUES_REQUIRED)
  .max(SECRET_VALUE_MAX, SECRET_VALUE_TOO_LONG)
  .refine((value) => !CONTROL_CHARACTERS.test(value), SECRET_VALUE_CONTROL);

/** An existing secret's id: "{appId}:{name}", so reuse can authorize on the app it lives in. */
export const SecretId = z.string().max(200).regex(/^[a-z0-9]{1,64}:[A-Za-z_][A-Za-z0-9_]*$/, "Unknown secret");

/** PUT /api/apps/{id}/secrets: a map of name to value (spec 02 §7 Secrets: "Update with a map of name to value"). */
export const UpdateSecretsBody = z
  .record(SecretName, SecretValue)
  .refine((map) => Object.keys(map).length > 0, "Give at least one secret")
  .refine((map) => Object.keys(map).length <= 50, "At most 50 secrets can be set at once");
export type UpdateSecretsBody = z.infer<typeof UpdateSecretsBody>;

/** A secret as listed: its name and dates, never its value. */
export const SecretInfo = z.object({
  name: z.string(),
  created_date: z.string(),
  updated_date: z.string(),
});
export type SecretInfo = z.infer<typeof SecretInfo>;

export const SecretList = z.object({ secrets: z.array(SecretInfo) });
export type SecretList = z.infer<typeof SecretList>;

/** PUT's answer: all names now set, and those this call created (for "I've added {names} secrets"). */
export const UpdateSecretsResult = SecretList.extend({ created: z.array(z.string()) });
export type UpdateSecretsResult = z.infer<typeof UpdateSecretsResult>;

/** A secret of another of the caller's apps, offered for reuse (spec 01 §3 Existing secret). */
export const ExistingSecret = z.object({
  id: z.string(),
  app_name: z.string(),
  secret_name: z.string(),
});
export type ExistingSecret = z.infer<typeof ExistingSecret>;

/**
 * The assistant asks the owner for secrets (spec 01 §3 Secret request): the names a backend
 * function reads with Deno.env.get, each with what to paste. The chat shows the secrets form.
 */
export const SecretRequestItem = z.object({
  secretName: SecretName,
  description: z.string().max(500),
});
export type SecretRequestItem = z.infer<typeof SecretRequestItem>;
/** Spec 01 §5 Secrets form: the title of the alert when a value is blank. */
export const SECRET_VALUES_REQUIRED_TITLE = "Secret values required";
