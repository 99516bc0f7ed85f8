import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { DomainMessages } from "../../schemas/domains";
import { apiUrl, builtApp, call, signedIn, tokenFor, useStackLinks } from "./helpers";

/**
 * Custom domains (spec 02 §2–§8) against the real handlers, the local stack's DNS stand-in
 * (stacks/local/dns) and its server: a domain verifies only once DNS points at this Kiln, and then
 * the stack answers its host with the published app.
 */

let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let app: { id: string; slug: string; name: string };

const setTier = (userId: string, tier: string) => call("POST", `/api/auth/${userId}/update-user`, { token: admin, body: { subscription_tier: tier } });
const dns = (domain: string, records: { cname?: string[]; a?: string[]; aaaa?: string[] }) => call("PUT", `/api/local/dns/${domain}`, { body: records });
const add = (domain: string, appId = app.id, token = owner.token) => call("POST", "/api/custom-domains", { token, body: { domain, app_id: appId } });
const act = (id: string, action: "verify" | "status" | "unlink" | "link", token = owner.token) => call("POST", `/api/custom-domains/${id}/${action}`, { token });
const listOf = async (appId = app.id) => (await call("GET", `/api/custom-domains?app_id=${appId}`, { token: owner.token })).body;

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
    const list = await listOf();
    expect(list.guidance).toEqual({ cname_target: "apps.localhost", a_records: ["127.0.0.1"] });
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

  it("verifies only once DNS points here: elsewhere is an Error, AAAA records must go, then Verified and the host serves the published app", async () => {
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
    const verified = await act(id, "verify");
    expect(verified.body.last_status_payload).toMatchObject({ verificationStatus: "verified", records: { a: ["127.0.0.1"], aaaa: [] } });
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
    useStackLinks();
    const { handlers } = await import("../../functions/cron");
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
    expect((await act(kept.body.id, "verify", small.token)).body.last_status_payload.verificationStatus).toBe("verified");
    expect((await lookup("downgraded.example.test")).status).toBe(200);
    await setTier(small.user.id, "free");
    expect((await act(kept.body.id, "verify", small.token)).status).toBe(402);
    expect((await lookup("downgraded.example.test")).status).toBe(404);
    expect((await call("GET", `/api/custom-domains?app_id=${smallApp.id}`, { token: small.token })).body.domains).toHaveLength(1);
    expect((await call("DELETE", `/api/custom-domains/${kept.body.id}`, { token: small.token })).status).toBe(200);
  });
});
