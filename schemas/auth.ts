import * as z from "zod";
import { GivenPassword, OtpCode, Password } from "./app-auth";
import { Email } from "./user";

export const AccessToken = z.object({ access_token: z.string() });
export type AccessToken = z.infer<typeof AccessToken>;

/** POST /api/local/token (local stack only). */
export const LocalTokenBody = z.strictObject({ email: Email, full_name: z.string().trim().max(120).optional() });

/** The local identity page's form post. */
export const LocalIdentityForm = z.object({
  email: Email,
  from_url: z.string().max(2000).optional(),
});

/** GET /api/auth/login: where to come back to. Only same-site paths are honoured. */
export const LoginQuery = z.object({ from_url: z.string().max(2000).optional() });

/** GET /api/auth/oidc/start: where to come back to after single sign-on, as for /api/auth/login. */
export const OidcStartQuery = LoginQuery;

/**
 * GET /api/auth/oidc/callback: the provider's answer, a code and our state, or an error (RFC 6749 §4.1.2).
 * Not strict: providers add their own parameters (`iss`, `session_state`), which openid-client checks or ignores.
 */
export const OidcCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type OidcCallbackQuery = z.infer<typeof OidcCallbackQuery>;

/** POST /api/auth/exchange: a Cognito ID token (cloud sign-in) for a Kiln token. */
export const ExchangeBody = z.strictObject({ id_token: z.string().min(20).max(8192) });

/** What the SPA needs to know about how sign-in works on this deployment. */
export const AuthMode = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("local") }),
  z.object({
    mode: z.literal("cognito"),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    domain: z.string(),
  }),
]);
export type AuthMode = z.infer<typeof AuthMode>;

/** GET /api/auth/methods: which sign-in the login screen offers on this deployment. */
export const SignInMethods = z.object({
  /** e-mail and password with a one-time code (a team's one-box Kiln) */
  password: z.boolean(),
  /** "Continue with Google" (Cognito in the cloud, the identity page on one machine) */
  google: z.boolean(),
  /** a team's single sign-on (OIDC_ISSUER): the button's label; absent where none is configured */
  oidc: z.object({ name: z.string() }).optional(),
  /** a team's sign-up limit (KILN_SIGNUP_DOMAINS): the e-mail domains a new account must be at; absent where anyone may sign up */
  signup_domains: z.array(z.string()).optional(),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** POST /api/auth/password/sign-up: a new account's e-mail and password; the code mailed to it finishes the sign-up. */
export const PasswordSignUpBody = z.strictObject({ email: Email, password: Password, full_name: z.string().trim().max(120).optional() });

/** POST /api/auth/password/sign-in: the password is checked first, then a code is mailed. */
export const PasswordSignInBody = z.strictObject({ email: Email, password: GivenPassword });

/** POST /api/auth/password/verify: the code, with the password again, so a code reached by someone else's sign-up finishes nothing. */
export const PasswordVerifyBody = z.strictObject({ email: Email, password: GivenPassword, code: OtpCode });

/** What sign-up and sign-in answer: a code is on its way. */
export const CodeSent = z.object({ message: z.string(), otp_expires_in_minutes: z.number() });
export type CodeSent = z.infer<typeof CodeSent>;

/** POST /api/auth/password/reset-request: the same answer whether or not the address has an account. */
export const PasswordResetRequestBody = z.strictObject({ email: Email });

/** POST /api/auth/password/reset: the code mailed for the reset and the new password; every earlier session ends. */
export const PasswordResetBody = z.strictObject({ email: Email, code: OtpCode, password: Password });

/** What a reset answers: done, now sign in with the new password. */
export const PasswordResetDone = z.object({ message: z.string() });
export type PasswordResetDone = z.infer<typeof PasswordResetDone>;
