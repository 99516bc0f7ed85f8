import { describe, expect, it } from "vitest";
import { API_HEADERS, appHeaders, appsEdgeCode, builderEdgeCode, builderHeaders } from "../../stacks/security-headers";

/** The cloud routers' viewer-response code (a CloudFront function) sets the same headers the local stack does. */

type Event = { request: { uri: string; headers: Record<string, { value: string }> }; response: { headers: Record<string, { value: string }> } };

function run(code: string, uri: string, host: string): Record<string, string> {
  const event: Event = { request: { uri, headers: { host: { value: host } } }, response: { headers: { "content-type": { value: "text/html" } } } };
  new Function("event", code)(event);
  return Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k, v.value]));
}

describe("the builder's router", () => {
  const builder = builderHeaders({ appsOrigin: "https://*.apps.example.com", connect: ["wss://*.amazonaws.com"] });
  const code = builderEdgeCode(builder);

  it("gives the SPA its CSP, frame refusal, nosniff and referrer policy", () => {
    const headers = run(code, "/apps/abc/editor", "kiln.example.com");
    expect(headers).toEqual({ "content-type": "text/html", ...builder });
    expect(headers["content-security-policy"]).toContain("script-src 'self';");
    expect(headers["content-security-policy"]).toContain("connect-src 'self' wss://*.amazonaws.com;");
  });

  it("gives API answers nosniff only", () => {
    expect(run(code, "/api/auth/me", "kiln.example.com")).toEqual({ "content-type": "text/html", ...API_HEADERS });
  });
});

describe("the apps' router", () => {
  const code = appsEdgeCode("https://kiln.example.com");

  /** The frame-ancestors directive of a CSP, as written. */
  const ancestors = (csp: string) => csp.split("; ").find((d) => d.startsWith("frame-ancestors "));

  it("lets only the builder frame the preview (the editor's frame)", () => {
    expect(run(code, "/", "preview--notes.apps.example.com")["content-security-policy"]).toBe(appHeaders({ preview: true, builderOrigin: "https://kiln.example.com" })["content-security-policy"]);
    expect(ancestors(run(code, "/", "preview--notes.apps.example.com")["content-security-policy"])).toBe("frame-ancestors https://kiln.example.com");
  });

  it("lets only the builder and the app's own origin frame a published app, on its app host or a custom domain", () => {
    for (const host of ["notes.apps.example.com", "www.notes-custom.example"]) {
      const csp = run(code, "/Tasks", host)["content-security-policy"];
      expect(ancestors(csp), host).toBe("frame-ancestors 'self' https://kiln.example.com");
      expect(csp, host).not.toContain("frame-ancestors *");
    }
    expect(ancestors(appHeaders({ preview: false, builderOrigin: "http://localhost:4444" })["content-security-policy"])).toBe("frame-ancestors 'self' http://localhost:4444");
  });

  it("answers API calls on an app host with nosniff only", () => {
    expect(run(code, "/api/apps/public/prod/domain/x", "notes.apps.example.com")).toEqual({ "content-type": "text/html", ...API_HEADERS });
  });
});
