import { loadResourceEnvironment } from "sst/resource/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VisibleError } from "../../functions/core/errors";
import { Mail } from "../../functions/core/mail";
import { type SmtpInbox, startSmtpInbox } from "../fixtures/smtp-inbox";

/**
 * E-mail over SMTP on one machine (`SMTP_URL`, functions/core/mail.ts): Mail.send against a real SMTP server on
 * 127.0.0.1, and what the operator and the caller see when that server does not take a message.
 */

const USER = "kiln";
const PASSWORD = "pa55:w@rd-never-shown";
const FROM = "Team Kiln <kiln@team.test>";
const urlWith = (port: number, password = PASSWORD) => `smtp://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

let inbox: SmtpInbox;
const logged: string[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox({ user: USER, password: PASSWORD });
  const env = {
    SST_RESOURCE_App: JSON.stringify({ name: "kiln", stage: "test" }),
    SST_RESOURCE_Kiln: JSON.stringify({ local: true, webUrl: "http://localhost:9", appsUrl: "http://{host}.localhost:9", socketUrl: "ws://x", mailFrom: FROM, cognito: null }),
  };
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  loadResourceEnvironment(env);
});

afterEach(() => {
  inbox.refuse(null);
  logged.length = 0;
  vi.restoreAllMocks();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await inbox.close();
});

/** console.error's lines during `run`, as the operator's log shows them. */
function watchLog() {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
}

describe("Mail.send with SMTP_URL set", () => {
  it("delivers the message to the SMTP server with its To, From, Subject and text, signed in with the URL's user", async () => {
    vi.stubEnv("SMTP_URL", urlWith(inbox.port));
    await Mail.send({ to: "ana@team.test", subject: "Your verification code for Kiln", text: "Your verification code for Kiln is 123456.\n\nIt expires soon." });
    const mail = inbox.received.at(-1)!;
    expect(mail.envelope).toEqual({ from: "kiln@team.test", to: ["ana@team.test"] });
    expect([mail.headers.to, mail.headers.from, mail.headers.subject]).toEqual(["ana@team.test", FROM, "Your verification code for Kiln"]);
    expect(mail.text).toBe("Your verification code for Kiln is 123456.\n\nIt expires soon.");
  });

  it("sends an app's e-mail under the app's name from Kiln's address (no name adds one), with its HTML beside the text", async () => {
    vi.stubEnv("SMTP_URL", urlWith(inbox.port));
    await Mail.send({ to: "bo@team.test", subject: "Hello", text: "Hi <b>Bo</b>", html: "Hi <b>Bo</b>", fromName: 'Shop, "Inc" <evil@x.test>' });
    const mail = inbox.received.at(-1)!;
    expect(mail.headers.from).toBe('"Shop, Inc <evil@x.test>" <kiln@team.test>');
    expect(mail.envelope).toEqual({ from: "kiln@team.test", to: ["bo@team.test"] });
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.text).toBe("Hi <b>Bo</b>");
  });

  it("answers a recipient the server turns away with a clear error, and logs the recipient and the server's reply", async () => {
    vi.stubEnv("SMTP_URL", urlWith(inbox.port));
    inbox.refuse("No such mailbox here");
    watchLog();
    const failed = await Mail.send({ to: "nobody@team.test", subject: "Hi", text: "Hi" }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(VisibleError);
    expect([(failed as VisibleError).status, (failed as VisibleError).message]).toEqual([
      502,
      "The e-mail could not be sent: the mail server did not accept it. Please try again later.",
    ]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("nobody@team.test");
    expect(logged[0]).toContain(`127.0.0.1:${inbox.port}`);
    expect(logged[0]).toContain("550 No such mailbox here");
  });

  it("never shows SMTP_URL's password, not even when the server repeats it in its refusal", async () => {
    const wrong = "wr0ng:p@ss-from-the-url";
    vi.stubEnv("SMTP_URL", urlWith(inbox.port, wrong));
    watchLog();
    const failed = await Mail.send({ to: "cy@team.test", subject: "Hi", text: "Hi" }).catch((err: unknown) => err);
    expect((failed as VisibleError).status).toBe(502);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("cy@team.test");
    expect(logged[0]).toContain(`535 Authentication failed for ${USER}:***`);
    for (const shown of [logged[0], (failed as Error).message]) {
      expect(shown).not.toContain(wrong);
      expect(shown).not.toContain(encodeURIComponent(wrong));
    }
  });

  it("answers a server nobody listens at with the same clear error, and logs why", async () => {
    const closed = await startSmtpInbox({ user: USER, password: PASSWORD });
    await closed.close();
    vi.stubEnv("SMTP_URL", urlWith(closed.port));
    watchLog();
    const failed = await Mail.send({ to: "di@team.test", subject: "Hi", text: "Hi" }).catch((err: unknown) => err);
    expect((failed as VisibleError).kind).toBe("upstream");
    expect(logged[0]).toMatch(/di@team\.test.*ECONNREFUSED/);
    expect(logged[0]).not.toContain(PASSWORD);
  });
});

describe("SMTP_URL and MAIL_FROM as the operator writes them", () => {
  it("reads the server to show (host and port, the protocol's port when none is written) and the password to hide", () => {
    expect(Mail.smtpServerOf({})).toBeUndefined();
    expect(Mail.smtpServerOf({ SMTP_URL: "smtps://me%40x.com:s%3Acret@smtp.example.com" })).toEqual({
      url: "smtps://me%40x.com:s%3Acret@smtp.example.com",
      server: "smtp.example.com:465",
      password: "s:cret",
    });
    expect(Mail.smtpServerOf({ SMTP_URL: "smtp://relay.example.com" })).toMatchObject({ server: "relay.example.com:587", password: "" });
  });

  it("refuses a malformed SMTP_URL with a message that does not repeat it", () => {
    for (const url of ["https://me:hunter2@smtp.example.com", "smtp://me:hunter2@smtp.example.com/inbox", "me:hunter2 at smtp.example.com"]) {
      const problem = Mail.smtpServerOf({ SMTP_URL: url });
      expect(problem, url).toMatch(/^SMTP_URL must look like smtps:\/\/user:password@smtp\.example\.com:465/);
      expect(problem).not.toContain("hunter2");
    }
  });

  it("takes one address, with or without a name, as MAIL_FROM", () => {
    expect(Mail.senderProblem("Kiln <kiln@example.com>")).toBeUndefined();
    expect(Mail.senderProblem("kiln@example.com")).toBeUndefined();
    for (const bad of ["Kiln", "a@example.com, b@example.com", "Kiln <kiln>"]) expect(Mail.senderProblem(bad), bad).toMatch(/^MAIL_FROM must be one e-mail address/);
  });
});
