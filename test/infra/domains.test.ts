import { describe, expect, it, vi } from "vitest";
import { type Recorded, type Recording, type StandInCloud, recordStacks, resolved } from "./sst-stand-in";

/**
 * Issue 23 item 11: the builder could not have its own domain, and every custom domain shared one
 * certificate, so the 11th name (ACM's default limit per certificate) or one owner who never added
 * the validation record failed everyone's deploy. Each custom domain is now on its own.
 */

const APPS_DOMAIN = "apps.example.com";

/** The stacks as deployed with `env`; the modules load afresh each time (they declare resources when first imported). */
async function deploy(env: Record<string, string>, cloud?: StandInCloud): Promise<Recording> {
  vi.resetModules();
  return recordStacks({ KILN_APPS_DOMAIN: APPS_DOMAIN, ...env }, cloud);
}

const routers = (stacks: Recording) => stacks.of("sst.aws.Router");
const routerNamed = (stacks: Recording, name: string) => routers(stacks).find((r) => r.name === name)!;
const domainOf = (router: Recorded) => resolved(router.args.domain) as { name: string; aliases?: string[]; dns?: false; cert?: string } | string | undefined;
const routesOf = (stacks: Recording, router: string) =>
  stacks.records.filter((r) => r.owner === router && /^sst\.aws\.Router\.route(Bucket|Site|Url)?$/.test(r.type)).map((r) => ({ path: r.name, type: r.type, params: resolved(r.args.params) }));
const edgeOf = (router: Recorded) => resolved(router.args.edge);

