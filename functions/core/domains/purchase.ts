import { type BuyDomainConfig, DomainMessages, type DomainVerification } from "../../../schemas/domains";
import type { User } from "../../../schemas/user";
import { Config } from "../config";
import { DnsLookup } from "./dns-lookup";
import { VisibleError } from "../errors";

/** The domain-purchase widget's script, which the Domains view loads only when Buy Domain is pressed. */
export const ENTRI_SCRIPT_URL = "https://cdn.goentri.com/entri.js";

/**
 * Buy Domain (spec 02 §7): the configuration for Entri's purchase widget, with a short-lived token Entri
 * mints from this deployment's application id and secret (the secret never leaves the server) and the
 * DNS records the bought domain gets, so it points at this Kiln once its DNS has spread.
 */
export namespace DomainPurchase {
  /** `txt` is the app's ownership value (CustomDomains.verification), so the bought domain verifies with no record left to add. */
  export async function start(user: User, txt: DomainVerification): Promise<BuyDomainConfig> {
    const { applicationId, secret, apiUrl } = Config.customDomains.entri;
    if (!applicationId || !secret) throw new VisibleError("invalid", DomainMessages.NO_PROVIDER);
    let token: unknown;
    try {
      const res = await fetch(`${apiUrl.replace(/\/$/, "")}/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ applicationId, secret }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new VisibleError("upstream", `The domain provider refused to start a purchase (HTTP ${res.status}).`);
      token = ((await res.json()) as { auth_token?: unknown }).auth_token;
    } catch (err) {
      if (err instanceof VisibleError) throw err;
      throw new VisibleError("upstream", "The domain provider could not be reached. Try again in a moment.");
    }
    if (typeof token !== "string" || !token) throw new VisibleError("upstream", "The domain provider answered without a token.");
    const { cname_target, a_records } = DnsLookup.guidance();
    return {
      applicationId,
      token,
      userId: user.id,
      dnsRecords: [
        { type: "CNAME", host: "www", value: cname_target, ttl: 300 },
        ...a_records.map((ip) => ({ type: "A", host: "@", value: ip, ttl: 300 })),
        { type: "TXT", host: txt.txt_label, value: txt.txt_value, ttl: 300 },
      ],
      scriptUrl: ENTRI_SCRIPT_URL,
    };
  }
}
