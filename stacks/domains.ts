/// <reference path="../.sst/platform/config.d.ts" />
import { appsDomain } from "./kiln";

/**
 * Custom domains (functions/core/domains/domains.ts), linked as `Resource.CustomDomains` to the functions that use them;
 * the local stack links its DNS stand-in the same way (stacks/local/stack.ts).
 *
 * - Verification asks the system resolver, or the servers in KILN_DNS_SERVERS ("1.1.1.1,8.8.8.8:53").
 * - Owners point a `www` CNAME at `domains.<apps domain>`, which the apps router's wildcard alias
 *   already resolves (stacks/apps.ts); a root needs ANAME/ALIAS to it, or A records to the fixed
 *   addresses in KILN_DOMAINS_A_RECORDS when the operator has some (e.g. a Global Accelerator's).
 * - Buy Domain uses Entri: ENTRI_APP_ID in the deploy's environment (it is public: the widget gets it;
 *   the builder's CSP then admits the widget, stacks/router.ts) and `npx sst secret set EntriSecret …`;
 *   unset, the call answers that no domain provider is configured.
 */
const list = (value: string | undefined) => (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);

export const entriSecret = new sst.Secret("EntriSecret", "");

export const customDomainsTarget = `domains.${appsDomain}`;

export const customDomains = new sst.Linkable("CustomDomains", {
  properties: {
    resolver: list(process.env.KILN_DNS_SERVERS).length ? list(process.env.KILN_DNS_SERVERS) : null,
    cnameTarget: customDomainsTarget,
    aRecords: list(process.env.KILN_DOMAINS_A_RECORDS),
    localControlUrl: null,
    entri: { applicationId: process.env.ENTRI_APP_ID ?? "", secret: entriSecret.value, apiUrl: process.env.ENTRI_API_URL ?? "https://api.goentri.com" },
  },
});

/**
 * The verified domains the operator serves (KILN_CUSTOM_DOMAINS, comma-separated): stacks/apps.ts gives each
 * a certificate of its own and, once ACM has issued it, a router of its own.
 */
export const servedCustomDomains = [...new Set(list(process.env.KILN_CUSTOM_DOMAINS).map((d) => d.toLowerCase()))];

/** The name a domain's resources take, "shop.example.com" -> "CustomDomainShopExampleCom": the same on every deploy, so listing another domain never renames one already served. */
export const customDomainResourceName = (domain: string) =>
  `CustomDomain${domain.split(/[^a-z0-9]+/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("")}`;

const named = new Map<string, string>();
for (const domain of servedCustomDomains) {
  const name = customDomainResourceName(domain);
  const other = named.get(name);
  if (other) throw new Error(`KILN_CUSTOM_DOMAINS: ${other} and ${domain} would share the resource name ${name}; serve one of them at a time.`);
  named.set(name, domain);
}
