import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { loadResourceEnvironment } from "sst/resource/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../schemas/user";

/**
 * Buy Domain's configuration (functions/core/domains/purchase.ts) with a domain provider configured:
 * Entri is a third party, so msw answers its token endpoint. The secret goes to Entri only; the
 * config carries Entri's token and this deployment's DNS records.
 */

const ENTRI = "https://entri.test";
const env = {
  SST_RESOURCE_App: JSON.stringify({ name: "kiln", stage: "test" }),
  SST_RESOURCE_CustomDomains: JSON.stringify({
    resolver: null,
    cnameTarget: "domains.apps.example",
    aRecords: ["203.0.113.7"],
    localControlUrl: null,
    entri: { applicationId: "kiln-app", secret: "entri-secret", apiUrl: ENTRI },
  }),
};

let asked: unknown[] = [];
let reply: () => Response = () => HttpResponse.json({ auth_token: "entri-jwt" });
const server = setupServer(
  http.post(`${ENTRI}/token`, async ({ request }) => {
    asked.push(await request.json());
    return reply();
  }),
);

let DomainPurchase: typeof import("../../functions/core/domains/purchase").DomainPurchase;
const user = { id: "u1" } as User;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  loadResourceEnvironment(env);
  ({ DomainPurchase } = await import("../../functions/core/domains/purchase"));
});
afterEach(() => {
  server.resetHandlers();
  asked = [];
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

const txt = { txt_label: "_kiln-challenge", txt_value: "kiln-verify=0123456789abcdef0123456789abcdef" };

describe("Buy Domain with Entri configured", () => {
  it("trades the application id and secret for Entri's token; the config has the token, never the secret, this deployment's records and the app's TXT value", async () => {
    const config = await DomainPurchase.start(user, txt);
    expect(asked).toEqual([{ applicationId: "kiln-app", secret: "entri-secret" }]);
    expect(config).toEqual({
      applicationId: "kiln-app",
      token: "entri-jwt",
      userId: "u1",
      dnsRecords: [
        { type: "CNAME", host: "www", value: "domains.apps.example", ttl: 300 },
        { type: "A", host: "@", value: "203.0.113.7", ttl: 300 },
        { type: "TXT", host: "_kiln-challenge", value: "kiln-verify=0123456789abcdef0123456789abcdef", ttl: 300 },
      ],
      scriptUrl: "https://cdn.goentri.com/entri.js",
    });
    expect(JSON.stringify(config)).not.toContain("entri-secret");
  });

  it("a refusal or an answer without a token is a 502 in words", async () => {
    reply = () => HttpResponse.json({ error: "bad secret" }, { status: 401 });
    await expect(DomainPurchase.start(user, txt)).rejects.toMatchObject({ status: 502, message: "The domain provider refused to start a purchase (HTTP 401)." });
    reply = () => HttpResponse.json({});
    await expect(DomainPurchase.start(user, txt)).rejects.toMatchObject({ status: 502, message: "The domain provider answered without a token." });
  });
});
