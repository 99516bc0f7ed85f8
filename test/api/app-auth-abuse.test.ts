import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTER_PROOF_HEADER, VIEWER_ADDRESS_HEADER } from "../../lib/viewer-address";
import { type Answer, apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * An app's sign-in under attack (issue 8): rate limits that hold under concurrency and are
 * bound to the client as well as the account, and registrations that never give an account a
 * password its mailbox's owner did not choose. Other clients are other loopback addresses
 * (127.0.0.x): the gateway sees each as its own source address, as API Gateway would.
 */

let admin: string;
let builder: string;
let appId: string;

/** POST a JSON body to the stack from the loopback address `from`. */
function fromClient(from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, apiUrl());
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname === "localhost" ? "127.0.0.1" : url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from, headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(data) } },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: new Headers() }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

const auth = (path: string, body: unknown, from = "127.0.0.1") => fromClient(from, `/api/apps/${appId}/auth/${path}`, body);
const statuses = (answers: Answer[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

async function newestMail(email: string): Promise<string> {
  const res = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: admin });
  return (res.body as { text: string }[])[0]?.text ?? "";
}
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? "";

/** Poll until `attempt` answers 200; fails after `ms`. */
async function eventually(attempt: () => Promise<Answer>, ms: number): Promise<Answer[]> {
  const seen: Answer[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await attempt();
    seen.push(res);
    if (res.status === 200 || Date.now() > deadline) return seen;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  const owner = await signedIn("abuse-owner");
  builder = owner.token;
  appId = (await builtApp(builder, "A plant watering tracker")).id;
  expect((await call("PUT", `/api/apps/${appId}`, { token: builder, body: { public_settings: "public_with_login" } })).status).toBe(200);
  await enablePasswordSignIn(appId, builder);
}, 60_000);

describe("sign-in limits are taken before the password is checked, per client as well as per account", () => {
  it("80 concurrent wrong passwords: exactly 10 are checked, 70 are refused with 429", async () => {
    const user = await appMember(appId);
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => auth("login", { email: user.email, password: `wrong guess ${i}` })));
    expect(statuses(answers)).toEqual({ 400: 10, 429: 70 });
    expect(answers.find((a) => a.status === 429)!.body.detail).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
    expect((await auth("login", { email: user.email, password: "correct horse" })).status).toBe(429);
    // another client, the owner's own, is not locked out by this one's guesses
    expect((await auth("login", { email: user.email, password: "correct horse" }, "127.0.0.3")).status).toBe(200);
  });

  it("a stranger's guesses do not lock the owner out", async () => {
    const user = await appMember(appId);
    const stranger = await Promise.all(Array.from({ length: 15 }, (_, i) => auth("login", { email: user.email, password: `guess ${i}` }, "127.0.0.2")));
    expect(statuses(stranger)).toEqual({ 400: 10, 429: 5 });
    expect((await auth("login", { email: user.email, password: "correct horse" })).status).toBe(200);
  });

  it("a caller naming its own viewer address (the routers' header, a made-up proof) is still counted under its source address", async () => {
    const user = await appMember(appId);
    const login = (i: number) => fromClient("127.0.0.22", `/api/apps/${appId}/auth/login`, { email: user.email, password: `guess ${i}` }, { [VIEWER_ADDRESS_HEADER]: `10.0.0.${i}`, [ROUTER_PROOF_HEADER]: "made-up" });
    expect(statuses(await Promise.all(Array.from({ length: 12 }, (_, i) => login(i))))).toEqual({ 400: 10, 429: 2 });
  });

  it("successful sign-ins do not add up to a lock", async () => {
    const user = await appMember(appId);
    for (let i = 0; i < 12; i++) expect((await auth("login", { email: user.email, password: "correct horse" })).status).toBe(200);
  });

  it("guesses from many clients slow the account down with a growing wait, never a lock", async () => {
    const user = await appMember(appId);
    const answers: Answer[] = [];
    for (let client = 10; client < 14; client++) {
      for (let i = 0; i < 10; i++) answers.push(await auth("login", { email: user.email, password: `guess ${client}.${i}` }, `127.0.0.${client}`));
    }
    expect(answers.slice(0, 31).every((a) => a.status === 400)).toBe(true);
    const waits = answers.filter((a) => a.status === 429);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0].body.detail).toBe("Too many sign-in attempts for this account. Please wait a moment and try again.");
    const owner = await eventually(() => auth("login", { email: user.email, password: "correct horse" }, "127.0.0.20"), 15_000);
    expect(owner.at(-1)!.status).toBe(200);
    expect(owner.every((a) => a.status === 200 || a.body.detail === waits[0].body.detail)).toBe(true);
  });
});

