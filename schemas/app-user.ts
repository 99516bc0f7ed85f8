import * as z from "zod";

/** Roles a user of a generated app may have (the SDK allows exactly these two). */
export const AppRole = z.enum(["user", "admin"]);
export type AppRole = z.infer<typeof AppRole>;

/**
 * A user of a generated app, as `base44.auth.me()` and the `User` entity answer it
 * (reference/base44-sdk-wire.md §3.1): the built-in fields, then the app's custom fields
 * beside them (`...custom`), so the shape is open (`loose`). Stored, the custom fields are
 * one map attribute of their own (functions/core/app-users/users.ts); rules read them as `user.data.<f>`.
 */
export const AppUser = z.looseObject({
  id: z.string(),
  app_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: AppRole,
  /** the SDK's name for the role within the app */
  _app_role: AppRole,
  /** the e-mail was proven (OTP, Google, or the builder's own account) */
  is_verified: z.boolean(),
  is_service: z.literal(false),
  disabled: z.boolean(),
  /** the owner invited this address; a private app admits only invited users */
  invited: z.boolean(),
  /** the builder's platform user behind this app user, when it is the owner or a collaborator previewing */
  platform_user_id: z.string().nullable(),
  created_date: z.string(),
  updated_date: z.string(),
  created_by: z.string().nullable(),
});
export type AppUser = z.infer<typeof AppUser>;

/** Built-in fields of an app user that no `updateMe` / entity update may set. */
export const appUserServerFields = ["id", "app_id", "email", "role", "_app_role", "is_verified", "is_service", "disabled", "invited", "platform_user_id", "created_date", "updated_date", "created_by"] as const;

/** Every built-in field; any other field of a user is a custom one. */
export const appUserBuiltInFields = [...appUserServerFields, "full_name"] as const;
export type AppUserBuiltIns = Pick<AppUser, (typeof appUserBuiltInFields)[number]>;

/**
 * Names a custom field may not have: `data` is where rules find custom fields (`{{user.data.x}}`),
 * the others are JavaScript's object machinery.
 */
export const reservedUserFieldNames = ["data", "__proto__", "constructor", "prototype"] as const;
