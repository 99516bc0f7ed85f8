// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import { type CustomDomain, DOMAIN_POLL_MS, displayStatus, needsPolling } from "../../schemas/domains";
import type { User } from "../../schemas/user";
import { meQuery } from "../../web/src/api/auth";
import { appDomainsQuery } from "../../web/src/api/domains";
import { Toaster } from "../../web/src/components/ui/toaster";
import { BuyDomainButton } from "../../web/src/components/workspace/domains/BuyDomainButton";
import { DomainsView } from "../../web/src/components/workspace/domains/DomainsView";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The Domains view's rules and messages (spec 02 §4, §8, §9) against a stubbed API and a stand-in for Entri's widget. */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.entri;
  for (const script of document.head.querySelectorAll("script")) script.remove();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const stub = (handler: (method: string, url: URL) => Response) =>
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => handler(init?.method ?? "GET", new URL(url, "http://kiln.test"))));

function show(node: ReactNode, me?: Partial<User>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (me) client.setQueryData(meQuery.queryKey, me as User);
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        {node}
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const domain = (over: Partial<CustomDomain> = {}, purchase: Partial<CustomDomain["purchase_info"]> = {}): CustomDomain => ({
  id: "d1",
  domain: "shop.example.test",
  app_id: "app1",
  created_date: "2026-11-24T10:00:00.000Z",
  last_status_check: null,
  last_status_payload: null,
  purchase_info: { purchase_time: null, propagation_status: null, blocked: false, unlinked: false, ...purchase },
  verified_at: null,
  release_at: null,
  ...over,
});
const payload = (verificationStatus: "verified" | "error" | "pending") => ({ verificationStatus, message: "", records: { cname: [], a: [], aaaa: [], txt: [] } });
const guidance = { cname_target: "apps.localhost", a_records: ["127.0.0.1"] };
const verification = { txt_label: "_kiln-challenge", txt_value: "kiln-verify=0123456789abcdef0123456789abcdef" };
const bought = { purchase_time: "2026-11-24T10:00:00.000Z" };
const config = { applicationId: "app", token: "jwt", userId: "u1", dnsRecords: [], scriptUrl: "https://cdn.goentri.com/entri.js" };

describe("domain display status and polling (spec 02 §4, §9)", () => {
  it("reads Unlinked, Domain Active, Waiting for DNS Propagation, then the verification status", () => {
    expect(displayStatus(domain({ last_status_payload: payload("verified") }, { ...bought, unlinked: true }))).toBe("Unlinked");
    expect(displayStatus(domain({}, { ...bought, propagation_status: "completed" }))).toBe("Domain Active");
    expect(displayStatus(domain({}, bought))).toBe("Waiting for DNS Propagation");
    expect(displayStatus(domain({ last_status_payload: payload("error") }, { ...bought, blocked: true }))).toBe("Error");
    expect(displayStatus(domain({ last_status_payload: payload("verified") }))).toBe("Verified");
    expect(displayStatus(domain({ last_status_payload: payload("pending") }))).toBe("Pending");
    expect(displayStatus(domain())).toBe("Pending");
  });

  it("polls every 10000 ms while a purchased, unblocked domain lacks propagation, and stops when none does", () => {
    const interval = appDomainsQuery("app1").refetchInterval as (query: { state: { data?: { domains: CustomDomain[] } } }) => number | false;
    expect(DOMAIN_POLL_MS).toBe(10_000);
    expect(interval({ state: { data: { domains: [domain(), domain({}, bought)] } } })).toBe(10_000);
    expect(interval({ state: { data: { domains: [domain({}, { ...bought, propagation_status: "completed" }), domain({}, { ...bought, blocked: true })] } } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
    expect(needsPolling([domain()])).toBe(false);
  });
});

describe("Buy Domain (spec 02 §8)", () => {
  it("shows the server's detail, or 'Failed to get purchase config' without one", async () => {
    stub(() => json(422, { detail: "No domain provider is configured for this Kiln.", message: "x" }));
    show(<BuyDomainButton appId="app1" appName="Shop" onBought={() => {}} />);
    fireEvent.click(screen.getByTestId("domains-buy"));
    await screen.findByText("No domain provider is configured for this Kiln.");
    cleanup();
    stub(() => new Response("upstream exploded", { status: 502 }));
    show(<BuyDomainButton appId="app1" appName="Shop" onBought={() => {}} />);
    fireEvent.click(screen.getByTestId("domains-buy"));
    await screen.findByText("Failed to get purchase config");
  });

  it("loads the widget's script only when asked; a script that does not load reads 'Entri is not ready yet. Please try again in a moment'", async () => {
    stub(() => json(200, config));
    show(<BuyDomainButton appId="app1" appName="Shop" onBought={() => {}} />);
    expect(document.head.querySelector("script")).toBeNull();
    fireEvent.click(screen.getByTestId("domains-buy"));
    const script = await waitFor(() => {
      const added = document.head.querySelector<HTMLScriptElement>(`script[src="${config.scriptUrl}"]`);
      expect(added).not.toBeNull();
      return added!;
    });
    script.dispatchEvent(new Event("error"));
    await screen.findByText("Entri is not ready yet. Please try again in a moment");
  });

  it("hands the config to the widget; a bought domain is added, any other result reads 'Domain Purchase Failed'", async () => {
    stub(() => json(200, config));
    const opened: unknown[] = [];
    const results = [{ success: false }, { success: true, domain: "bought.example" }];
    window.entri = {
      purchaseDomain(c) {
        opened.push(c);
        window.dispatchEvent(new CustomEvent("onEntriClose", { detail: results.shift() }));
      },
    };
    const onBought = vi.fn();
    show(<BuyDomainButton appId="app1" appName="Shop" onBought={onBought} />);
    fireEvent.click(screen.getByTestId("domains-buy"));
    await screen.findByText("Domain Purchase Failed");
    expect(opened[0]).toEqual({ applicationId: "app", token: "jwt", userId: "u1", dnsRecords: [] });
    fireEvent.click(screen.getByTestId("domains-buy"));
    await waitFor(() => expect(onBought).toHaveBeenCalledWith("bought.example"));
  });
});

describe("the Domains view's failures (spec 02 §8)", () => {
  const app = { id: "app1", name: "Shop" } as App;
  const me: Partial<User> = { id: "u1", email: "o@test", subscription_tier: "builder", platform_role: "user" };

  it("a failed list reads 'Error fetching domains' with 'Something went wrong'", async () => {
    stub(() => new Response("", { status: 500 }));
    show(<DomainsView app={app} />, me);
    await screen.findByText("Error fetching domains");
    await screen.findByText("Something went wrong");
  });

  it("a refused Verify reads 'Error verifying domain' with the server's detail; Add waits for a domain", async () => {
    stub((method) => {
      if (method === "GET") return json(200, { domains: [domain()], guidance, verification });
      return json(402, { detail: "Custom domains need the Builder plan or higher", message: "x" });
    });
    show(<DomainsView app={app} />, me);
    const add = await screen.findByTestId("domains-add");
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("domains-input"), { target: { value: "   " } });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByTestId("domain-verify"));
    await screen.findByText("Error verifying domain");
    await screen.findByText("Custom domains need the Builder plan or higher");
  });

  it("shows each domain's TXT record with the app's value, the TXT row in the guidance, and when an unverified claim is released", async () => {
    const release = "2026-12-01T10:00:00.000Z";
    stub(() => json(200, { domains: [domain({ release_at: release }), domain({ id: "d2", domain: "www.done.example.test", verified_at: "2026-11-25T10:00:00.000Z" })], guidance, verification }));
    show(<DomainsView app={app} />, me);
    const waiting = await screen.findByTestId("domain-shop.example.test");
    expect(waiting.querySelector('[data-testid="domain-txt-name"]')?.textContent).toBe("_kiln-challenge.shop.example.test");
    expect(waiting.querySelector('[data-testid="domain-txt-value"]')?.textContent).toBe(verification.txt_value);
    expect(waiting.querySelector('[data-testid="domain-release"]')?.textContent).toMatch(/^Add the TXT record and verify by .*2026.*: a domain not verified within 7 days is released\.$/);
    const verified = screen.getByTestId("domain-www.done.example.test");
    expect(verified.querySelector('[data-testid="domain-txt-name"]')?.textContent).toBe("_kiln-challenge.www.done.example.test");
    expect(verified.querySelector('[data-testid="domain-release"]')).toBeNull();
    const row = screen.getByTestId("dns-record-TXT");
    expect(row.textContent).toContain("_kiln-challenge.<your domain>");
    expect(row.textContent).toContain(verification.txt_value);
    expect(screen.getByTestId("dns-txt-note").textContent).toMatch(/not verified within 7 days of being added is released/);
  });
});
