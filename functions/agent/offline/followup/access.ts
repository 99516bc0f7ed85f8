/**
 * "users only see their own records", "members should only see their own bookings", "make
 * expenses private to whoever added them": a row-level rule on the entity, in the `rls` key of
 * its file, the shape the Security view's "Creator only" rule saves
 * (web/src/components/workspace/security/rules.ts): a signed-in user reads and changes the records
 * they created and no one else's; the app's builder is never held by it (functions/core/entities/rls.ts).
 */
import { cloneModel } from "../changes";
import type { AppModel, EntityDef } from "../model";
import { listing, lowerWords, pluralize } from "../naming";
import type { OpResult } from "../ops";
import { pattern } from "../pattern";
import { mentionedEntities } from "./target";

const CREATOR_ONLY = { created_by: "{{user.email}}" };
/** read and write both creator-only: the Security view saves an inherited write rule as a copy of read */
const OWN_RECORDS_RLS = { read: CREATOR_ONLY, write: CREATOR_ONLY };

const OWN = pattern(
  "i",
  // any person of the verb: "members only see", "each tech sees only", "customer only can see"
  /\b(?:only\s+(?:be\s+able\s+to\s+|get\s+to\s+|have\s+access\s+to\s+|can\s+|may\s+|should\s+)?(?:see|view|read|access|edit|get|manage|touch|change)s?|(?:see|view|read|access|edit|manage)(?:s|es)?\s+only)\b/,
  // whose records: theirs, or the asker's own ("the manuscripts I submitted")
  /.*?\b(?:their|his|her|your|my|own|they|he|she|themselves|them|(?:i|we)\s+(?:created|added|made|entered|logged|recorded|submitted|wrote|booked|uploaded|opened|posted))\b/,
);
const PRIVATE = /^(?:make|keep|set)\s+(?:the\s+|all\s+|my\s+|our\s+)?[a-z][\w\s'-]*?\s+(?:private|personal)(?:\s+(?:to|for)\s+.+)?$|\b(?:can(?:not|'?t)|shouldn'?t|should not|must not|mustn'?t|(?:nobody|no\s*-?\s*one)\s+(?:should|can|may|must))\s+(?:be\s+able\s+to\s+)?(?:see|view|read|access)\s+(?:each\s+others?'?s?|other\s+(?:people|users|members|customers|clients|staff)'?s?|others'?|(?:anyone|someone|somebody|anybody)\s+else'?s?)\b|\b(?:private|personal)\s+(?:to|for)\s+(?:each|every|the)\s+(?:user|member|person|owner|creator|one who)\b|\b(?:visible|viewable)\s+only\s+to\s+(?:the\s+)?(?:person|user|member|one)\s+who\s+(?:created|added|made|entered|logged|recorded|submitted|wrote|booked|uploaded)\b|\bonly\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+who\s+(?:created|added|made|entered|owns|logged|recorded|submitted|wrote|booked|uploaded)\b/i;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The rule asked for on the entities named (or every entity with pages when none is). */
export function ownRecordsRequest(message: string, model: AppModel): OpResult | null {
  const m = message.replace(/[’‘]/g, "'");
  if (!OWN.test(m) && !PRIVATE.test(m)) return null;
  // "members only see their own bookings": the entity before the rule is who, after it what;
  // "make expenses private to each user": the entity named is what
  // "a driver can't see someone else's runs": the seeing verb splits who from what likewise;
  // "keep each customer's bikes private": whose records they are (a possessive) is who
  const seeing = /\b(?:see|view|read|access)\b/i.exec(m);
  const own = OWN.exec(m) ?? (seeing && mentionedEntities(m.slice(seeing.index), model).length ? seeing : null);
  const possessors = mentionedEntities((m.match(/\b[a-z]+(?:\s+[a-z]+)?'s?(?=\s)/gi) ?? []).map((p) => p.replace(/'s?$/, "")).join(" , "), model);
  const named = own ? mentionedEntities(m.slice(own.index), model) : mentionedEntities(m, model);
  const owned = named.filter((e) => !possessors.includes(e));
  const what = owned.length ? owned : named;
  const who = [...(own ? mentionedEntities(m.slice(0, own.index), model) : []), ...possessors];
  const targets: EntityDef[] = what.length ? what : model.entities.filter((e) => e.pages.list && !who.includes(e));
  if (!targets.length) return null;
  const changing = targets.filter((e) => !same(e.schema.rls, OWN_RECORDS_RLS));
  const names = listing(targets.map((e) => e.name));
  if (!changing.length) return { reply: `${names} already let a signed-in user see only the records they created, so nothing changed.` };
  const after = cloneModel(model);
  for (const def of changing) after.entities.find((e) => e.name === def.name)!.schema.rls = OWN_RECORDS_RLS;
  const many = listing(changing.map((e) => lowerWords(pluralize(e.name))));
  return {
    after,
    plan: `Add a row-level rule to ${listing(changing.map((e) => `entities/${e.name}`))}: a signed-in user reads and changes only the records they created.`,
    done:
      `Signed-in users now see and change only the ${many} they created: ${listing(changing.map((e) => `entities/${e.name}`))} ` +
      `${changing.length === 1 ? "has" : "have"} the row-level rule \`created_by = {{user.email}}\` for reading and writing, the Security view's "Creator only" rule, ` +
      `so one user never sees another's. You, as the app's builder, still see every record; change or remove the rule in the Security view.`,
  };
}
