import http from "node:http";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { DomainMessages, takenUnverified } from "../../schemas/domains";
import { apiUrl, builtApp, call, signedIn, tokenFor, useStackLinks } from "./helpers";

/**
 * Custom domains (spec 02 §2–§8) against the real handlers, the local stack's DNS stand-in
 * (stacks/local/dns) and its server: a domain verifies only once DNS points at this Kiln and holds the
 * app's TXT value at `_kiln-challenge.<domain>`, and then the stack answers its host with the published app.
 */

let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let app: { id: string; slug: string; name: string };

const setTier = (userId: string, tier: string) => call("POST", `/api/auth/${userId}/update-user`, { token: admin, body: { subscription_tier: tier } });
const dns = (domain: string, records: { cname?: string[]; a?: string[]; aaaa?: string[]; txt?: string[] }) => call("PUT", `/api/local/dns/${domain}`, { body: records });
const add = (domain: string, appId = app.id, token = owner.token) => call("POST", "/api/custom-domains", { token, body: { domain, app_id: appId } });
const act = (id: string, action: "verify" | "status" | "unlink" | "link", token = owner.token) => call("POST", `/api/custom-domains/${id}/${action}`, { token });
const listOf = async (appId = app.id, token = owner.token) => (await call("GET", `/api/custom-domains?app_id=${appId}`, { token })).body;
/** The app's TXT value, as the Domains view shows it. */
const tokenOf = async (appId = app.id, token = owner.token): Promise<string> => (await listOf(appId, token)).verification.txt_value;
/** The ownership record at `_kiln-challenge.<domain>` in the DNS stand-in. */
const txt = (domain: string, values: string[]) => dns(`_kiln-challenge.${domain}`, { txt: values });
/** A second owner on the Builder plan with an app of their own. */
async function secondOwner(label: string) {
  const who = await signedIn(label);
  expect((await setTier(who.user.id, "builder")).status).toBe(200);
  return { ...who, app: await builtApp(who.token, "A reading list") };
}

/** A request to the stack's own port as a browser on that host name sends it (Host header and all). */
function onHost(host: string, path: string): Promise<{ status: number; body: any }> {
  const { port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers: { host: `${host}:${port}` } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text.startsWith("{") ? JSON.parse(text) : text }));
    });
    req.on("error", reject);
    req.end();
  });
}
const lookup = (host: string) => onHost(host, `/api/apps/public/prod/domain/${host}`);

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("domains-owner");
  expect((await setTier(owner.user.id, "builder")).status).toBe(200);
  app = await builtApp(owner.token, "A to-do list");
  expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
  expect((await call("POST", `/api/apps/${app.id}/deploy`, { token: owner.token })).status).toBe(200);
}, 90_000);

