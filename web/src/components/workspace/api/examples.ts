/**
 * The API page's examples (spec 02 §2 "API Integration page"): list one entity's records
 * and update one, against Kiln's app API with the owner's `api_key` header. Each example
 * is a whole program (JavaScript as an ES module, Python with `requests`) that runs as
 * pasted; test/api/api-page.test.ts runs them against the local stack.
 */
export interface ExampleInput {
  /** where Kiln is served, e.g. https://kiln.example.com */
  baseUrl: string;
  appId: string;
  entity: string;
  apiKey: string;
  /** the entity's properties (JSON Schema), for the field list and the sample update */
  properties: Record<string, Record<string, unknown>>;
}

export type ExampleLanguage = "javascript" | "python";

export function entitiesUrl({ baseUrl, appId, entity }: Pick<ExampleInput, "baseUrl" | "appId" | "entity">): string {
  return `${baseUrl.replace(/\/+$/, "")}/api/apps/${encodeURIComponent(appId)}/entities/${encodeURIComponent(entity)}`;
}

/** A value the update can set on one field, so the example changes something real. */
export function sampleUpdate(properties: ExampleInput["properties"]): Record<string, unknown> {
  for (const [field, p] of Object.entries(properties)) {
    if (Array.isArray(p.enum) && p.enum.length > 0) return { [field]: p.enum[0] };
    if (p.type === "string" && !p.format) return { [field]: `Updated ${field}` };
  }
  for (const [field, p] of Object.entries(properties)) {
    if (p.type === "boolean") return { [field]: true };
    if (p.type === "number" || p.type === "integer") return { [field]: 1 };
  }
  return {};
}

const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();

/** The entity's name as part of a JavaScript identifier (names may hold "-"). */
const identifier = (name: string) => name.replace(/[^A-Za-z0-9_]/g, "_");

const fieldList = (properties: ExampleInput["properties"]) => Object.keys(properties).join(", ") || "(none)";

export function javascriptExample(input: ExampleInput): string {
  const { entity } = input;
  const id = identifier(entity);
  const update = JSON.stringify(sampleUpdate(input.properties), null, 2).replace(/\n/g, "\n  ");
  return `// Kiln API: read and update ${entity} records
// Fields: ${fieldList(input.properties)}
const API_KEY = ${JSON.stringify(input.apiKey)};
const ENTITY_URL = ${JSON.stringify(entitiesUrl(input))};

// GET /api/apps/{appId}/entities/${entity}
async function fetch${id}Entities() {
  const response = await fetch(ENTITY_URL, {
    headers: { api_key: API_KEY, "Content-Type": "application/json" },
  });
  if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);
  return response.json();
}

// PUT /api/apps/{appId}/entities/${entity}/{entityId}
async function update${id}Entity(entityId, updateData) {
  const response = await fetch(\`\${ENTITY_URL}/\${entityId}\`, {
    method: "PUT",
    headers: { api_key: API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify(updateData),
  });
  if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);
  return response.json();
}

const records = await fetch${id}Entities();
console.log(records);
if (records.length > 0) {
  const updated = await update${id}Entity(records[0].id, ${update});
  console.log(updated);
}
`;
}

/** A JSON value written as a Python literal. */
function python(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map((v) => python(v, indent)).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    const inner = `${indent}    `;
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${python(v, inner)}`).join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export function pythonExample(input: ExampleInput): string {
  const name = snake(input.entity);
  return `# Kiln API: read and update ${input.entity} records
# Fields: ${fieldList(input.properties)}
import requests

API_KEY = ${JSON.stringify(input.apiKey)}
ENTITY_URL = ${JSON.stringify(entitiesUrl(input))}
HEADERS = {"api_key": API_KEY, "Content-Type": "application/json"}


# GET /api/apps/{appId}/entities/${input.entity}
def fetch_${name}_entities():
    response = requests.get(ENTITY_URL, headers=HEADERS)
    response.raise_for_status()
    return response.json()


# PUT /api/apps/{appId}/entities/${input.entity}/{entityId}
def update_${name}_entity(entity_id, update_data):
    response = requests.put(f"{ENTITY_URL}/{entity_id}", headers=HEADERS, json=update_data)
    response.raise_for_status()
    return response.json()


records = fetch_${name}_entities()
print(records)
if records:
    updated = update_${name}_entity(records[0]["id"], ${python(sampleUpdate(input.properties), "    ")})
    print(updated)
`;
}

export function example(language: ExampleLanguage, input: ExampleInput): string {
  return language === "javascript" ? javascriptExample(input) : pythonExample(input);
}
