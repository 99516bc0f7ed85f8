import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { CodeSent, PasswordResetDone } from "../../../schemas/auth";
import { AppAuthLimits } from "../app-users/auth-limits";
import { Passwords } from "../app-users/passwords";
import { Config } from "../config";
import { db, setFields, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";
import { Mail } from "../mail";
import { SignIn } from "./sign-in";
import { SignUpPolicy } from "./sign-up-policy";
import { Users } from "./users";

/** What the server keeps to sign a platform user in with a password; never part of any answer. */
interface Credentials {
  password_hash?: string;
  /** set at sign-up, becomes the password once the code mailed to the address is entered with it */
  pending_password_hash?: string;
  pending_full_name?: string;
  otp_hash?: string;
  otp_purpose?: "sign-up" | "sign-in" | "reset";
  otp_expires_at?: number;
  otp_attempts?: number;
}

/**
 * The builder's own sign-in on a team's Kiln (one box, no Google): e-mail and password, and
 * every time a one-time code mailed to the address. Sign-up proposes a password; it becomes the
 * account's when the code is entered together with that same password, so a code sent for a
 * stranger's sign-up of someone's address finishes nothing. The first account becomes the
 * platform admin (Users.ensure takes the seat in its creating transaction). A forgotten password
 * is reset with a code mailed the same way, which ends every session of the account. The pieces are the
 * generated apps' (functions/core/app-users): scrypt hashes, the sliding-window limits, the texts.
 */
export namespace PasswordSignIn {
  export const { OTP_TTL_MINUTES, OTP_MAX_ATTEMPTS } = AppAuthLimits;
  /** the rate limits' scope: the platform's own, beside each app's (never an app id: those are ULIDs, without "l" or "o") */
  const SCOPE = "platform";

  const invalidCredentials = () => new VisibleError("input", "Invalid email or password");
  const invalidCode = () => new VisibleError("input", "Invalid verification code");
  const expiredCode = () => new VisibleError("input", "Verification code has expired. Please request a new code.");
  /** a code's fields, removed together once it is used */
  const codeFields = ["otp_hash", "otp_purpose", "otp_expires_at", "otp_attempts"] as const;

  /** On only in a team's Kiln (`npm run team`): the cloud signs in through Cognito, `npm start` through its identity page. */
  export const enabled = () => Config.kiln.team === true;

  /** Elsewhere the calls do not exist: 404 before any body is read. */
  export function assertEnabled() {
    if (!enabled()) throw notFound("Not found");
  }

  export async function signUp(input: { email: string; password: string; full_name?: string }, client: string): Promise<CodeSent> {
    assertEnabled();
    const user = await Users.byEmail(input.email);
    if (user?.disabled) throw new VisibleError("forbidden", "This account has been disabled");
    if (!user) SignUpPolicy.assertMayCreate(input.email);
    const creds = await credentials(input.email);
    if (user && creds?.password_hash) throw new VisibleError("conflict", "An account with this email already exists. Please sign in.");
    await AppAuthLimits.codeSend(SCOPE, input.email, client);
    await issueCode(input.email, "sign-up", { pending_password_hash: await Passwords.hash(input.password), pending_full_name: input.full_name || undefined });
    return { message: "Registration successful. Please check your email for the verification code.", otp_expires_in_minutes: OTP_TTL_MINUTES };
  }

  /** Each attempt takes its rate-limit slots before the password is checked; a right password gives them back and mails a code. */
  export async function signIn(email: string, password: string, client: string): Promise<CodeSent> {
    assertEnabled();
    const attempt = await AppAuthLimits.signInAttempt(SCOPE, email, client);
    const user = await Users.byEmail(email);
    const creds = user ? await credentials(email) : undefined;
    if (!(await Passwords.verify(password, creds?.password_hash)) || !user) throw invalidCredentials();
    await attempt.release();
    if (user.disabled) throw new VisibleError("forbidden", "This account has been disabled");
    await AppAuthLimits.codeSend(SCOPE, email, client);
    await issueCode(email, "sign-in", {});
    return { message: "A verification code has been sent to your email", otp_expires_in_minutes: OTP_TTL_MINUTES };
  }

  /** The code and the password together: a sign-up's creates the account (the first one as the admin), a sign-in's signs in. */
  export async function verify(input: { email: string; password: string; code: string }): Promise<{ access_token: string }> {
    assertEnabled();
    const creds = await credentials(input.email);
    // a reset's code sets a password (reset below), it never signs in
    if (!creds?.otp_hash || creds.otp_purpose === "reset") throw invalidCode();
    if ((creds.otp_expires_at ?? 0) < Date.now()) throw expiredCode();
    // The attempt is counted before code or password is compared, so no burst of guesses gets more than OTP_MAX_ATTEMPTS.
    await AppAuthLimits.codeAttempt(Keys.passwordCredentials(input.email), creds.otp_hash);
    const signingUp = creds.otp_purpose === "sign-up";
    const passwordHash = signingUp ? creds.pending_password_hash : creds.password_hash;
    const passwordMatches = await Passwords.verify(input.password, passwordHash);
    if (!sameHash(otpHash(input.email, input.code), creds.otp_hash)) throw invalidCode();
    if (!passwordMatches) throw invalidCredentials();
    // Single use: the write holds only while this code is still the stored one.
    const done = await writeCredentials(input.email, signingUp ? { password_hash: passwordHash } : {}, ["pending_password_hash", "pending_full_name", ...codeFields], {
      expression: "otp_hash = :h",
      values: { ":h": creds.otp_hash },
    });
    if (!done) throw invalidCode();
    if (signingUp) await Users.ensure({ email: input.email, full_name: creds.pending_full_name, firstAdmin: true });
    return { access_token: await SignIn.tokenFor(input.email) };
  }

  /**
   * Forgot password: always the same answer, whether or not the address has an account. Every address
   * takes the same rate-limit slots and reads, and the code's write is conditional on a password being
   * stored, so a stranger's address writes nothing and gets no mail.
   */
  export async function requestReset(email: string, client: string): Promise<CodeSent> {
    assertEnabled();
    await AppAuthLimits.codeSend(SCOPE, email, client);
    const user = await Users.byEmail(email);
    if (!user?.disabled) await issueCode(email, "reset", {}, { expression: "attribute_exists(password_hash)", values: {} });
    return { message: "If an account exists for this email, you will receive a password reset code shortly.", otp_expires_in_minutes: OTP_TTL_MINUTES };
  }

  /**
   * The reset's code (counted, expiring, used once) sets a new password and ends every session of the
   * account: a token issued before is refused from now on. The person then signs in with the new password.
   */
  export async function reset(input: { email: string; code: string; password: string }): Promise<PasswordResetDone> {
    assertEnabled();
    const creds = await credentials(input.email);
    if (!creds?.otp_hash || creds.otp_purpose !== "reset") throw invalidCode();
    if ((creds.otp_expires_at ?? 0) < Date.now()) throw expiredCode();
    await AppAuthLimits.codeAttempt(Keys.passwordCredentials(input.email), creds.otp_hash);
    if (!sameHash(otpHash(input.email, input.code), creds.otp_hash)) throw invalidCode();
    const user = await Users.byEmail(input.email);
    if (!user) throw invalidCode();
    if (user.disabled) throw new VisibleError("forbidden", "This account has been disabled");
    const passwordHash = await Passwords.hash(input.password);
    // Sessions end first: should the password's write fail, the old password stands with no session left, never a new one beside old sessions.
    await Users.endSessions(user.id);
    // Single use: the write holds only while this code is still the stored one.
    const done = await writeCredentials(input.email, { password_hash: passwordHash }, ["pending_password_hash", "pending_full_name", ...codeFields], {
      expression: "otp_hash = :h",
      values: { ":h": creds.otp_hash },
    });
    if (!done) throw invalidCode();
    return { message: "Your password has been reset. Please sign in with your new password." };
  }

  type Purpose = NonNullable<Credentials["otp_purpose"]>;

  /** What each code's e-mail says. */
  const codeMail: Record<Purpose, (code: string) => { subject: string; text: string }> = {
    "sign-up": (code) => verificationMail(code),
    "sign-in": (code) => verificationMail(code),
    reset: (code) => ({
      subject: "Reset your password for Kiln",
      text: `Someone asked to reset the password of your Kiln account.\n\nYour password reset code is ${code}.\n\nIt expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    }),
  };
  const verificationMail = (code: string) => ({
    subject: "Your verification code for Kiln",
    text: `Your verification code for Kiln is ${code}.\n\nIt expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
  });

  /** Stores a new code (in place of any earlier one) and mails it; with `onlyIf`, only while that holds of the stored credentials (else false, nothing mailed). */
  async function issueCode(email: string, purpose: Purpose, extra: Credentials, onlyIf?: { expression: string; values: Record<string, unknown> }): Promise<boolean> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
    const remove: (keyof Credentials)[] = purpose === "sign-up" && !extra.pending_full_name ? ["pending_full_name"] : [];
    const stored = await writeCredentials(
      email,
      { ...extra, otp_hash: otpHash(email, code), otp_purpose: purpose, otp_expires_at: Date.now() + OTP_TTL_MINUTES * 60_000, otp_attempts: 0 },
      remove,
      onlyIf,
    );
    if (!stored) return false;
    const sent = Mail.send({ to: email, ...codeMail[purpose](code) });
    // A mail server refusing a reset's code must not tell a stranger the account exists: the answer stays the same, the log says why.
    if (purpose === "reset") await sent.catch((err: unknown) => console.error("[password-sign-in] a password reset code was not sent:", err instanceof Error ? err.message : err));
    else await sent;
    return true;
  }

  /** Keyed with the server secret: a leaked table does not give the 6-digit codes away to a quick search. */
  const otpHash = (email: string, code: string) => createHmac("sha256", Config.authSecret).update(`platform-otp:${email.toLowerCase()}:${code}`).digest("hex");
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  async function credentials(email: string): Promise<Credentials | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.passwordCredentials(email), ConsistentRead: true }));
    return Item as Credentials | undefined;
  }

  /** Set and remove credential fields; with a condition, answers false when it no longer holds. */
  function writeCredentials(
    email: string,
    set: Credentials,
    remove: (keyof Credentials)[] = [],
    condition?: { expression: string; values: Record<string, unknown> },
  ): Promise<boolean> {
    return setFields(Keys.passwordCredentials(email), set, remove, condition);
  }
}
