import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { AppMeta } from "../../../schemas/app";
import type { AppUser } from "../../../schemas/app-user";
import type { LoginInfo, LoginResult, RegisterResult, VerifyOtpResult } from "../../../schemas/app-auth";
import type { User } from "../../../schemas/user";
import { AppAuthLimits } from "./auth-limits";
import { userNotRegistered } from "./caller";
import { AppUsers } from "./users";
import { Config } from "../config";
import { setFields } from "../db";
import { VisibleError, forbidden } from "../errors";
import { Keys } from "../keys";
import { Mail } from "../mail";
import { Passwords } from "./passwords";
import { Tokens } from "../identity/tokens";

/** What the server keeps to sign an app user in; never part of any answer. */
interface Credentials {
  password_hash?: string;
  /** set at registration, becomes the password once the e-mail is proven with the code */
  pending_password_hash?: string;
  /** the name given at registration, the user's once the e-mail is proven */
  pending_full_name?: string;
  /** two registrations with different passwords overlapped: whoever verifies cannot show which is theirs, so neither becomes the password */
  pending_contested?: boolean;
  otp_hash?: string;
  otp_expires_at?: number;
  otp_attempts?: number;
  otp_sent_at?: number;
  reset_hash?: string;
  reset_expires_at?: number;
}

/**
 * A generated app's own sign-in: e-mail and password with a one-time code, password
 * reset, Google, and the builder's preview identity. The app's visibility holds on
 * every path: a private app (`private_with_login`) lets only invited users register,
 * verify, sign in or reset, and no call here ever creates or admits anyone else.
 * The sign-up paths tell a stranger `user_not_registered` (as the SDK expects); the
 * sign-in paths answer a stranger exactly as they answer an unknown e-mail.
 */
export namespace AppAuth {
  export const { OTP_TTL_MINUTES, OTP_MAX_ATTEMPTS } = AppAuthLimits;
  const { ACCOUNT_FACTOR, LOGIN_FAILURES_PER_WINDOW, LOGIN_WINDOW_SECONDS } = AppAuthLimits;
  export const RESEND_INTERVAL_SECONDS = 60;
  const RESET_REQUESTS_PER_HOUR = 5;
  const RESET_TTL_MINUTES = 60;

  const invalidCredentials = () => new VisibleError("input", "Invalid email or password");
  const invalidCode = () => new VisibleError("input", "Invalid verification code");
  const invalidResetToken = () => new VisibleError("input", "Reset token invalid");
  const disabled = () => forbidden("This account has been disabled");

  /** Whether the app's visibility lets this user in: a private app admits only invited users. */
  export function admits(app: AppMeta, user: AppUser): boolean {
    return app.public_settings !== "private_with_login" || user.invited;
  }

  /** E-mail and password sign-in is opt-in (spec 03 §1): only an app whose owner turned it on offers it. */
  const passwordSignIn = (app: AppMeta) => app.enable_username_password === true;

  function assertPasswordSignIn(app: AppMeta) {
    if (!passwordSignIn(app)) throw forbidden("Email and password sign-in is turned off for this app");
  }

  export function loginInfo(app: AppMeta): LoginInfo {
    return {
      id: app.id,
      name: app.name,
      logo_url: app.logo_url,
      public_settings: app.public_settings,
      enable_username_password: passwordSignIn(app),
      google_enabled: googleAvailable(),
    };
  }

  /** Apps' "Continue with Google": Cognito's Google in the cloud, the identity page in `npm start`; none on a team's box. */
  export const googleAvailable = () => Boolean(Config.kiln.cognito) || (Config.isLocal && Config.kiln.team !== true);

  /**
   * A registration only proposes a password: it becomes the account's once the code mailed to
   * the address is entered, and never when another registration with another password was
   * waiting for its code too (then the verified owner sets one through a reset link). A
   * stranger's pending registration neither blocks the owner's nor decides their password.
   */
  export async function register(app: AppMeta, input: { email: string; password: string; full_name?: string | null }, client: string): Promise<RegisterResult> {
    assertPasswordSignIn(app);
    let user = await AppUsers.byEmail(app.id, input.email);
    if (app.public_settings === "private_with_login" && !user?.invited) throw userNotRegistered(app.id);
    if (user?.disabled) throw disabled();
    const creds = user ? await credentials(app.id, user.id) : undefined;
    if (creds?.password_hash) throw new VisibleError("conflict", "An account with this email already exists. Please sign in.");
    await AppAuthLimits.codeSend(app.id, input.email, client);
    if (!user) user = await createUser(app.id, { email: input.email, created_by: input.email });
    const waiting = creds?.pending_password_hash && codeIsLive(creds);
    const contested = waiting && (creds.pending_contested || !(await Passwords.verify(input.password, creds.pending_password_hash)));
    await issueCode(
      app,
      user,
      { pending_password_hash: await Passwords.hash(input.password), pending_full_name: input.full_name || undefined, ...(contested ? { pending_contested: true } : {}) },
      [...(contested ? [] : (["pending_contested"] as const)), ...(input.full_name ? [] : (["pending_full_name"] as const))],
    );
    return {
      id: user.id,
      message: "Registration successful. Please check your email for the verification code.",
      otp_expires_in_minutes: OTP_TTL_MINUTES,
    };
  }

  export async function verifyOtp(app: AppMeta, email: string, code: string): Promise<VerifyOtpResult> {
    assertPasswordSignIn(app);
    const user = await AppUsers.byEmail(app.id, email);
    if (app.public_settings === "private_with_login" && !user?.invited) throw userNotRegistered(app.id);
    if (!user || user.disabled) throw invalidCode();
    const creds = await credentials(app.id, user.id);
    if (!creds?.otp_hash) throw invalidCode();
    if ((creds.otp_expires_at ?? 0) < Date.now()) throw new VisibleError("input", "Verification code has expired. Please request a new code.");
    // The attempt is counted before the code is compared, so no burst of guesses gets more than OTP_MAX_ATTEMPTS.
    await AppAuthLimits.codeAttempt(Keys.appUserCredentials(app.id, user.id), creds.otp_hash);
    if (!sameHash(otpHash(app.id, user.id, code), creds.otp_hash)) throw invalidCode();
    const promoted = creds.pending_password_hash && !creds.pending_contested ? { password_hash: creds.pending_password_hash } : {};
    const done = await writeCredentials(app.id, user.id, promoted, [...pendingFields, "otp_hash", "otp_expires_at", "otp_attempts", "otp_sent_at"], {
      expression: "otp_hash = :h",
      values: { ":h": creds.otp_hash },
    });
    if (!done) throw invalidCode();
    const name = !creds.pending_contested && creds.pending_full_name && !user.full_name ? { full_name: creds.pending_full_name } : {};
    const verified = await AppUsers.update(app.id, user.id, {}, { is_verified: true, ...name });
    const message = creds.pending_contested
      ? "Email verified. More than one sign-up used this address, so no password was set: choose one with 'Forgot password'."
      : "Email verified successfully";
    return { id: verified.id, access_token: await Tokens.signApp(app.id, verified.id, verified.email), message, success: true, password_set: !creds.pending_contested };
  }

  export async function resendOtp(app: AppMeta, email: string, client: string) {
    assertPasswordSignIn(app);
    const user = await AppUsers.byEmail(app.id, email);
    if (app.public_settings === "private_with_login" && !user?.invited) throw userNotRegistered(app.id);
    const answer = { message: "A new verification code has been sent to your email", otp_expires_in_minutes: OTP_TTL_MINUTES };
    // Only a registration waiting for its code gets a new one; anyone else gets the same answer and no e-mail.
    const creds = user && !user.disabled ? await credentials(app.id, user.id) : undefined;
    if (!user || !creds?.pending_password_hash) return answer;
    assertResendWaited(creds);
    await AppAuthLimits.codeSend(app.id, email, client);
    await issueCode(app, user, {});
    return answer;
  }

  /** Each attempt takes its rate-limit slots before the password is checked; a successful one gives them back. */
  export async function login(app: AppMeta, email: string, password: string, client: string): Promise<LoginResult> {
    assertPasswordSignIn(app);
    const attempt = await AppAuthLimits.signInAttempt(app.id, email, client);
    const user = await AppUsers.byEmail(app.id, email);
    const creds = user ? await credentials(app.id, user.id) : undefined;
    const matches = await Passwords.verify(password, creds?.password_hash);
    if (!user || !matches || !admits(app, user)) throw invalidCredentials();
    await attempt.release();
    if (user.disabled) throw disabled();
    return { access_token: await Tokens.signApp(app.id, user.id, user.email), user };
  }

  /** Always the same answer, whether or not the e-mail belongs to a user this app admits. */
  export async function requestReset(app: AppMeta, email: string, client: string) {
    assertPasswordSignIn(app);
    const message = "Too many password reset requests. Please try again in an hour.";
    await AppAuthLimits.take(app.id, [
      { kind: "reset", subject: `${email}|${client}`, max: RESET_REQUESTS_PER_HOUR, seconds: 3600, message },
      { kind: "reset-account", subject: email, max: RESET_REQUESTS_PER_HOUR * ACCOUNT_FACTOR, seconds: 3600, message },
    ]);
    const user = await AppUsers.byEmail(app.id, email);
    if (user && !user.disabled && admits(app, user)) {
      const secret = randomBytes(32).toString("base64url");
      await writeCredentials(app.id, user.id, { reset_hash: sha256(secret), reset_expires_at: Date.now() + RESET_TTL_MINUTES * 60_000 });
      const link = `${Config.appOrigin(app.slug)}/reset-password?token=${encodeURIComponent(`${user.id}.${secret}`)}`;
      // A mail server refusing must not tell a stranger this account exists: the answer stays the same, the log says why (mail.ts).
      await Mail.send({
        to: user.email,
        subject: `Reset your password for ${app.name}`,
        text: `Someone asked to reset the password of your ${app.name} account.\n\nSet a new password here: ${link}\n\nThe link works once and expires in ${RESET_TTL_MINUTES} minutes. If you did not ask for this, ignore this e-mail.`,
      }).catch((err: unknown) => console.error(`[app-auth] the reset e-mail of an account of app ${app.id} was not sent:`, err instanceof Error ? err.message : err));
    }
    return { message: "If an account exists for this email, you will receive a password reset link shortly." };
  }

  export async function resetPassword(app: AppMeta, token: string, newPassword: string) {
    assertPasswordSignIn(app);
    const [userId, secret] = token.split(".");
    if (!userId || !secret || !/^[0-9a-z]{1,64}$/.test(userId)) throw invalidResetToken();
    const user = await AppUsers.get(app.id, userId);
    const creds = user ? await credentials(app.id, user.id) : undefined;
    if (!user || !creds?.reset_hash || !sameHash(sha256(secret), creds.reset_hash) || (creds.reset_expires_at ?? 0) < Date.now()) throw invalidResetToken();
    if (user.disabled || !admits(app, user)) throw invalidResetToken();
    // Single use: the write holds only while the token is still the stored one.
    const done = await writeCredentials(
      app.id,
      user.id,
      { password_hash: await Passwords.hash(newPassword) },
      ["reset_hash", "reset_expires_at", ...pendingFields, "otp_hash", "otp_expires_at", "otp_attempts", "otp_sent_at"],
      { expression: "reset_hash = :h", values: { ":h": creds.reset_hash } },
    );
    if (!done) throw invalidResetToken();
    // The link reached the mailbox, so the e-mail is proven.
    if (!user.is_verified) await AppUsers.update(app.id, user.id, {}, { is_verified: true });
    return { success: true, message: "Password reset successfully" };
  }

  export async function changePassword(app: AppMeta, user: AppUser, input: { user_id: string; current_password: string; new_password: string }) {
    assertPasswordSignIn(app);
    if (input.user_id !== user.id) throw forbidden("You can only change your own password");
    const slots = await AppAuthLimits.take(app.id, [
      { kind: "password", subject: user.email, max: LOGIN_FAILURES_PER_WINDOW, seconds: LOGIN_WINDOW_SECONDS, message: "Too many attempts. Please try again in 15 minutes." },
    ]);
    const creds = await credentials(app.id, user.id);
    if (!creds?.password_hash) {
      await slots.release();
      throw new VisibleError("input", "This account has no password yet. Use 'Forgot password' to set one.");
    }
    if (!(await Passwords.verify(input.current_password, creds.password_hash))) throw new VisibleError("input", "Current password is incorrect");
    await slots.release();
    await writeCredentials(app.id, user.id, { password_hash: await Passwords.hash(input.new_password) });
    return { success: true, message: "Password changed successfully" };
  }

