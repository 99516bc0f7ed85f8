import { signUpLimitedText } from "../../../lib/sign-in-errors";
import { Config } from "../config";
import { VisibleError } from "../errors";

/**
 * Who may open a new account on a team's Kiln (KILN_SIGNUP_DOMAINS, stacks/local/team.ts): only addresses at the
 * listed e-mail domains, the first account (the admin's seat) included. Existing accounts sign in whatever it says.
 * Every way of creating a platform account (password sign-up, a first single sign-on) asks here.
 */
export namespace SignUpPolicy {
  /** The domains new accounts must be at; null where anyone may sign up. */
  export function domains(): string[] | null {
    const listed = Config.kiln.team === true ? Config.kiln.signupDomains : undefined;
    return listed?.length ? listed : null;
  }

  /** Whether a new account may have this address. */
  export function mayCreate(email: string): boolean {
    const allowed = domains();
    return !allowed || allowed.includes(email.trim().toLowerCase().split("@").at(-1) ?? "");
  }

  /** Refuses (403) a new account whose address is not at a listed domain. */
  export function assertMayCreate(email: string): void {
    if (!mayCreate(email)) throw new VisibleError("forbidden", signUpLimitedText(domains()!));
  }
}