describe("reset requests are limited per client and atomically", () => {
  it("80 concurrent requests from one client: exactly 5 are served; a stranger's do not stop the owner's", async () => {
    const user = await appMember(appId);
    const answers = await Promise.all(Array.from({ length: 80 }, () => auth("reset-password-request", { email: user.email }, "127.0.0.4")));
    expect(statuses(answers)).toEqual({ 200: 5, 429: 75 });
    const mine = await auth("reset-password-request", { email: user.email });
    expect(mine.status).toBe(200);
  });
});

describe("a registration never gives an account a password its mailbox's owner did not choose", () => {
  /** Register, then verify with the newest code in the mailbox, as the owner reading their mail would. */
  const verifyNewest = async (email: string) => auth("verify-otp", { email, otp_code: codeIn(await newestMail(email)) });

  it("a stranger registers an invited address first: the owner still registers at once, and neither password works until the owner sets one", async () => {
    const email = uniqueEmail("invited");
    expect((await call("POST", `/api/apps/${appId}/users/invite-user`, { token: builder, body: { user_email: email } })).status).toBe(200);
    expect((await auth("register", { email, password: "stranger's choice" }, "127.0.0.5")).status).toBe(200);
    expect((await auth("register", { email, password: "owner's choice" })).status).toBe(200);
    const verified = await verifyNewest(email);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, password_set: false });
    expect(verified.body.message).toContain("no password was set");
    expect((await auth("login", { email, password: "stranger's choice" })).status).toBe(400);
    expect((await auth("login", { email, password: "owner's choice" })).status).toBe(400);

    expect((await auth("reset-password-request", { email })).status).toBe(200);
    const token = decodeURIComponent((await newestMail(email)).match(/reset-password\?token=(\S+)/)![1]);
    expect((await auth("reset-password", { reset_token: token, new_password: "owner's choice" })).status).toBe(200);
    expect((await auth("login", { email, password: "owner's choice" })).status).toBe(200);
    expect((await auth("login", { email, password: "stranger's choice" }, "127.0.0.5")).status).toBe(400);
  });

  it("a stranger registers after the owner: the owner's code then sets no password either, and the stranger's never works", async () => {
    const email = uniqueEmail("owner");
    expect((await auth("register", { email, password: "owner's choice", full_name: "Olive Owner" })).status).toBe(200);
    expect((await auth("register", { email, password: "stranger's choice", full_name: "Mallory" }, "127.0.0.6")).status).toBe(200);
    const verified = await verifyNewest(email);
    expect(verified.body.message).toContain("no password was set");
    expect((await auth("login", { email, password: "stranger's choice" }, "127.0.0.6")).status).toBe(400);
    const me = await call("GET", `/api/apps/${appId}/entities/User/me`, { token: verified.body.access_token });
    expect(me.body.full_name).toBeNull();
  });

  it("one owner registering twice with the same password still gets it, and their name", async () => {
    const email = uniqueEmail("twice");
    expect((await auth("register", { email, password: "same password", full_name: "Tess Twice" })).status).toBe(200);
    expect((await auth("register", { email, password: "same password", full_name: "Tess Twice" })).status).toBe(200);
    const verified = await verifyNewest(email);
    expect(verified.body).toMatchObject({ message: "Email verified successfully", password_set: true });
    const login = await auth("login", { email, password: "same password" });
    expect(login.status).toBe(200);
    expect(login.body.user.full_name).toBe("Tess Twice");
  });

  it("an unverified registration is never a way in, and a stranger's five do not use up the owner's codes", async () => {
    const email = uniqueEmail("pending");
    for (let i = 0; i < 5; i++) expect((await auth("register", { email, password: `stranger ${i} pass` }, "127.0.0.7")).status).toBe(200);
    expect((await auth("register", { email, password: "stranger 5 pass" }, "127.0.0.7")).status).toBe(429);
    expect((await auth("login", { email, password: "stranger 4 pass" }, "127.0.0.7")).status).toBe(400);
    expect((await auth("register", { email, password: "owner's choice" })).status).toBe(200);
  });
});
