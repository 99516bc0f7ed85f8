/**
 * The domains the offline engine knows (vocabulary/domains.ts): which are named in a text,
 * a domain's fields for an app's entities, and the thing an app is said to track.
 */
import { type JsonProp, linkProp } from "./entities";
import { pascal, singularize, snake, titleCase } from "./naming";
import { type Domain, DOMAINS, type FieldSpec } from "./vocabulary/domains";
import { KEEPING_VERBS, POSSESSIVES } from "./vocabulary/grammar";
import { VAGUE_NOUNS } from "./vocabulary/nouns";

export { type Domain, DOMAINS, type FieldSpec, GENERIC_FIELDS, GENERIC_ICON } from "./vocabulary/domains";

export function domainOf(entity: string): Domain | undefined {
  return DOMAINS.find((d) => d.entity === entity);
}

/** Domains named in a text, in the order they first appear. */
export function detectDomains(text: string): Domain[] {
  const found: { domain: Domain; at: number }[] = [];
  for (const domain of DOMAINS) {
    const m = domain.match.exec(text);
    if (m) found.push({ domain, at: m.index });
  }
  // Both "customers" and "contacts" usually mean one list of people.
  const hasCustomer = found.some((f) => f.domain.entity === "Customer");
  return found
    .filter((f) => !(hasCustomer && f.domain.entity === "Contact"))
    .sort((a, b) => a.at - b.at || DOMAINS.indexOf(a.domain) - DOMAINS.indexOf(b.domain))
    .map((f) => f.domain);
}

/** "track my plants": a verb for keeping things, then who they belong to, then the thing */
const KEPT_THING = new RegExp(`\\b(?:${KEEPING_VERBS.join("|")})\\s+(?:all\\s+|of\\s+)?(?:${POSSESSIVES.join("|")})?\\s*(?:favou?rite\\s+)?([a-z][a-z-]{2,30})\\b`, "i");

/** "an app to track my plants" -> "Plant" (the noun after a verb such as track/manage), else null. */
export function nounFrom(text: string): string | null {
  const m = KEPT_THING.exec(text);
  if (!m) return null;
  const word = m[1].toLowerCase();
  if (VAGUE_NOUNS.has(word)) return null;
  return pascal(singularize(word));
}

/** Concrete fields for a domain, with relations resolved against the entities the app will have. */
export function fieldsFor(specs: FieldSpec[], entities: readonly string[]): { properties: Record<string, JsonProp>; required: string[] } {
  const properties: Record<string, JsonProp> = {};
  const required: string[] = [];
  for (const spec of specs) {
    if (spec.ref) {
      const target = spec.ref.find((e) => entities.includes(e));
      if (!target) continue;
      const name = `${snake(target)}_id`;
      if (properties[name]) continue;
      properties[name] = linkProp(target);
      continue;
    }
    properties[spec.name] = { ...spec.prop };
    if (spec.required) required.push(spec.name);
  }
  return { properties, required };
}

/** A short app name for an entity that has no domain: "Plant" -> "Plant Tracker". */
export function genericAppName(entity: string): string {
  return `${titleCase(entity)} Tracker`;
}

/** Phrases users write for an entity that the vocabulary knows ("to-dos" -> Task). */
export function domainForWord(word: string): Domain | undefined {
  const w = word.trim();
  return DOMAINS.find((d) => d.match.test(w) && new RegExp(`^${d.match.source}$`, "i").test(w)) ?? DOMAINS.find((d) => d.entity.toLowerCase() === singularize(w).toLowerCase());
}
