import * as z from "zod";
import { AppUser, AppRole } from "./app-user";
import { Visibility } from "./app";
import { Email } from "./user";

/**
 * A generated app's own sign-in (spec 03 §2.13, §5, §7.12; reference/base44-sdk-wire.md §3):
 * the bodies the SDK sends, what the server answers, and the rules the runner's screens
 * check before they call. Screens and server read the same constants.
 */

/** Password rules (spec 03 §5, §9): at least 8 characters; the upper bound keeps hashing cheap. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters long";
export const PASSWORDS_DIFFER = "Passwords do not match";
/** The one-time code has 6 digits (spec 03 §3, §5). */
export const OTP_LENGTH = 6;
export const OTP_INCOMPLETE = "Please enter all 6 digits";
/** Redirect delays of the runner's screens (spec 03 §9). */
export const VERIFIED_REDIRECT_MS = 2000;
export const RESET_REDIRECT_MS = 3000;

export const Password = z.string().min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, "Password must be at most 256 characters long");
/** A password given to sign in with: any length the server accepts, so a short guess is simply wrong. */
export const GivenPassword = z.string().min(1, "Password is required").max(PASSWORD_MAX, "Password must be at most 256 characters long");
export const OtpCode = z.string().trim().regex(/^\d{6}$/, "The verification code must be 6 digits");
const Turnstile = z.string().max(4096).nullable().optional();

/** POST /api/apps/{id}/auth/register; turnstile and referral are accepted as the SDK passes them through. */
export const RegisterBody = z.object({
  email: Email,
  password: Password,
  turnstile_token: Turnstile,
  referral_code: z.string().max(200).nullable().optional(),
  full_name: z.string().trim().max(120, "Full Name must be at most 120 characters").nullable().optional(),
});
export const RegisterResult = z.object({ id: z.string(), message: z.string(), otp_expires_in_minutes: z.number() });
export type RegisterResult = z.infer<typeof RegisterResult>;

/** POST /api/apps/{id}/auth/verify-otp */
export const VerifyOtpBody = z.object({ email: Email, otp_code: OtpCode });
export const VerifyOtpResult = z.object({
  id: z.string(),
  access_token: z.string(),
  message: z.string(),
  success: z.literal(true),
  /** false when two sign-ups overlapped: the address is proven, and its owner sets a password through a reset */
  password_set: z.boolean(),
});
export type VerifyOtpResult = z.infer<typeof VerifyOtpResult>;

/** POST .../auth/resend-otp and .../auth/reset-password-request */
export const EmailBody = z.object({ email: Email });
export const ResendOtpResult = z.object({ message: z.string(), otp_expires_in_minutes: z.number() });

/** POST /api/apps/{id}/auth/login */
export const LoginBody = z.object({ email: Email, password: GivenPassword, turnstile_token: Turnstile });
export const LoginResult = z.object({ access_token: z.string(), user: AppUser });
export type LoginResult = z.infer<typeof LoginResult>;

/** POST /api/apps/{id}/auth/reset-password */
export const ResetPasswordBody = z.object({ reset_token: z.string().min(1, "Reset token invalid").max(512, "Reset token invalid"), new_password: Password });

/** POST /api/apps/{id}/auth/change-password */
export const ChangePasswordBody = z.object({
  user_id: z.string().min(1).max(64),
  current_password: GivenPassword,
  new_password: Password,
});

/** `{message}` answers of the calls whose result the screens do not read. */
export const AuthMessage = z.object({ message: z.string(), success: z.boolean().optional() });

/** GET /api/apps/public/prod/public-settings/by-id/{id} (the SDK's `app.getPublicSettings()`). */
export const PublicSettings = z.object({ id: z.string(), public_settings: Visibility });
export type PublicSettings = z.infer<typeof PublicSettings>;

/** GET /api/apps/public/login-info/by-slug/{slug} and /by-id/{id}: what the runner's sign-in screen shows. */
export const LoginInfo = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  public_settings: Visibility,
  enable_username_password: z.boolean(),
  google_enabled: z.boolean(),
});
export type LoginInfo = z.infer<typeof LoginInfo>;

/** GET /api/apps/{id}/auth/token: the builder's runtime token for the preview. */
export const RuntimeToken = z.object({ token: z.string() });

/** GET /api/apps/auth/login (Google, browser navigation; reference §3.2). */
export const AppGoogleLoginQuery = z.object({
  app_id: z.string().min(1, "app_id is required").max(128),
  from_url: z.string().max(2000).optional(),
  /** set by the SDK inside an iframe: the sign-in runs in a popup that posts the token back to this origin */
  popup_origin: z.string().max(300).optional(),
});
export type AppGoogleLoginQuery = z.infer<typeof AppGoogleLoginQuery>;

/** GET /api/apps/auth/callback: Cognito's return to the app sign-in (cloud only). */
export const AppGoogleCallbackQuery = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(4096),
  error: z.string().max(200).optional(),
});

/** GET /api/apps/auth/logout */
export const AppLogoutQuery = z.object({ from_url: z.string().max(2000).optional() });

/**
 * Why an app sign-in came back without a token: the `error` query parameter the runner's
 * sign-in screen turns into text. Codes, never free text, so no one can put words on that screen.
 */
export const SignInErrorCode = z.enum(["user_not_registered", "account_disabled", "google_failed"]);
export type SignInErrorCode = z.infer<typeof SignInErrorCode>;

/** POST /api/apps/{id}/users/invite-user and /runtime/users/invite-user (spec 02 §5: "Please enter an email address"). */
export const InviteUserBody = z.object({
  user_email: z.string().trim().min(1, "Please enter an email address").pipe(Email),
  role: AppRole.default("user"),
});

/** GET /api/apps/{id}/entities/User: the entity list's query (reference §2.1). */
export const ListAppUsersQuery = z.object({
  q: z.string().max(4000).optional(),
  sort: z.string().regex(/^[-+]?[A-Za-z_][A-Za-z0-9_.]*$/, "sort must be a field name, optionally prefixed with -").default("-created_date"),
  limit: z.coerce.number().int().min(1).max(5000).default(5000),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  fields: z.string().max(2000).optional(),
});
export type ListAppUsersQuery = z.infer<typeof ListAppUsersQuery>;

/** Custom fields of a user (`updateMe`, or an admin's update): a JSON object of bounded size. */
export const UserFieldsBody = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 32_000, "The user data is too large (32,000 characters at most)");

/** What an app admin (or the builder) may also set on another user. */
export const AdminUserFields = z.object({
  full_name: z.string().trim().max(120, "Full Name must be at most 120 characters").nullable().optional(),
  role: AppRole.optional(),
  disabled: z.boolean().optional(),
});

/** The local identity page's form when it stands in for Google inside an app (functions/http/local.ts). */
export const AppIdentityForm = z.object({
  email: Email,
  from_url: z.string().max(2000).optional(),
  app_id: z.string().min(1).max(128).optional(),
  popup_origin: z.string().max(300).optional(),
});

/** GET /api/local/identity: the platform's sign-in, or an app's when `app_id` is given. */
export const LocalIdentityQuery = AppGoogleLoginQuery.partial();

/** GET /api/local/outbox: the newest mails, optionally only those to one address. */
export const OutboxQuery = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });
