/**
 * `npm run team`: Kiln for a team on one server. The same stack as `npm start` (stacks/local/stack.ts)
 * with password sign-in instead of the identity page, no `/api/local/*`, everything kept under one
 * data folder, on loopback behind a reverse proxy that holds the TLS certificate.
 */
import { dataDirOf } from "./data-dir";

export interface TeamSettings {
  /** DynamoDB Local's files, s3rver's folder, the auth secret and the stand-ins' state: what a backup holds */
  dataDir: string;
  /** the addresses people open, when a reverse proxy stands in front */
  publicUrls?: { webUrl: string; appsUrl: string };
  /** single sign-on with the team's OIDC provider (OIDC_*), beside the password */
  oidc?: OidcSettings;
  /** the e-mail domains a new account may have (KILN_SIGNUP_DOMAINS); absent: anyone may sign up */
  signupDomains?: string[];
}

/** A team's OIDC provider and Kiln's client at it; the secret goes to the server's handlers only. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the login screen's button */
  name: string;
}

const OIDC_VARS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
const DEFAULT_OIDC_NAME = "Continue with single sign-on";
/** one e-mail domain: labels of letters, digits and inner hyphens, and a top-level name */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The team's settings from the environment; a message for the operator when one is wrong. */
export function teamSettings(root: string): TeamSettings | string {
  const signIn = signInSettings(process.env);
  if (typeof signIn === "string") return signIn;
  const dataDir = dataDirOf(root, true);
  const web = process.env.KILN_PUBLIC_URL?.trim();
  const apps = process.env.KILN_APPS_URL?.trim();
  if (!web && !apps) return { dataDir, ...signIn };
  if (!web || !apps) return "set both KILN_PUBLIC_URL (e.g. https://kiln.example.com) and KILN_APPS_URL (e.g. https://{host}.apps.example.com), or neither.";
  if (!isOrigin(web)) return `KILN_PUBLIC_URL must be an origin like https://kiln.example.com, not "${web}".`;
  if (!apps.includes("{host}") || !isOrigin(apps.replace("{host}", "app"))) return `KILN_APPS_URL must be an origin with {host} in it, like https://{host}.apps.example.com, not "${apps}".`;
  return { dataDir, publicUrls: { webUrl: web.replace(/\/$/, ""), appsUrl: apps.replace(/\/$/, "") }, ...signIn };
}

/**
 * How people sign in beyond the password: the OIDC provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, all
 * three or none; OIDC_NAME the button) and the sign-up limit (KILN_SIGNUP_DOMAINS); a message for the operator when
 * one is wrong, which never quotes the client secret.
 */
export function signInSettings(env: Record<string, string | undefined>): Pick<TeamSettings, "oidc" | "signupDomains"> | string {
  const settings: Pick<TeamSettings, "oidc" | "signupDomains"> = {};
  const [issuer, clientId, clientSecret] = OIDC_VARS.map((name) => env[name]?.trim() ?? "");
  const name = env.OIDC_NAME?.trim();
  const missing = OIDC_VARS.filter((_, i) => ![issuer, clientId, clientSecret][i]);
  if (missing.length < OIDC_VARS.length || name) {
    if (missing.length) return `single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set.`;
    if (!isIssuer(issuer)) return `OIDC_ISSUER must be the provider's https address, like https://example.okta.com (plain http only on this machine), not "${issuer}".`;
    if (/\s/.test(clientId) || clientId.length > 512) return "OIDC_CLIENT_ID must be the client id the provider gave Kiln (no spaces).";
    if (clientSecret.length > 1024) return "OIDC_CLIENT_SECRET is longer than any client secret (1,024 characters).";
    if (name !== undefined && name.length > 60) return "OIDC_NAME, the sign-in button's label, must be at most 60 characters.";
    settings.oidc = { issuer: issuer.replace(/\/$/, ""), clientId, clientSecret, name: name || DEFAULT_OIDC_NAME };
  }
  const domains = env.KILN_SIGNUP_DOMAINS;
  if (domains !== undefined && domains.trim()) {
    const listed = domains.split(",").map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean);
    const wrong = listed.find((d) => !DOMAIN.test(d));
    if (wrong !== undefined || !listed.length)
      return `KILN_SIGNUP_DOMAINS must list e-mail domains separated by commas, like example.com,example.org${wrong !== undefined ? `; "${wrong}" is not one` : ""}.`;
    settings.signupDomains = [...new Set(listed)];
  }
  return settings;
}

/** An issuer's address: https, or http on this machine (a provider beside Kiln); no query or fragment (OpenID Connect Discovery §2). */
function isIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = url.hostname === "localhost" || url.hostname === "[::1]" || /^127\./.test(url.hostname);
    return (url.protocol === "https:" || (url.protocol === "http:" && loopback)) && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * A team's box delivers e-mail through the SMTP server in SMTP_URL (functions/core/mail.ts). Without one, Kiln keeps
 * its e-mail in the table's outbox and a team's Kiln has no outbox page (`/api/local/*` is off), so each new e-mail
 * (sign-up and sign-in codes among them) is printed to the server's log for the operator to pass on, after a warning.
 * Answers a stop.
 */
export async function printOutbox(log: (line: string) => void, everyMs = 2_000): Promise<() => void> {
  const { Mail } = await import("../../functions/core/mail.ts");
  if (mailDelivered()) return () => undefined;
  log("\n  Warning: e-mail is not configured (SMTP_URL, MAIL_FROM): e-mails, the sign-in codes among them, are printed here.");
  const newest = async () => (await Mail.outbox(50)) as { id: string; to: string; subject: string; text: string }[];
  let seen = (await newest())[0]?.id ?? "";
  let stopped = false;
  const tick = async () => {
    const fresh = (await newest()).filter((m) => m.id > seen).reverse();
    for (const mail of fresh) log(`\n  E-mail to ${mail.to}: ${mail.subject}\n    ${mail.text.replace(/\n/g, "\n    ")}\n`);
    if (fresh.length) seen = fresh[fresh.length - 1].id;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch((err: unknown) => log(`Could not read the outbox: ${(err as Error).message}`));
  }, everyMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

export function teamBanner(url: string, settings: TeamSettings, readyMs: number): string {
  const opened = settings.publicUrls?.webUrl ?? url;
  return `
  Kiln for a team is running at ${url}${settings.publicUrls ? `, reached through your proxy at ${opened}` : ""}   (ready in ${(readyMs / 1000).toFixed(1)} s)

  People sign up and sign in at ${opened}/login with e-mail, password and a code sent by e-mail${settings.oidc ? `,\n  or with "${settings.oidc.name}" (${settings.oidc.issuer}; its redirect URI: ${opened}/api/auth/oidc/callback)` : ""}.
  ${settings.signupDomains ? `New accounts must be at ${settings.signupDomains.join(", ")}. ` : ""}The first account to sign up becomes the platform admin.
  ${mailDelivered() ? "E-mails (the codes among them) go out through the SMTP server in SMTP_URL." : "E-mails (the codes among them) are printed here: set SMTP_URL and MAIL_FROM to send them."}
  Data and secrets live in ${settings.dataDir}: back it up with \`npm run backup -- <file>\` after stopping Kiln.
  Ctrl-C stops everything.
`;
}

/** Whether e-mail leaves this box (SMTP_URL is set; the stack has refused a malformed one at start-up). */
function mailDelivered(): boolean {
  return !!process.env.SMTP_URL?.trim();
}
