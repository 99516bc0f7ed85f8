import * as z from "zod";

/** Spec 02 §9: the Domains view re-reads the list this often while a purchased domain propagates. */
export const DOMAIN_POLL_MS = 10_000;

/** Where the domain-purchase widget (Entri) runs from: its script, API and frames; the builder's CSP admits it only when a provider is configured. */
export const ENTRI_ORIGINS = "https://*.goentri.com";

/** The spec's messages (spec 02 §8), word for word. */
export const DomainMessages = {
  FETCH_FAILED: "Error fetching domains",
  CREATE_FAILED: "Error creating domain",
  VERIFY_FAILED: "Error verifying domain",
  STATUS_FAILED: "Error checking status",
  UNLINK_FAILED: "Error unlinking domain",
  LINK_FAILED: "Error linking domain",
  DELETE_FAILED: "Error deleting domain",
  FALLBACK: "Something went wrong",
  PURCHASE_CONFIG_FAILED: "Failed to get purchase config",
  WIDGET_NOT_READY: "Entri is not ready yet. Please try again in a moment",
  PURCHASE_FAILED: "Domain Purchase Failed",
  NEEDS_PLAN: "Custom domains need the Builder plan or higher",
  NO_PROVIDER: "No domain provider is configured for this Kiln. Buy the domain from any registrar and add it here.",
  TAKEN: "This domain is already connected to an app.",
} as const;

/** The TXT record that proves a domain is the owner's sits at `_kiln-challenge.<domain>` (issue 21 item 8, as Vercel and Netlify do). */
export const DOMAIN_TXT_LABEL = "_kiln-challenge";
export const txtRecordName = (domain: string) => `${DOMAIN_TXT_LABEL}.${domain}`;
/** A claim never verified (routing records and TXT token both found) within this many days is released by the re-check job. */
export const DOMAIN_CLAIM_DAYS = 7;

/** A name taken by another app that has not proven it owns it: whoever proves ownership with their own TXT value can take it over. */
export const takenUnverified = (domain: string) =>
  `${DomainMessages.TAKEN} If the domain is yours, add the TXT record ${txtRecordName(domain)} with this app's verification value and add it again.`;

/**
 * A host name as typed (spec 02 §5: lower-cased and trimmed): two or more labels of letters,
 * digits and hyphens, at most 253 characters, no scheme, path or port.
 */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const nameText = () => z.string().trim().toLowerCase().min(1, "Enter a domain").max(253, "A domain is at most 253 characters").transform((d) => d.replace(/\.$/, ""));
export const DomainName = nameText().refine((d) => HOST_NAME.test(d), "Enter a domain like www.example.com (no https:// and no path)");
/** A name the local DNS stand-in answers for: a domain, or its TXT challenge name (`_kiln-challenge.<domain>`). */
export const LocalDnsName = nameText().refine(
  (d) => HOST_NAME.test(d.startsWith(`${DOMAIN_TXT_LABEL}.`) ? d.slice(DOMAIN_TXT_LABEL.length + 1) : d),
  `Enter a domain like www.example.com, or ${DOMAIN_TXT_LABEL}.www.example.com for its TXT record`,
);

