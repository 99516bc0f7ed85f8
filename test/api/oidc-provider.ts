import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
// @ts-expect-error -- oidc-provider ships no type declarations; the few calls below are its documented API
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider (panva's oidc-provider, the certified implementation) on a loopback port, standing
 * in for a team's Okta or Keycloak in test/api/team-oidc.test.ts and test/e2e/team-oidc.test.ts. Its sign-in page is
 * the library's development one: any login name, any password; the login name is the account id.
 */

/** What the provider says about an account; by default its id is a verified e-mail address. */
export type Claims = { email?: string; email_verified?: boolean; name?: string };

export interface TestProvider {
  /** the issuer (OIDC_ISSUER), known before any client is registered */
  issuer: string;
  /** registers a Kiln as a client (its id, secret and callback URL) and answers from then on; sign-ins under way are forgotten */
  register(client: { clientId: string; clientSecret: string; redirectUri: string }): void;
  /** the claims an account id signs in with, where they differ from the default */
  accounts: Map<string, Claims>;
  stop(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  let callback: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (callback) return callback(req, res);
    res.writeHead(503).end("not serving yet");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Claims>();
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test-key" };
  const clients: { clientId: string; clientSecret: string; redirectUri: string }[] = [];

  return {
    issuer,
    accounts,
    register(client) {
      clients.push(client);
      const provider = new Provider(issuer, {
        clients: clients.map((c) => ({
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uris: [c.redirectUri],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_basic",
        })),
        jwks: { keys: [jwk] },
        cookies: { keys: ["a test provider's cookie key"] },
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        features: { devInteractions: { enabled: true } },
        findAccount: (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: () => ({ sub: id, email: id, email_verified: true, name: `Person ${id.split("@")[0]}`, ...accounts.get(id) }),
        }),
        // Kiln's client is the organisation's own: no consent screen, the grant is given on sign-in (as a team's provider is set up)
        loadExistingGrant: async (ctx: any) => {
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
          grant.addOIDCScope("openid email profile");
          await grant.save();
          return grant;
        },
      });
      callback = provider.callback();
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Cookies by host, enough for a sign-in followed by hand (no domains; a cookie goes to every path of its host). */
export class CookieJar {
  private readonly hosts = new Map<string, Map<string, string>>();

  header(url: string): string {
    return [...(this.hosts.get(new URL(url).host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  take(url: string, res: Response): void {
    const jar = this.hosts.get(new URL(url).host) ?? new Map<string, string>();
    this.hosts.set(new URL(url).host, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()));
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
  }

  get(url: string, name: string): string | undefined {
    return this.hosts.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const jar = this.hosts.get(new URL(url).host) ?? new Map<string, string>();
    this.hosts.set(new URL(url).host, jar);
    jar.set(name, value);
  }
}

/** One request with the jar's cookies, redirects not followed. */
export async function visit(jar: CookieJar, url: string, init: RequestInit = {}): Promise<{ status: number; location: string | null; text: string; url: string }> {
  const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
  jar.take(url, res);
  const location = res.headers.get("location");
  return { status: res.status, location: location && new URL(location, url).href, text: await res.text(), url };
}

/**
 * Signs in at the test provider as `login` by hand, as a browser would: from Kiln's /api/auth/oidc/start to the
 * provider's sign-in page and its form, and back until Kiln answers with where the browser lands.
 * Answers every address visited and the last answer (Kiln's redirect to /login, or a page).
 */
export async function signInThrough(jar: CookieJar, startUrl: string, login: string, options: { stopAt?: (url: string) => boolean; cancel?: boolean } = {}) {
  const visited: string[] = [];
  let answer = await visit(jar, startUrl);
  visited.push(startUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (answer.status === 200 && /name="login"/.test(answer.text) && options.cancel) {
      // the sign-in page's "Cancel": the provider answers Kiln with access_denied
      const abort = new URL(/href="([^"]*\/abort)"/.exec(answer.text)![1], answer.url).href;
      answer = await visit(jar, abort);
      visited.push(abort);
      continue;
    }
    if (answer.status === 200 && /name="login"/.test(answer.text)) {
      // the provider's sign-in form
      const action = new URL(/<form[^>]*action="([^"]+)"/.exec(answer.text)![1].replace(/&amp;/g, "&"), answer.url).href;
      answer = await visit(jar, action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login, password: "any password" }).toString(),
      });
      visited.push(action);
      continue;
    }
    if (answer.status < 300 || answer.status >= 400 || !answer.location) break;
    const next = answer.location;
    if (options.stopAt?.(next) || new URL(next).pathname === "/login") return { visited, answer, landed: next };
    answer = await visit(jar, next);
    visited.push(next);
  }
  return { visited, answer, landed: null as string | null };
}
