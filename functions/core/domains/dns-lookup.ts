import { Resolver } from "node:dns/promises";
import { type DnsGuidance, type DomainStatusPayload, txtRecordName } from "../../../schemas/domains";
import { Config } from "../config";

/** What DNS says about a name: its CNAME, A and AAAA answers, and the TXT values at its challenge name (an absent name or type is an empty list). */
export interface DnsAnswers {
  cname: string[];
  a: string[];
  aaaa: string[];
  txt: string[];
}

/** Answers that mean "nothing of this type here", not a failed lookup. */
const EMPTY = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

const norm = (name: string) => name.toLowerCase().replace(/\.$/, "");

/**
 * Custom-domain verification by a real DNS lookup (DESIGN §1: a resolver Kiln can be pointed at):
 * the configured servers (locally the DNS stand-in, stacks/local/dns), else the system resolver.
 */
export namespace DnsLookup {
  function resolver(): Resolver {
    const r = new Resolver({ timeout: 2_000, tries: 2 });
    const servers = Config.customDomains.resolver;
    if (servers?.length) r.setServers(servers);
    return r;
  }

  async function answers(run: () => Promise<string[]>): Promise<string[]> {
    try {
      return (await run()).map(norm);
    } catch (err) {
      if (EMPTY.has((err as { code?: string }).code ?? "")) return [];
      throw err;
    }
  }

  export async function lookup(name: string): Promise<DnsAnswers> {
    const r = resolver();
    const [cname, a, aaaa, txt] = await Promise.all([answers(() => r.resolveCname(name)), answers(() => r.resolve4(name)), answers(() => r.resolve6(name)), txtValues(name, r)]);
    return { cname, a, aaaa, txt };
  }

  /** The TXT values at the domain's challenge name, each joined from its strings (a long TXT value comes in 255-byte pieces). */
  export async function txtValues(domain: string, r = resolver()): Promise<string[]> {
    try {
      return (await r.resolveTxt(txtRecordName(domain))).map((chunks) => chunks.join("").trim());
    } catch (err) {
      if (EMPTY.has((err as { code?: string }).code ?? "")) return [];
      throw err;
    }
  }

  /** The records this deployment asks owners to set (spec 02 §2 DNS guidance). */
  export function guidance(): DnsGuidance {
    const c = Config.customDomains;
    return { cname_target: norm(c.cnameTarget), a_records: c.aRecords };
  }

  /** Addresses that count as this deployment: the configured A records and whatever the CNAME target resolves to (an ALIAS/ANAME root flattens to those). */
  async function ownAddresses(target: string, configured: string[]): Promise<Set<string>> {
    const flattened = await answers(() => resolver().resolve4(target)).catch(() => []);
    return new Set([...configured, ...flattened]);
  }

  /**
   * One verification: a CNAME to the target, or A records all of this deployment (AAAA records elsewhere
   * would send IPv6 visitors away), AND the app's TXT value at `_kiln-challenge.<domain>`: records that
   * point here prove nothing about who owns the name (a record left behind by a deleted domain still points here).
   */
  export async function verify(domain: string, token: string): Promise<DomainStatusPayload> {
    const { cname_target: target, a_records } = guidance();
    let found: DnsAnswers;
    try {
      found = await lookup(domain);
    } catch (err) {
      const code = (err as { code?: string }).code ?? "an error";
      return { verificationStatus: "pending", message: `The DNS lookup for ${domain} failed (${code}); it will be tried again.`, records: { cname: [], a: [], aaaa: [], txt: [] } };
    }
    const own = await ownAddresses(target, a_records);
    const byCname = found.cname.includes(target);
    const byA = found.a.length > 0 && found.a.every((ip) => own.has(ip));
    const result = (verificationStatus: DomainStatusPayload["verificationStatus"], message: string) => ({ verificationStatus, message, records: found });
    if (found.aaaa.length) {
      return result("error", `Remove the AAAA records of ${domain} (${found.aaaa.join(", ")}): visitors on IPv6 would not reach your app.`);
    }
    const routed = byCname || byA;
    const proven = found.txt.includes(token);
    const txtName = txtRecordName(domain);
    if ((found.cname.length || found.a.length) && !routed) {
      const seen = [...found.cname.map((c) => `CNAME ${c}`), ...found.a.map((ip) => `A ${ip}`)].join(", ");
      return result("error", `${domain} points at ${seen}, not at ${target}${a_records.length ? ` or ${a_records.join(", ")}` : ""}.`);
    }
    if (found.txt.length && !proven) {
      const seen = found.txt.map((v) => `"${v}"`).join(", ");
      return result("error", `The TXT record ${txtName} has ${seen}, not this app's verification value, so ${domain} is not proven yours.`);
    }
    if (routed && proven) return result("verified", `${domain} points at this Kiln, and its TXT record proves it is yours.`);
    if (!routed && !proven) return result("pending", `No DNS records for ${domain} yet. Add the records below; DNS changes can take up to 48 hours to spread.`);
    if (!routed) return result("pending", `The TXT record is in place; now point ${domain} at this Kiln with the records below. DNS changes can take up to 48 hours to spread.`);
    return result("pending", `${domain} points at this Kiln. Add the TXT record ${txtName} with this app's verification value to prove it is yours.`);
  }
}
