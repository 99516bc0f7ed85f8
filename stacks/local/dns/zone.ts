import type { Answer, RecordType } from "dns-packet";
import type { LocalDnsRecords } from "../../../schemas/domains";

/** The stand-in's records by lower-case name. */
export type Zone = Map<string, LocalDnsRecords>;

const TTL = 60;
/** CNAME chains are followed this far (a loop ends here). */
const MAX_CHAIN = 8;

/**
 * The answers to one question, or null for a name the zone does not hold (NXDOMAIN). A name with a
 * CNAME answers A, AAAA and TXT questions with the CNAME and then its target's records, as a resolver
 * expects. TXT answers carry the custom domains' ownership tokens (`_kiln-challenge.<domain>`).
 */
export function answer(zone: Zone, rawName: string, type: RecordType, depth = 0): Answer[] | null {
  const name = rawName.toLowerCase().replace(/\.$/, "");
  const records = zone.get(name) ?? (name === "localhost" || name.endsWith(".localhost") ? { cname: [], a: ["127.0.0.1"], aaaa: [], txt: [] } : null);
  if (!records) return null;
  if (records.cname.length) {
    const cnames: Answer[] = records.cname.map((data) => ({ type: "CNAME", name, ttl: TTL, data }));
    if (type === "CNAME" || depth >= MAX_CHAIN) return cnames;
    return [...cnames, ...(answer(zone, records.cname[0]!, type, depth + 1) ?? [])];
  }
  if (type === "A") return records.a.map((data) => ({ type: "A", name, ttl: TTL, data }));
  if (type === "AAAA") return records.aaaa.map((data) => ({ type: "AAAA", name, ttl: TTL, data }));
  if (type === "TXT") return (records.txt ?? []).map((data) => ({ type: "TXT", name, ttl: TTL, data })); // a data file from before TXT has none
  return [];
}