describe("custom domains", () => {
  it("adds a domain lower-cased and trimmed, pending until DNS has records, listed with this deployment's DNS guidance", async () => {
    const created = await add("  Shop.Example.TEST ");
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ domain: "shop.example.test", app_id: app.id, purchase_info: { purchase_time: null, unlinked: false } });
    expect(created.body.last_status_payload).toMatchObject({ verificationStatus: "pending", records: { cname: [], a: [], aaaa: [] } });
    expect(created.body.last_status_payload.message).toMatch(/No DNS records for shop\.example\.test yet/);
    expect(created.body).toMatchObject({ verified_at: null, release_at: new Date(Date.parse(created.body.created_date) + 7 * 86_400_000).toISOString() });
    const list = await listOf();
    expect(list.guidance).toEqual({ cname_target: "apps.localhost", a_records: ["127.0.0.1"] });
    expect(list.verification).toEqual({ txt_label: "_kiln-challenge", txt_value: expect.stringMatching(/^kiln-verify=[0-9a-f]{32}$/) });
    expect(await tokenOf()).toBe(list.verification.txt_value);
    expect(list.domains.map((d: { domain: string }) => d.domain)).toContain("shop.example.test");
    expect((await lookup("shop.example.test")).status).toBe(404);
  });

  it("refuses what is not a domain, a name already taken, Kiln's own host names and another owner's app", async () => {
    for (const bad of ["", "   ", "https://example.test/shop", "example", "shop.example.test:8080", "a..b.test"]) {
      const res = await add(bad);
      expect(res.status, bad).toBe(400);
    }
    const taken = await add("SHOP.example.test");
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(DomainMessages.TAKEN);
    expect((await add(`${app.slug}.localhost`)).status).toBe(400);
    expect((await add("x.apps.localhost")).status).toBe(400);
    const stranger = await signedIn("domains-stranger");
    expect((await add("stranger.example.test", app.id, stranger.token)).status).toBe(403);
    const { id } = (await listOf()).domains.find((d: { domain: string }) => d.domain === "shop.example.test");
    expect((await act(id, "verify", stranger.token)).status).toBe(403);
    expect((await call("DELETE", `/api/custom-domains/${id}`, { token: stranger.token })).status).toBe(403);
    expect((await act("01jnosuchdomain0000000000", "verify")).status).toBe(404);
  });

  it("verifies only once DNS points here and has the app's TXT value: elsewhere is an Error, AAAA records must go, then Verified and the host serves the published app", async () => {
    const { id } = (await listOf()).domains.find((d: { domain: string }) => d.domain === "shop.example.test");
    expect((await dns("shop.example.test", { a: ["10.0.0.9"] })).status).toBe(200);
    const elsewhere = await act(id, "verify");
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.last_status_payload).toMatchObject({ verificationStatus: "error", records: { a: ["10.0.0.9"] } });
    expect(elsewhere.body.last_status_payload.message).toBe("shop.example.test points at A 10.0.0.9, not at apps.localhost or 127.0.0.1.");
    expect((await lookup("shop.example.test")).status).toBe(404);

    await dns("shop.example.test", { a: ["127.0.0.1"], aaaa: ["2001:db8::1"] });
    const ipv6 = await act(id, "status");
    expect(ipv6.body.last_status_payload.verificationStatus).toBe("error");
    expect(ipv6.body.last_status_payload.message).toMatch(/^Remove the AAAA records of shop\.example\.test \(2001:db8::1\)/);

    await dns("shop.example.test", { a: ["127.0.0.1"] });
    const noTxt = await act(id, "verify");
    expect(noTxt.body.last_status_payload.verificationStatus).toBe("pending");
    expect(noTxt.body.last_status_payload.message).toBe(
      "shop.example.test points at this Kiln. Add the TXT record _kiln-challenge.shop.example.test with this app's verification value to prove it is yours.",
    );
    expect((await lookup("shop.example.test")).status).toBe(404);

    await txt("shop.example.test", [await tokenOf()]);
    const verified = await act(id, "verify");
    expect(verified.body.last_status_payload).toMatchObject({ verificationStatus: "verified", records: { a: ["127.0.0.1"], aaaa: [], txt: [await tokenOf()] } });
    expect(verified.body.last_status_payload.message).toBe("shop.example.test points at this Kiln, and its TXT record proves it is yours.");
    expect(verified.body).toMatchObject({ verified_at: expect.any(String), release_at: null });
    expect(verified.body.last_status_check).toEqual(expect.any(String));
    expect((await act(id, "status")).body.last_status_payload.verificationStatus).toBe("verified");

    const found = await lookup("shop.example.test");
    expect(found).toMatchObject({ status: 200, body: { app_id: app.id, slug: app.slug } });
    const published = await onHost("shop.example.test", `/api/apps/public/prod/by-id/${app.id}`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: app.id, name: app.name });
    expect(Object.keys(published.body.files).some((p) => p.startsWith("pages/"))).toBe(true);
  });

  it("a www CNAME to the target verifies", async () => {
    const created = await add("www.cname-shop.example.test");
    await dns("www.cname-shop.example.test", { cname: ["apps.localhost"] });
    await txt("www.cname-shop.example.test", [await tokenOf()]);
    const verified = await act(created.body.id, "verify");
    expect(verified.body.last_status_payload).toMatchObject({ verificationStatus: "verified", records: { cname: ["apps.localhost"] } });
  });

  it("unlink stops serving the domain and keeps it listed; link serves it again", async () => {
    const { id } = (await listOf()).domains.find((d: { domain: string }) => d.domain === "shop.example.test");
    const unlinked = await act(id, "unlink");
    expect(unlinked.body.purchase_info.unlinked).toBe(true);
    expect((await lookup("shop.example.test")).status).toBe(404);
    expect((await listOf()).domains.find((d: { id: string }) => d.id === id).purchase_info.unlinked).toBe(true);
    expect((await act(id, "link")).body.purchase_info.unlinked).toBe(false);
    expect((await lookup("shop.example.test")).body.app_id).toBe(app.id);
  });

  it("the scheduled re-check verifies a waiting domain once its DNS is set", async () => {
    const created = await add("later.example.test");
    expect(created.body.last_status_payload.verificationStatus).toBe("pending");
    await dns("later.example.test", { a: ["127.0.0.1"] });
    await txt("later.example.test", [await tokenOf()]);
    useStackLinks();
    const { handlers } = await import("../../functions/cron/schedule");
    const run = await handlers.recheckDomains();
    expect(run.checked).toBeGreaterThanOrEqual(1);
    const after = (await listOf()).domains.find((d: { id: string }) => d.id === created.body.id);
    expect(after.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup("later.example.test")).body.app_id).toBe(app.id);
  });

  it("delete removes the domain and frees its name; deleting an app frees its domains", async () => {
    const created = await add("gone.example.test");
    expect((await call("DELETE", `/api/custom-domains/${created.body.id}`, { token: owner.token })).status).toBe(200);
    expect((await listOf()).domains.map((d: { id: string }) => d.id)).not.toContain(created.body.id);
    expect((await act(created.body.id, "verify")).status).toBe(404);
    expect((await add("gone.example.test")).status).toBe(201);

    const other = await builtApp(owner.token, "A reading list");
    expect((await add("freed.example.test", other.id)).status).toBe(201);
    expect((await call("DELETE", `/api/apps/${other.id}`, { token: owner.token })).status).toBe(200);
    expect((await add("freed.example.test")).status).toBe(201);
  });

  it("Buy Domain says plainly that no domain provider is configured", async () => {
    const res = await call("POST", "/api/apps/buy_domain/start", { token: owner.token, body: { appId: app.id, appName: app.name } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(DomainMessages.NO_PROVIDER);
  });

  it("Free and Starter owners are refused with 402, an admin too on their app; they may still list and delete", async () => {
    const small = await signedIn("domains-free");
    const smallApp = await builtApp(small.token, "A to-do list");
    for (const tier of ["free", "starter"]) {
      expect((await setTier(small.user.id, tier)).status).toBe(200);
      const res = await add(`${tier}.example.test`, smallApp.id, small.token);
      expect(res.status, tier).toBe(402);
      expect(res.body.detail).toBe(DomainMessages.NEEDS_PLAN);
      expect((await add(`${tier}.example.test`, smallApp.id, admin)).status).toBe(402);
      const buy = await call("POST", "/api/apps/buy_domain/start", { token: small.token, body: { appId: smallApp.id, appName: "x" } });
      expect(buy.status).toBe(402);
    }
    expect((await setTier(small.user.id, "builder")).status).toBe(200);
    const kept = await add("downgraded.example.test", smallApp.id, small.token);
    await dns("downgraded.example.test", { a: ["127.0.0.1"] });
    await txt("downgraded.example.test", [await tokenOf(smallApp.id, small.token)]);
    expect((await act(kept.body.id, "verify", small.token)).body.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup("downgraded.example.test")).status).toBe(200);
    await setTier(small.user.id, "free");
    expect((await act(kept.body.id, "verify", small.token)).status).toBe(402);
    expect((await lookup("downgraded.example.test")).status).toBe(404);
    expect((await call("GET", `/api/custom-domains?app_id=${smallApp.id}`, { token: small.token })).body.domains).toHaveLength(1);
    expect((await call("DELETE", `/api/custom-domains/${kept.body.id}`, { token: small.token })).status).toBe(200);
  });
});

