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
