/**
 * Why a team's single sign-on came back to /login without signing anyone in. The callback sends one of these
 * codes (`/login?sso_error=…`), never a sentence: the login page says only what Kiln wrote here, so a link
 * someone crafted cannot put words of its own on Kiln's sign-in screen.
 */
export const SSO_ERRORS = ["expired", "unreachable", "failed", "unverified", "refused", "disabled", "signup_limited"] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** The sentence the login page shows for a code; the provider's button label and the sign-up domains come from GET /api/auth/methods. */
export function ssoErrorText(code: SsoError, context: { provider?: string; signupDomains?: string[] }): string {
  switch (code) {
    case "expired":
      return "This sign-in has expired or was already used. Please start again.";
    case "unreachable":
      return "Single sign-on is not reachable right now. Please try again later or sign in with your password.";
    case "failed":
      return "Single sign-on could not be completed. Please try again.";
    case "unverified":
      return "Your single sign-on account has no verified e-mail address, so Kiln cannot sign you in with it.";
    case "refused":
      return `${context.provider ?? "Single sign-on"} did not sign you in.`;
    case "disabled":
      return "This account has been disabled";
    case "signup_limited":
      return signUpLimitedText(context.signupDomains ?? []);
  }
}

/** The sign-up limit's refusal (KILN_SIGNUP_DOMAINS), the same words for a password sign-up and a first single sign-on. */
export const signUpLimitedText = (domains: string[]) => `Sign-up is limited to addresses at ${domains.join(", ")}`;