/** Spec 02 §3 last_status_payload.verificationStatus: verified, error; anything else is pending. */
export const VerificationStatus = z.enum(["verified", "error", "pending"]);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** What the last DNS lookup found (the domain's routing records, and the TXT values at its challenge name), and what it means in words. */
export const DomainStatusPayload = z.object({
  verificationStatus: VerificationStatus,
  message: z.string(),
  records: z.object({ cname: z.array(z.string()), a: z.array(z.string()), aaaa: z.array(z.string()), txt: z.array(z.string()).default([]) }),
});
export type DomainStatusPayload = z.infer<typeof DomainStatusPayload>;

/** Spec 02 §3 purchase_info; a domain added by hand has no purchase_time and can still be unlinked. */
export const PurchaseInfo = z.object({
  purchase_time: z.string().nullable(),
  propagation_status: z.enum(["pending", "completed"]).nullable(),
  blocked: z.boolean(),
  unlinked: z.boolean(),
});
export type PurchaseInfo = z.infer<typeof PurchaseInfo>;

/** Spec 02 §3 custom domain. */
export const CustomDomain = z.object({
  id: z.string(),
  domain: z.string(),
  app_id: z.string(),
  created_date: z.string(),
  last_status_check: z.string().nullable(),
  last_status_payload: DomainStatusPayload.nullable(),
  purchase_info: PurchaseInfo,
  /** when the routing records and the app's TXT value were first found together; only then does the domain serve */
  verified_at: z.string().nullable().default(null),
  /** while never verified: when the re-check job releases the claim (DOMAIN_CLAIM_DAYS after it was added) */
  release_at: z.string().nullable().default(null),
});
export type CustomDomain = z.infer<typeof CustomDomain>;

/** The records an owner sets at their DNS host for this deployment (spec 02 §2 DNS guidance). */
export const DnsGuidance = z.object({
  /** the name a `www` (or any sub-domain) CNAME points at */
  cname_target: z.string(),
  /** addresses for A records at the root when the DNS host has no ANAME/ALIAS; empty when the deployment has none */
  a_records: z.array(z.string()),
});
export type DnsGuidance = z.infer<typeof DnsGuidance>;

/** The app's ownership proof: every domain of the app gets a TXT record at `_kiln-challenge.<domain>` with this value. */
export const DomainVerification = z.object({ txt_label: z.string(), txt_value: z.string() });
export type DomainVerification = z.infer<typeof DomainVerification>;

export const DomainList = z.object({ domains: z.array(CustomDomain), guidance: DnsGuidance, verification: DomainVerification });
export type DomainList = z.infer<typeof DomainList>;

/** GET /api/custom-domains?app_id= (spec 02 §7: filter by app_id). */
export const DomainListQuery = z.object({ app_id: z.string().min(1, "app_id is required").max(128) });
/** POST /api/custom-domains (spec 02 §7: create with domain and app_id). */
export const CreateDomainBody = z.strictObject({ domain: DomainName, app_id: z.string().min(1, "app_id is required").max(128) });
export type CreateDomainBody = z.infer<typeof CreateDomainBody>;

/** POST /api/apps/buy_domain/start (spec 02 §7: appId and appName). */
export const BuyDomainBody = z.strictObject({ appId: z.string().min(1).max(128), appName: z.string().trim().min(1).max(200) });
/** The domain-purchase widget's configuration (Entri's `purchaseDomain` config), as the widget takes it. */
export const BuyDomainConfig = z.object({
  applicationId: z.string(),
  token: z.string(),
  userId: z.string(),
  dnsRecords: z.array(z.object({ type: z.string(), host: z.string(), value: z.string(), ttl: z.number() })),
  /** the widget's script, loaded on demand by the page */
  scriptUrl: z.string(),
});
export type BuyDomainConfig = z.infer<typeof BuyDomainConfig>;

/** PUT /api/local/dns/{domain} (local only): the answers the local DNS stand-in gives for a name; empty lists remove them. */
export const LocalDnsRecords = z.strictObject({
  cname: z.array(z.string().max(253)).max(4).default([]),
  a: z.array(z.ipv4()).max(8).default([]),
  aaaa: z.array(z.ipv6()).max(8).default([]),
  txt: z.array(z.string().max(255, "A TXT string is at most 255 characters")).max(8).default([]),
});
export type LocalDnsRecords = z.infer<typeof LocalDnsRecords>;

/** Spec 02 §4 domain display status. */
export type DomainDisplayStatus = "Unlinked" | "Domain Active" | "Waiting for DNS Propagation" | "Verified" | "Error" | "Pending";

export const isPurchased = (d: Pick<CustomDomain, "purchase_info">) => d.purchase_info.purchase_time !== null;

export function displayStatus(d: Pick<CustomDomain, "purchase_info" | "last_status_payload">): DomainDisplayStatus {
  const p = d.purchase_info;
  if (p.unlinked) return "Unlinked";
  if (isPurchased(d) && p.propagation_status === "completed") return "Domain Active";
  if (isPurchased(d) && !p.blocked) return "Waiting for DNS Propagation";
  const v = d.last_status_payload?.verificationStatus;
  return v === "verified" ? "Verified" : v === "error" ? "Error" : "Pending";
}

/** Spec 02 §4: poll while any purchased, unblocked domain lacks propagation; stop once none does. */
export const needsPolling = (domains: Pick<CustomDomain, "purchase_info">[]) =>
  domains.some((d) => isPurchased(d) && !d.purchase_info.blocked && d.purchase_info.propagation_status !== "completed");