  /**
   * Google proved this e-mail: sign its user in, creating them on a public app.
   * A private app admits only users it invited (403 user_not_registered otherwise).
   */
  export async function googleSignIn(app: AppMeta, identity: { email: string; name: string | null }): Promise<{ token: string; isNewUser: boolean }> {
    const email = identity.email.trim().toLowerCase();
    let user = await AppUsers.byEmail(app.id, email);
    if (app.public_settings === "private_with_login" && !user?.invited) throw userNotRegistered(app.id);
    if (user?.disabled) throw disabled();
    const isNewUser = !user;
    if (!user) user = await createUser(app.id, { email, full_name: identity.name, is_verified: true, created_by: email });
    else if (!user.is_verified) user = await AppUsers.update(app.id, user.id, {}, { is_verified: true });
    return { token: await Tokens.signApp(app.id, user.id, user.email), isNewUser };
  }

  /** The preview's identity: the builder as an admin user of the app they are editing. */
  export async function runtimeToken(app: AppMeta, builder: User): Promise<string> {
    const user = await AppUsers.ensureBuilder(app, builder);
    return Tokens.signApp(app.id, user.id, user.email);
  }

  async function createUser(appId: string, input: AppUsers.NewAppUser): Promise<AppUser> {
    try {
      return await AppUsers.create(appId, input);
    } catch (err) {
      // A parallel request created the same e-mail first: use theirs.
      const raced = err instanceof VisibleError && err.kind === "conflict" ? await AppUsers.byEmail(appId, input.email) : undefined;
      if (raced) return raced;
      throw err;
    }
  }

  const pendingFields = ["pending_password_hash", "pending_full_name", "pending_contested"] as const;

  /** The code last sent can still be entered. */
  const codeIsLive = (creds: Credentials) => Boolean(creds.otp_hash) && (creds.otp_expires_at ?? 0) > Date.now() && (creds.otp_attempts ?? 0) < OTP_MAX_ATTEMPTS;

  /** A resend waits RESEND_INTERVAL_SECONDS unless the last code is spent or expired. */
  function assertResendWaited(creds: Credentials) {
    const wait = codeIsLive(creds) ? Math.ceil(((creds.otp_sent_at ?? 0) + RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000) : 0;
    if (wait > 0) throw new VisibleError("rate_limited", `Please wait ${wait} seconds before requesting a new code.`);
  }

  /** Code e-mails are capped per hour for each client, and for the address from all clients together. */
  async function issueCode(app: AppMeta, user: AppUser, extra: Credentials, remove: (keyof Credentials)[] = []) {
    const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
    const now = Date.now();
    await writeCredentials(
      app.id,
      user.id,
      { ...extra, otp_hash: otpHash(app.id, user.id, code), otp_expires_at: now + OTP_TTL_MINUTES * 60_000, otp_attempts: 0, otp_sent_at: now },
      remove,
    );
    await Mail.send({
      to: user.email,
      subject: `Your verification code for ${app.name}`,
      text: `Your verification code for ${app.name} is ${code}.\n\nIt expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    });
  }

  /** Keyed with the server secret: a leaked table does not give the 6-digit codes away to a quick search. */
  const otpHash = (appId: string, userId: string, code: string) => createHmac("sha256", Config.authSecret).update(`otp:${appId}:${userId}:${code}`).digest("hex");
  const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  async function credentials(appId: string, userId: string): Promise<Credentials | undefined> {
    return (await AppUsers.credentials(appId, userId)) as Credentials | undefined;
  }

  /** Set and remove credential fields; with a condition, answers false when it no longer holds. */
  function writeCredentials(
    appId: string,
    userId: string,
    set: Credentials,
    remove: (keyof Credentials)[] = [],
    condition?: { expression: string; values: Record<string, unknown> },
  ): Promise<boolean> {
    return setFields(Keys.appUserCredentials(appId, userId), set, remove, condition);
  }
}
