import { parse } from "acorn";
import { transform } from "sucrase";

/**
 * The fields an app's code filters and sorts each entity on, read from a page, component or
 * backend function when it is saved, so those fields are indexed before the first user waits
 * on a scan (upkeep.ts). The SDK's shapes are recognised wherever the entity comes from:
 * `import { Task } from "@/entities/Task"` (or "@/entities", "@/api/entities"),
 * `const { Task } = base44.entities`, and `base44.entities.Task` (or `.asServiceRole.entities`):
 * `Task.filter({ status: "open", $or: [{ owner_id: x }] }, "-due_date")` names status,
 * owner_id and due_date; `Task.list("priority")` names priority. A miss costs nothing but
 * one scan: the first query then asks for the index itself.
 */
export namespace CodeQueries {
  interface Node {
    type: string;
    [key: string]: unknown;
  }

  const isNode = (value: unknown): value is Node => !!value && typeof value === "object" && typeof (value as Node).type === "string";
  const ENTITY_MODULE = /^@\/(?:api\/)?entities(?:\/([A-Za-z_]\w*))?$/;
  const ENTITY_NAME = /^[A-Za-z_]\w*$/;

  /** entity → the fields its queries in this source filter or sort on (an empty map when the source does not parse). */
  export function fieldsOf(source: string): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    let program: Node;
    try {
      const js = transform(source, { transforms: ["jsx", "typescript"], production: true, disableESTransforms: true }).code;
      program = parse(js, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true }) as unknown as Node;
    } catch {
      return out;
    }
    const local = new Map<string, string>();
    walk(program, (node) => bindings(node, local));
    walk(program, (node) => {
      if (node.type !== "CallExpression" || !isNode(node.callee) || node.callee.type !== "MemberExpression") return;
      const method = propertyName(node.callee);
      if (method !== "filter" && method !== "list") return;
      const entity = entityOf(node.callee.object, local);
      if (!entity) return;
      const args = node.arguments as Node[];
      const fields = out.get(entity) ?? new Set<string>();
      if (method === "filter") {
        keysOf(args[0], fields);
        sortOf(args[1], fields);
      } else sortOf(args[0], fields);
      if (fields.size) out.set(entity, fields);
    });
    return out;
  }

  /** Local names bound to an entity: imported from an entities module, or destructured from `….entities`. */
  function bindings(node: Node, local: Map<string, string>): void {
    if (node.type === "ImportDeclaration" && isNode(node.source) && typeof node.source.value === "string") {
      const module = ENTITY_MODULE.exec(node.source.value);
      if (!module) return;
      for (const spec of node.specifiers as Node[]) {
        if (spec.type === "ImportSpecifier" && isNode(spec.imported) && isNode(spec.local)) local.set(String(spec.local.name), String(spec.imported.name ?? spec.imported.value));
        else if (spec.type === "ImportDefaultSpecifier" && module[1] && isNode(spec.local)) local.set(String(spec.local.name), module[1]);
      }
    } else if (node.type === "VariableDeclarator" && isNode(node.id) && node.id.type === "ObjectPattern" && isNode(node.init) && endsInEntities(node.init)) {
      for (const prop of node.id.properties as Node[]) {
        if (prop.type !== "Property" || !isNode(prop.value) || prop.value.type !== "Identifier") continue;
        const name = keyName(prop);
        if (name) local.set(String(prop.value.name), name);
      }
    }
  }

  const endsInEntities = (node: Node) => node.type === "MemberExpression" && propertyName(node) === "entities";

  /** The entity an expression names: a bound local, or `….entities.<Name>`. */
  function entityOf(node: unknown, local: Map<string, string>): string | undefined {
    if (!isNode(node)) return undefined;
    if (node.type === "Identifier") return local.get(String(node.name));
    if (node.type === "MemberExpression" && isNode(node.object) && endsInEntities(node.object)) {
      const name = propertyName(node);
      return name && ENTITY_NAME.test(name) ? name : undefined;
    }
    return undefined;
  }

  function propertyName(member: Node): string | undefined {
    const property = member.property as Node;
    if (!member.computed && property.type === "Identifier") return String(property.name);
    if (property.type === "Literal" && typeof property.value === "string") return property.value;
    return undefined;
  }

  function keyName(prop: Node): string | undefined {
    const key = prop.key as Node;
    if (!prop.computed && key.type === "Identifier") return String(key.name);
    if (key.type === "Literal" && typeof key.value === "string") return key.value;
    return undefined;
  }

  /** A filter object's field names, into `$and`/`$or`/`$nor` branches; operators and dotted paths are not fields. */
  function keysOf(node: unknown, fields: Set<string>, depth = 0): void {
    if (!isNode(node) || node.type !== "ObjectExpression" || depth > 4) return;
    for (const prop of node.properties as Node[]) {
      if (prop.type !== "Property") continue;
      const name = keyName(prop);
      if (!name) continue;
      if (["$and", "$or", "$nor"].includes(name) && isNode(prop.value) && prop.value.type === "ArrayExpression") {
        for (const branch of prop.value.elements as unknown[]) keysOf(branch, fields, depth + 1);
      } else if (!name.startsWith("$") && !name.includes(".")) fields.add(name);
    }
  }

  /** A sort string's field: "-due_date" → due_date. */
  function sortOf(node: unknown, fields: Set<string>): void {
    if (!isNode(node) || node.type !== "Literal" || typeof node.value !== "string") return;
    const field = node.value.replace(/^[-+]/, "");
    if (field && !field.includes(".")) fields.add(field);
  }

  /** Every node of a tree, parents first. */
  function walk(node: Node, visit: (node: Node) => void): void {
    visit(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "range") continue;
      if (Array.isArray(value)) for (const child of value) isNode(child) && walk(child, visit);
      else if (isNode(value)) walk(value, visit);
    }
  }
}