describe("the builder's own domain", () => {
  it("KILN_DOMAIN gives the builder's router that domain, and the builder's URL everywhere is it", async () => {
    const stacks = await deploy({ KILN_DOMAIN: "kiln.example.com" });
    expect(domainOf(routerNamed(stacks, "Router"))).toBe("kiln.example.com");

    const kiln = stacks.of("sst.Linkable").find((r) => r.name === "Kiln")!;
    expect(resolved((kiln.args.properties as { webUrl: unknown }).webUrl)).toBe("https://kiln.example.com");

    // Cognito sends the browser back only to the URLs its client lists
    const client = stacks.of("sst.aws.CognitoUserPoolClient").find((r) => r.name === "UsersClient")!;
    expect(resolved(client.args.callbackUrls)).toEqual(["https://kiln.example.com/login", "https://kiln.example.com/api/apps/auth/callback"]);
    const clientArgs: Record<string, unknown> = {};
    (client.args.transform as { client: (args: Record<string, unknown>) => void }).client(clientArgs);
    expect(resolved(clientArgs.logoutUrls)).toEqual(["https://kiln.example.com/login"]);

    // the preview may be framed by the builder's origin only: that origin is the domain
    const appsResponse = resolved((edgeOf(routerNamed(stacks, "AppsRouter")) as { viewerResponse: { injection: unknown } }).viewerResponse.injection) as string;
    expect(appsResponse).toContain("frame-ancestors https://kiln.example.com");

    // without it, the builder stays on its CloudFront address
    const plain = await deploy({});
    expect(domainOf(routerNamed(plain, "Router"))).toBeUndefined();
    const plainKiln = plain.of("sst.Linkable").find((r) => r.name === "Kiln")!;
    expect(resolved((plainKiln.args.properties as { webUrl: unknown }).webUrl)).toBe("https://router.stand-in.example");
  });

  it("a certificate made elsewhere (KILN_DOMAIN_CERT_ARN) is used as given, and SST then leaves DNS to the operator", async () => {
    const cert = "arn:aws:acm:us-east-1:123456789012:certificate/made-elsewhere";
    const stacks = await deploy({ KILN_DOMAIN: "Kiln.Example.com", KILN_DOMAIN_CERT_ARN: cert });
    expect(domainOf(routerNamed(stacks, "Router"))).toEqual({ name: "kiln.example.com", dns: false, cert });
    const client = stacks.of("sst.aws.CognitoUserPoolClient").find((r) => r.name === "UsersClient")!;
    expect(resolved(client.args.callbackUrls)).toEqual(["https://kiln.example.com/login", "https://kiln.example.com/api/apps/auth/callback"]);
  });

  it("a certificate without the domain it is for, or a builder's domain among the apps' hosts, is refused before anything deploys", async () => {
    await expect(deploy({ KILN_DOMAIN_CERT_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/x" })).rejects.toThrow(/KILN_DOMAIN/);
    await expect(deploy({ KILN_DOMAIN: `kiln.${APPS_DOMAIN}` })).rejects.toThrow(/KILN_APPS_DOMAIN/);
    await expect(deploy({ KILN_DOMAIN: APPS_DOMAIN })).rejects.toThrow(/KILN_APPS_DOMAIN/);
  });

});

describe("custom domains", () => {
  const ELEVEN = Array.from({ length: 11 }, (_, i) => `shop${i + 1}.example${i % 3 ? ".com" : ".org"}`);

  /** The routers serving custom domains: every router but the builder's and the apps'. */
  const customRouters = (stacks: Recording) => routers(stacks).filter((r) => r.name !== "Router" && r.name !== "AppsRouter");

  it("11 domains get 11 certificates, each naming its one domain, validated by DNS", async () => {
    const stacks = await deploy({ KILN_CUSTOM_DOMAINS: ELEVEN.join(", ") });
    const certificates = stacks.of("aws.acm.Certificate").map((c) => resolved(c.args) as { domainName: string; subjectAlternativeNames?: string[]; validationMethod: string });
    expect(certificates).toHaveLength(11);
    for (const c of certificates) expect([c.domainName, c.subjectAlternativeNames ?? [], c.validationMethod]).toEqual([c.domainName, [], "DNS"]);
    expect(certificates.map((c) => c.domainName).sort()).toEqual([...ELEVEN].sort());
  });

  it("each domain has a router of its own on its issued certificate, routing exactly as the apps' router does", async () => {
    const stacks = await deploy({ KILN_CUSTOM_DOMAINS: ELEVEN.join(",") });
    const custom = customRouters(stacks);
    expect(custom).toHaveLength(11);
    expect(custom.map((r) => (domainOf(r) as { name: string }).name).sort()).toEqual([...ELEVEN].sort());

    const apps = routerNamed(stacks, "AppsRouter");
    const appsRoutes = Object.fromEntries(routesOf(stacks, "AppsRouter").map((r) => [r.path, r]));
    for (const router of custom) {
      const domain = domainOf(router) as { name: string; aliases?: string[]; dns?: false; cert?: string };
      // one name, the certificate ACM issued for it, DNS left to the domain's owner
      expect(domain).toEqual({ name: domain.name, dns: false, cert: `arn:aws:acm:us-east-1:123456789012:certificate/${domain.name}` });
      // the same edge code (the runtime for every page path, the viewer's address), the same headers
      expect([router.name, edgeOf(router)]).toEqual([router.name, edgeOf(apps)]);
      expect(resolved(router.args.transform)).toEqual(resolved(apps.args.transform));
      const routes = Object.fromEntries(routesOf(stacks, router.name).map((r) => [r.path, r]));
      expect(Object.keys(routes).sort()).toEqual(["/", "/api", "/ws-user-apps"]);
      // /api with the same 60 s read timeout, the socket path rewritten to the same stage
      expect(routes["/api"]).toEqual(appsRoutes["/api"]);
      expect(routes["/ws-user-apps"]).toEqual(appsRoutes["/ws-user-apps"]);
      expect(routes["/"]!.params).toEqual([`https://domains.${APPS_DOMAIN}`]);
    }
  });

  it("a domain whose owner has not validated it waits alone: no router for it, the others served, its record in the outputs", async () => {
    const pending = ELEVEN[4]!;
    const stacks = await deploy({ KILN_CUSTOM_DOMAINS: ELEVEN.join(",") }, { pendingCertificates: [pending] });
    // its certificate is still requested (that is what gives the owner the record to add) ...
    expect(stacks.of("aws.acm.Certificate").map((c) => resolved(c.args.domainName))).toContain(pending);
    // ... and only its router waits
    const served = customRouters(stacks).map((r) => (domainOf(r) as { name: string }).name);
    expect(served.sort()).toEqual(ELEVEN.filter((d) => d !== pending).sort());

    const outputs = (stacks.outputs as { customDomains: Record<string, { status: string; validation: unknown; cname?: unknown }> }).customDomains;
    expect(Object.keys(outputs).sort()).toEqual([...ELEVEN].sort());
    expect(outputs[pending]).toMatchObject({ status: "pending validation" });
    expect(outputs[ELEVEN[0]!]).toMatchObject({ status: "served" });
    // each domain's own validation record, for its owner
    for (const d of ELEVEN) expect([d, outputs[d]!.validation]).toEqual([d, `CustomDomain${pascal(d)}Certificate.domainValidationOptions`]);
  });

  it("the certificate lookup asks for an issued certificate of that very domain, where CloudFront takes them", async () => {
    const stacks = await deploy({ KILN_CUSTOM_DOMAINS: "www.shop.example" });
    // CloudFront takes certificates from us-east-1 only
    expect(stacks.of("aws.acm.Certificate").map((r) => resolved(r.args.region))).toEqual(["us-east-1"]);
    expect(stacks.of("aws.acm.getCertificate").map((r) => r.args)).toEqual([{ region: "us-east-1", domain: "www.shop.example", statuses: ["ISSUED"], mostRecent: true }]);
  });

  it("an AWS error other than 'no certificate' fails the deploy rather than taking a served domain down", async () => {
    await expect(deploy({ KILN_CUSTOM_DOMAINS: "www.shop.example" }, { certificateLookupError: "AccessDeniedException: not authorized to perform acm:ListCertificates" })).rejects.toThrow(/AccessDenied/);
  });

  it("two domains that would share a resource name are refused with both named", async () => {
    await expect(deploy({ KILN_CUSTOM_DOMAINS: "shop-a.example.com,shop.a-example.com" })).rejects.toThrow(/shop-a\.example\.com.*shop\.a-example\.com/);
  });
});

/** "www.shop-1.example" -> "WwwShop1Example", as the stacks name a domain's resources. */
function pascal(domain: string): string {
  return domain.split(/[^a-z0-9]+/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("");
}