describe("custom domains: proof of ownership by TXT (issue 21 item 8)", () => {
  let second: Awaited<ReturnType<typeof secondOwner>>;
  beforeAll(async () => {
    second = await secondOwner("domains-second");
  }, 60_000);

  it("the local DNS stand-in answers TXT only at a domain or its _kiln-challenge name, and refuses what is not a record", async () => {
    expect((await txt("probe.example.test", ["kiln-verify=abc"])).status).toBe(200);
    expect((await dns("_other.probe.example.test", { txt: ["x"] })).status).toBe(400);
    expect((await txt("probe.example.test", ["x".repeat(256)])).status).toBe(400);
    expect((await dns("probe.example.test", { txt: "kiln-verify=abc" as unknown as string[] })).status).toBe(400);
    expect((await txt("probe.example.test", [])).status).toBe(200);
  });

  it("a record left behind by a deleted domain lets another owner's app claim the name, but not verify it without its own TXT value", async () => {
    const name = "dangling.example.test";
    const first = await add(name);
    await dns(name, { a: ["127.0.0.1"] });
    await txt(name, [await tokenOf()]);
    expect((await act(first.body.id, "verify")).body.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup(name)).body.app_id).toBe(app.id);
    expect((await call("DELETE", `/api/custom-domains/${first.body.id}`, { token: owner.token })).status).toBe(200);

    // the A and TXT records stay behind, still pointing here
    const claimed = await add(name, second.app.id, second.token);
    expect(claimed.status).toBe(201);
    expect(claimed.body.last_status_payload.verificationStatus).toBe("error");
    expect(claimed.body.last_status_payload.message).toMatch(/^The TXT record _kiln-challenge\.dangling\.example\.test has "kiln-verify=[0-9a-f]{32}", not this app's verification value/);
    expect((await act(claimed.body.id, "status", second.token)).body.last_status_payload.verificationStatus).toBe("error");
    expect((await lookup(name)).status).toBe(404);

    await txt(name, [await tokenOf(second.app.id, second.token)]);
    expect((await act(claimed.body.id, "verify", second.token)).body.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup(name)).body.app_id).toBe(second.app.id);
  });

  it("a domain whose TXT value is not its app's does not serve, before verifying or after", async () => {
    const name = "wrong-txt.example.test";
    const other = "kiln-verify=00000000000000000000000000000000";
    const created = await add(name);
    await txt(name, [await tokenOf()]);
    const onlyTxt = await act(created.body.id, "verify");
    expect(onlyTxt.body.last_status_payload).toMatchObject({ verificationStatus: "pending", message: expect.stringMatching(/^The TXT record is in place; now point wrong-txt\.example\.test at this Kiln/) });

    await dns(name, { a: ["127.0.0.1"] });
    await txt(name, [other]);
    const wrong = await act(created.body.id, "verify");
    expect(wrong.body.last_status_payload).toMatchObject({ verificationStatus: "error", records: { a: ["127.0.0.1"], txt: [other] } });
    expect((await lookup(name)).status).toBe(404);

    await txt(name, [await tokenOf()]);
    expect((await act(created.body.id, "verify")).body.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup(name)).body.app_id).toBe(app.id);

    await txt(name, [other]);
    const changed = await act(created.body.id, "status");
    expect(changed.body.last_status_payload.verificationStatus).toBe("error");
    expect(changed.body.verified_at).toEqual(expect.any(String));
    expect((await lookup(name)).status).toBe(404);
  });

  it("another owner takes over a name held unverified only with their own TXT value, which releases the old claim; a proven name stays", async () => {
    const name = "held.example.test";
    const held = await add(name);
    expect(held.status).toBe(201);

    const refused = await add(name, second.app.id, second.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(takenUnverified(name));
    expect(refused.body.detail).toMatch(/^This domain is already connected to an app\. If the domain is yours, add the TXT record _kiln-challenge\.held\.example\.test/);

    const secondValue = await tokenOf(second.app.id, second.token);
    await txt(name, [secondValue]);
    const taken = await add(name, second.app.id, second.token);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.app_id).toBe(second.app.id);
    expect((await listOf()).domains.map((d: { id: string }) => d.id)).not.toContain(held.body.id);
    expect((await act(held.body.id, "verify")).status).toBe(404);

    await dns(name, { a: ["127.0.0.1"] });
    expect((await act(taken.body.id, "verify", second.token)).body.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup(name)).body.app_id).toBe(second.app.id);

    // the name is proven the second owner's: the first cannot take it back, even with their value beside it
    await txt(name, [secondValue, await tokenOf()]);
    const back = await add(name);
    expect(back.status).toBe(409);
    expect(back.body.detail).toBe(DomainMessages.TAKEN);
    expect((await lookup(name)).body.app_id).toBe(second.app.id);
  });

  it("the scheduled re-check releases a claim not verified within 7 days of being added, and keeps a younger one", async () => {
    const stale = await add("stale.example.test");
    const young = await add("young.example.test");
    useStackLinks();
    const [{ db, table }, { Keys }, { handlers }] = await Promise.all([import("../../functions/core/db"), import("../../functions/core/keys"), import("../../functions/cron/schedule")]);
    // eight days pass for the stale claim: added and last checked then (the job reads the oldest check first)
    const then = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.customDomain(stale.body.id),
        UpdateExpression: "SET created_date = :t, last_status_check = :t, gsi2sk = :s",
        ExpressionAttributeValues: { ":t": then, ":s": `${then}#${stale.body.id}` },
      }),
    );
    const run = await handlers.recheckDomains();
    expect(run.released).toBeGreaterThanOrEqual(1);
    const ids = (await listOf()).domains.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(stale.body.id);
    expect(ids).toContain(young.body.id);
    expect((await act(stale.body.id, "verify")).status).toBe(404);
    expect((await add("stale.example.test", second.app.id, second.token)).status).toBe(201);
  });
});
