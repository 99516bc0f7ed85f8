import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTER_PROOF_HEADER, VIEWER_ADDRESS_HEADER, routerProof, viewerAddressEdgeCode } from "../../lib/viewer-address";

/**
 * Who the sign-in limits count a request under (functions/http/appauth.ts `clientOf`): behind the cloud
 * routers API Gateway sees CloudFront's address, so the routers' viewer-request code (run here as
 * CloudFront runs it) passes the viewer's own, and the API believes it only with the routers' proof.
 */

const SECRET = "unit-test-secret";
const CLOUDFRONT = "130.176.1.1";
let clientOf: typeof import("../../functions/http/appauth").clientOf;
let app: Hono;

beforeAll(async () => {
  // sst's Resource reads SST_RESOURCE_* on first access, so these must be set before the module is used.
  process.env.SST_RESOURCE_App = JSON.stringify({ name: "kiln", stage: "test" });
  process.env.SST_RESOURCE_AuthSecret = JSON.stringify({ value: SECRET });
  ({ clientOf } = await import("../../functions/http/appauth"));
  app = new Hono().post("/*", (c) => c.text(clientOf(c)));
});

type Headers = Record<string, { value: string }>;

/** The routers' viewer-request code on a viewer's request: the headers it sends on to the origin. */
function throughRouter(uri: string, viewerIp: string, sent: Record<string, string> = {}, secret = SECRET): Record<string, string> {
  const headers: Headers = Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, { value: v }]));
  const event = { viewer: { ip: viewerIp }, request: { uri, headers } };
  new Function("event", viewerAddressEdgeCode(routerProof(secret)))(event);
  return Object.fromEntries(Object.entries(event.request.headers).map(([k, v]) => [k, v.value]));
}

/** What clientOf answers for a request API Gateway received from `sourceIp` with these headers. */
async function client(headers: Record<string, string>, sourceIp: string | null = CLOUDFRONT): Promise<string> {
  const env = { requestContext: sourceIp ? { http: { sourceIp } } : {} };
  const res = await app.request("/api/apps/a1/auth/login", { method: "POST", headers }, env);
  return res.text();
}

describe("clientOf behind a cloud router", () => {
  it("is the viewer's address, not CloudFront's", async () => {
    expect(await client(throughRouter("/api/apps/a1/auth/login", "198.51.100.7"))).toBe("198.51.100.7");
  });

  it("a viewer cannot choose its address: the router overwrites what it sent", async () => {
    const headers = throughRouter("/api/apps/a1/auth/login", "198.51.100.7", { [VIEWER_ADDRESS_HEADER]: "10.9.9.9", [ROUTER_PROOF_HEADER]: "made-up" });
    expect(headers[VIEWER_ADDRESS_HEADER]).toBe("198.51.100.7");
    expect(await client(headers)).toBe("198.51.100.7");
  });

  it("outside /api the router passes neither header on", () => {
    const headers = throughRouter("/login", "198.51.100.7", { [VIEWER_ADDRESS_HEADER]: "10.9.9.9", [ROUTER_PROOF_HEADER]: "made-up" });
    expect(headers).toEqual({});
  });
});

describe("clientOf for a request that did not come through a router", () => {
  it("is the source address API Gateway saw", async () => {
    expect(await client({}, "203.0.113.5")).toBe("203.0.113.5");
  });

  it("ignores a viewer address without the proof, with a made-up one, or with another deployment's", async () => {
    const elsewhere = throughRouter("/api/x", "10.9.9.9", {}, "another-secret");
    for (const headers of [
      { [VIEWER_ADDRESS_HEADER]: "10.9.9.9" },
      { [VIEWER_ADDRESS_HEADER]: "10.9.9.9", [ROUTER_PROOF_HEADER]: "made-up" },
      { [VIEWER_ADDRESS_HEADER]: "10.9.9.9", [ROUTER_PROOF_HEADER]: routerProof(SECRET).slice(0, -1) },
      elsewhere,
    ]) {
      expect(await client(headers, "203.0.113.5")).toBe("203.0.113.5");
    }
  });

  it("the proof alone does not name an address", async () => {
    expect(await client({ [ROUTER_PROOF_HEADER]: routerProof(SECRET) }, "203.0.113.5")).toBe("203.0.113.5");
  });

  it("is 'unknown' when no address is known at all", async () => {
    expect(await client({}, null)).toBe("unknown");
  });
});
