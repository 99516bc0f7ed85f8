import type { Visibility } from "../../../schemas/app";
import type { FileTree } from "../../../schemas/app-files";
import type { Finding, GroupResult, RlsRule, Severity } from "../../../schemas/security";
import { Rls } from "../entities/rls";

/**
 * `rls_recommendations`: entities whose records are readable or writable more widely than the app's
 * visibility suggests, each with the exact `rls` to apply (the Security view's {read, write} shape,
 * functions/core/entities/rls.ts). A public app (no sign-in) with personal data and no rules is critical.
 * The User entity is left out: its rules are Kiln's own (functions/core/entities/user-entity.ts).
 */
export namespace EntityRuleChecks {
  /** Only the record's creator, or the app's admins: what the Security view reads as "Creator only OR User property role is admin". */
  export const CREATOR_OR_ADMIN = { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }] };

  /** Field-name words that mean a person's data. */
  const PERSONAL_WORDS = new Set(["email", "phone", "mobile", "telephone", "address", "street", "postcode", "zip", "zipcode", "birthday", "dob", "ssn", "passport", "iban", "salary"]);
  const PERSONAL_PHRASES = ["date_of_birth", "birth_date", "birthdate", "national_id", "tax_id", "social_security", "card_number", "credit_card", "postal_code"];

  const words = (field: string) =>
    field
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);

  function personalFields(properties: Record<string, unknown>): string[] {
    return Object.entries(properties)
      .filter(([field, prop]) => {
        const snake = words(field).join("_");
        const format = prop && typeof prop === "object" ? (prop as Record<string, unknown>).format : undefined;
        return format === "email" || format === "phone" || words(field).some((w) => PERSONAL_WORDS.has(w)) || PERSONAL_PHRASES.some((p) => snake.includes(p));
      })
      .map(([field]) => field);
  }

  const open = (rule: unknown) => rule === undefined || rule === null || rule === true || (!!rule && typeof rule === "object" && !Array.isArray(rule) && Object.keys(rule).length === 0);

  const WHO: Record<Visibility, string> = {
    public_without_login: "anyone who opens the app, without signing in,",
    public_with_login: "anyone who signs up to the app",
    private_with_login: "every user invited to the app",
  };

  export function scan(files: FileTree, visibility: Visibility): GroupResult {
    const findings: Finding[] = [];
    for (const file of Object.keys(files).filter((p) => p.startsWith("entities/")).sort()) {
      const entity = file.slice("entities/".length);
      if (entity === "User") continue;
      let schema: { rls?: unknown; properties?: Record<string, unknown> };
      try {
        schema = JSON.parse(files[file]) as typeof schema;
      } catch {
        continue;
      }
      if (!schema || typeof schema !== "object") continue;
      const found = check(entity, file, schema, visibility);
      if (found) findings.push(found);
    }
    return { checked: true, reason: `Each entity's rules were compared with the app's visibility (${visibility.replace(/_/g, " ")}).`, findings };
  }

  function check(entity: string, file: string, schema: { rls?: unknown; properties?: Record<string, unknown> }, visibility: Visibility): Finding | null {
    const rls = schema.rls;
    const noRules = rls === undefined || rls === null;
    const personal = personalFields(schema.properties ?? {});
    const readOpen = noRules || open(Rls.ruleOf(rls, "read"));
    const writeOpen = noRules || (["update", "delete"] as const).some((op) => open(Rls.ruleOf(rls, op)));
    const isPublic = visibility !== "private_with_login";
    const exposesPersonal = isPublic && readOpen && personal.length > 0;
    if (!exposesPersonal && !writeOpen) return null;

    let severity: Severity;
    let kind: string;
    if (exposesPersonal) {
      severity = visibility === "public_without_login" && noRules ? "critical" : "high";
      kind = noRules ? "personal-data-no-rules" : "personal-data-readable";
    } else {
      severity = visibility === "public_without_login" ? "high" : visibility === "public_with_login" ? "medium" : "low";
      kind = "writable-by-anyone";
    }
    const existing = !noRules && rls && typeof rls === "object" ? (rls as Record<string, unknown>) : {};
    const recommended: RlsRule = {
      read: exposesPersonal ? CREATOR_OR_ADMIN : existing.read === undefined ? true : existing.read,
      // a rule set with update/delete keys but no write is replaced whole: nothing it restricted is opened
      write: writeOpen || existing.write === undefined ? CREATOR_OR_ADMIN : existing.write,
    };
    const fields = personal.map((f) => `\`${f}\``).join(", ");
    const problem = exposesPersonal
      ? `${entity} holds personal data (${fields}) and ${noRules ? "has no access rules" : "its read rule lets everyone through"}: ${WHO[visibility]} can read every record${writeOpen ? ", and change or delete them" : ""}.`
      : `${entity} ${noRules ? "has no access rules" : "has no rule for changing records"}: ${WHO[visibility]} can change and delete records other people created.`;
    const fix = exposesPersonal
      ? `Let only each record's creator and the app's admins read and change ${entity} records: set its rules to ${JSON.stringify(recommended)} (Security → ${entity}: Creator only, or User property role is admin).`
      : `Let only each record's creator and the app's admins change or delete ${entity} records (reading stays as it is): set its rules to ${JSON.stringify(recommended)}.`;
    return { id: `rls-${entity}-${kind}`, group: "rls_recommendations", severity, file, line: null, entity, problem, fix, rls: recommended };
  }
}
