import * as z from "zod";
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
