import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { type SmtpInbox, startSmtpInbox } from "../fixtures/smtp-inbox";
import { PASSWORD, type TeamClient, teamClient } from "./team-client";

/**
 * A team's Kiln that delivers its e-mail (`npm run team` with SMTP_URL and MAIL_FROM, issue 23): a stack of its own
 * whose codes arrive at a real SMTP server on 127.0.0.1, as they would at the team's mail provider.
 */

const SMTP_USER = "kiln-box";
const SMTP_PASSWORD = "smtp-pa55word";
const MAIL_FROM = "Team Kiln <kiln@team.test>";
const CODE_SUBJECT = "Your verification code for Kiln";

let inbox: SmtpInbox;
let stack: StackProcess;
let kiln: TeamClient;

beforeAll(async () => {
  inbox = await startSmtpInbox({ user: SMTP_USER, password: SMTP_PASSWORD });
  const before = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
  // the stack's process starts with this environment, as `SMTP_URL=… MAIL_FROM=… npm run team` would
  Object.assign(process.env, { SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${inbox.port}`, MAIL_FROM });
  try {
    stack = await startLocalStackProcess({ seed: false, team: true });
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  kiln = teamClient(stack);
}, 120_000);

afterAll(async () => {
  kiln?.close();
  await stack?.stop();
  await inbox?.close();
});

/** The code in the last verification e-mail the SMTP server took for this address. */
function codeFor(email: string) {
  const mail = inbox.received.filter((m) => m.envelope.to.includes(email) && m.headers.subject === CODE_SUBJECT).at(-1);
  expect(mail, `a code e-mail for ${email}`).toBeDefined();
  return { mail: mail!, code: /is (\d{6})\./.exec(mail!.text)?.[1] ?? "" };
}

describe("a team's Kiln with SMTP_URL: e-mail goes out", () => {
  it("sends a sign-up's code through the SMTP server, from MAIL_FROM, and that code finishes the sign-up", async () => {
    const email = "gail@team.test";
    expect((await kiln.request("POST", "/api/auth/password/sign-up", { email, password: PASSWORD })).status).toBe(200);
    const { mail, code } = codeFor(email);
    expect([mail.headers.to, mail.headers.from, mail.headers.subject]).toEqual([email, MAIL_FROM, CODE_SUBJECT]);
    expect(mail.envelope).toEqual({ from: "kiln@team.test", to: [email] });
    expect(mail.text).toMatch(/^Your verification code for Kiln is \d{6}\.\n\nIt expires in \d+ minutes\./);
    const verified = await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code });
    expect(verified.status).toBe(200);
    expect((await kiln.me(verified.body.access_token)).email).toBe(email);
  });

  it("sends a sign-in's code the same way, and keeps nothing in the table's outbox", async () => {
    const email = "hal@team.test";
    expect((await kiln.request("POST", "/api/auth/password/sign-up", { email, password: PASSWORD })).status).toBe(200);
    expect((await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code: codeFor(email).code })).status).toBe(200);
    const signUpCode = codeFor(email).mail;
    expect((await kiln.request("POST", "/api/auth/password/sign-in", { email, password: PASSWORD })).status).toBe(200);
    const signIn = codeFor(email);
    expect(signIn.mail).not.toBe(signUpCode);
    expect((await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code: signIn.code })).status).toBe(200);
    await expect(kiln.lastCode(email)).rejects.toThrow(`no code was mailed to ${email}`);
  });

  it("answers a sign-up whose code the SMTP server turns away with a clear error, not a silent success", async () => {
    inbox.refuse("Mailbox unavailable");
    try {
      const email = "ida@team.test";
      const failed = await kiln.request("POST", "/api/auth/password/sign-up", { email, password: PASSWORD });
      expect([failed.status, failed.body.detail]).toEqual([502, "The e-mail could not be sent: the mail server did not accept it. Please try again later."]);
      expect(JSON.stringify(failed.body)).not.toContain(SMTP_PASSWORD);
      expect(inbox.received.some((m) => m.envelope.to.includes(email))).toBe(false);
      // once the server takes mail again, asking again delivers a code that works
      inbox.refuse(null);
      expect((await kiln.request("POST", "/api/auth/password/sign-up", { email, password: PASSWORD })).status).toBe(200);
      expect((await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code: codeFor(email).code })).status).toBe(200);
    } finally {
      inbox.refuse(null);
    }
  });
});
