/**
 * Backend functions the offline engine writes (functions/<name>, in the Base44 shape that
 * Kiln's function sandbox runs): one that counts an entity's records, optionally by status,
 * and one that posts a record (or a message) to a Slack or Discord channel through an
 * incoming webhook kept in a secret. Anything else it says it cannot write.
 */
import type { SecretRequestItem } from "../../../schemas/secrets";
import type { Action } from "../../../lib/agent/protocol";
import { type Field, titleField } from "./entities";
import { type AppModel, type EntityDef, fields } from "./model";
import { access, camel, listing, localVar, lowerWords, pascal, pluralize, sentence, snake, str } from "./naming";
import { resolveEntity } from "./resolve";
import { CONFIGURE } from "./texts";
import { CLOSED_VALUES, DONE_WORDS, FINISHED_VALUES, OPEN_WORDS, OTHER_SERVICE_NAMES, REQUEST_FILLER } from "./vocabulary/functions";
import { pattern } from "./pattern";

export interface FunctionContext {
  files: Record<string, string>;
  /** backend functions are activated for the app */
  backendFunctions: boolean;
  /** the names of the app's secrets */
  secretNames: string[];
}

export type FunctionOutcome = { actions: Action[]; plan: string; done: string; notes?: string[] } | { reply: string };

/** The SDK a function imports: the version Kiln's sandbox resolves (and Base44 documents). */
export const FUNCTION_SDK = "npm:@base44/sdk@0.8.50";

const REQUEST = pattern(
  "i",
  /^(?:add|create|make|write|build|set up|i need|i want|give me)\s+/,
  /(?:me\s+)?(?:an?\s+|the\s+)?(?:new\s+)?(?:backend\s+|server(?:-side)?\s+|cloud\s+)?function\b\s*/,
  /(?:(?:called|named)\s+["'`]?([A-Za-z][\w-]{0,63})["'`]?\s*)?,?\s*(?:that|which|to|for)?\s*(.*)$/,
);

interface Webhook {
  service: string;
  secret: SecretRequestItem;
  /** the JSON body the service's webhook takes, around the message in `text` */
  body: string;
}

const WEBHOOKS: Record<string, Webhook> = {
  slack: {
    service: "Slack",
    secret: {
      secretName: "SLACK_WEBHOOK_URL",
      description: "The incoming webhook URL of the Slack channel to post to (in Slack: Apps → Incoming Webhooks → Add New Webhook to Workspace → copy the Webhook URL).",
    },
    body: "{ text }",
  },
  discord: {
    service: "Discord",
    secret: {
      secretName: "DISCORD_WEBHOOK_URL",
      description: "The webhook URL of the Discord channel to post to (Server Settings → Integrations → Webhooks → New Webhook → Copy Webhook URL).",
    },
    body: "{ content: text }",
  },
};

/** Services a function could call but the offline engine has no template for. */
const OTHER_SERVICES = new RegExp(`\\b(${OTHER_SERVICE_NAMES.join("|")})\\b`, "i");

const HEADER = [`import { createClientFromRequest } from ${str(FUNCTION_SDK)};`, ""];
const SIGNED_IN = [
  "  const base44 = createClientFromRequest(req);",
  "  const user = await base44.auth.me().catch(() => null);",
  '  if (!user) return Response.json({ error: "Sign in to call this function" }, { status: 401 });',
];

/** The first entity the text names (one or two words), and the word before it. */
function entityIn(text: string, model: AppModel): { def: EntityDef; before: string | null; after: string } | null {
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    if (REQUEST_FILLER.has(tokens[i].toLowerCase())) continue;
    for (const n of [2, 1]) {
      if (i + n > tokens.length) continue;
      const def = resolveEntity(model, tokens.slice(i, i + n).join(" "));
      if (def) return { def, before: i > 0 && !REQUEST_FILLER.has(tokens[i - 1].toLowerCase()) ? tokens[i - 1] : null, after: tokens.slice(i + n).join(" ") };
    }
  }
  return null;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

const statusOf = (model: AppModel, def: EntityDef): Field | undefined => fields(model, def).find((f) => f.kind === "enum" && /^(status|stage)$/.test(f.name));

/** The status values a word stands for ("open" -> every value that is not closed), or why it stands for none. */
function statusValues(word: string, status: Field | undefined, def: EntityDef): string[] | string {
  if (!status) return `${def.name} has no status field, so I can't tell which ${lowerWords(pluralize(def.name))} are "${word}".`;
  const wanted = snake(word);
  if (status.options.includes(wanted)) return [wanted];
  const words = wanted.replace(/_/g, " ");
  const matches = OPEN_WORDS.has(words) ? status.options.filter((o) => !CLOSED_VALUES.has(o)) : DONE_WORDS.has(words) ? status.options.filter((o) => FINISHED_VALUES.has(o)) : [];
  if (matches.length && matches.length < status.options.length) return matches;
  return (
    `I couldn't tell which ${def.name} ${status.name} values "${word}" means; they are ${listing(status.options)}. ` +
    `Ask again with one of them, e.g. "add a function that returns the number of ${status.options[0].replace(/_/g, " ")} ` +
    `${lowerWords(pluralize(def.name))}".`
  );
}

function countFunction(def: EntityDef, values: string[] | null, statusName: string): string {
  const many = localVar(pluralize(def.name));
  const entity = access("base44.entities", def.name);
  const key = /^[A-Za-z_$][\w$]*$/.test(statusName) ? statusName : str(statusName);
  const query = values ? `${entity}.filter({ ${key}: { $in: [${values.map(str).join(", ")}] } })` : `${entity}.list()`;
  const which = values ? ` whose ${statusName} is ${listing(values, "or")}` : "";
  return [
    ...HEADER,
    `// Counts the ${def.name} records the caller may read${which}: as the caller, so row-level rules apply.`,
    "Deno.serve(async (req) => {",
    ...SIGNED_IN,
    `  const ${many} = await ${query};`,
    `  return Response.json({ count: ${many}.length });`,
    "});",
  ].join("\n");
}

/** The lines of a chat message about one record: its title, then a few short fields. */
function summaryLines(model: AppModel, def: EntityDef, record: string): string[] {
  const all = fields(model, def);
  const title = titleField(all);
  const rest = all.filter((f) => f !== title && ["text", "number", "enum", "date", "email"].includes(f.kind)).slice(0, 3);
  const value = (f: Field) => `(${access(record, f.name)} ?? "—")`;
  return [
    `    ${str(`New ${lowerWords(def.name)}: `)} + ${title ? `(${access(record, title.name)} ?? ${record}.id)` : `${record}.id`},`,
    ...rest.map((f) => `    ${str(`${sentence(f.name)}: `)} + ${value(f)},`),
  ];
}

function webhookFunction(hook: Webhook, model: AppModel, def: EntityDef | null): string {
  const secret = hook.secret.secretName;
  const record = def ? localVar(def.name) : "";
  const idKey = def ? `${snake(def.name)}_id` : "";
  const input = def
    ? [
        `  const { ${idKey} } = await req.json().catch(() => ({}));`,
        `  if (!${idKey}) return Response.json({ error: ${str(`Send { ${idKey} }`)} }, { status: 400 });`,
        `  const ${record} = await ${access("base44.entities", def.name)}.get(${idKey});`,
        "  const text = [",
        ...summaryLines(model, def, record),
        '  ].join("\\n");',
      ]
    : ["  const { text } = await req.json().catch(() => ({}));", '  if (!text) return Response.json({ error: "Send { text }" }, { status: 400 });'];
  return [
    ...HEADER,
    `// Posts ${def ? `one ${def.name}` : "a message"} to ${hook.service} through an incoming webhook, whose URL is the app's secret ${secret}.`,
    "Deno.serve(async (req) => {",
    ...SIGNED_IN,
    `  const webhookUrl = Deno.env.get(${str(secret)});`,
    `  if (!webhookUrl) return Response.json({ error: ${str(`The secret ${secret} is not set`)} }, { status: 500 });`,
    ...input,
    "  const answer = await fetch(webhookUrl, {",
    '    method: "POST",',
    '    headers: { "content-type": "application/json" },',
    `    body: JSON.stringify(${hook.body}),`,
    "  });",
    `  if (!answer.ok) return Response.json({ error: ${str(`${hook.service} answered `)} + answer.status }, { status: 502 });`,
    "  return Response.json({ posted: true });",
    "});",
  ].join("\n");
}

/** How a page calls the function, and whether it can run yet. */
function callNotes(name: string, payload: string, ctx: FunctionContext): string[] {
  return [
    `Call it from a page with \`import { ${name} } from "@/functions/${name}"\` and \`const { data } = await ${name}(${payload})\`, or \`base44.functions.invoke("${name}", ${payload || "{}"})\`.`,
    ctx.backendFunctions
      ? "Backend functions are active for this app, so it runs as soon as it is saved."
      : "Backend functions are not activated for this app yet: the function is saved, but it can't run until you activate backend functions in App Settings (Builder tier and above).",
  ];
}

const exists = (ctx: FunctionContext, name: string): FunctionOutcome | null =>
  `functions/${name}` in ctx.files
    ? { reply: `The app already has functions/${name}, so I left it as it is. To write another one, give it a new name, e.g. "add a function called ${name}2 that …".` }
    : null;

function counting(what: string, named: string | undefined, model: AppModel, ctx: FunctionContext): FunctionOutcome {
  const found = entityIn(what, model);
  if (!found)
    return {
      reply:
        `I couldn't tell which records to count. The entities are: ${listing(model.entities.map((e) => e.name)) || "none"}; ` +
        `ask e.g. "add a function that returns the number of open ${lowerWords(pluralize(model.entities[0]?.name ?? "task"))}".`,
    };
  const { def } = found;
  const status = statusOf(model, def);
  const trailing = /^(?:that are|which are|with (?:the )?(?:status|stage)|whose (?:status|stage) is|marked(?: as)?|in)\s+(.+)$/i.exec(found.after.trim());
  const word = (trailing?.[1] ?? found.before ?? "").trim().replace(/^["'`]|["'`]$/g, "");
  const values = word ? statusValues(word, status, def) : null;
  if (typeof values === "string") return { reply: values };
  const name = named ? camel(named) : `count${pascal(word)}${pascal(pluralize(def.name))}`;
  const taken = exists(ctx, name);
  if (taken) return taken;
  const which = values
    ? ` whose ${status!.name} is ${listing(
        values.map((v) => `"${v}"`),
        "or",
      )}`
    : "";
  return {
    actions: [{ type: "write", path: `functions/${name}`, content: countFunction(def, values, status?.name ?? "status") }],
    plan: `Write the backend function functions/${name}: count the ${def.name} records${which}, as the caller.`,
    done: [
      `Wrote functions/${name}: it answers \`{ count }\`, the number of ${def.name} records${which}.`,
      `It counts as the caller (\`base44.entities.${def.name}.${values ? "filter" : "list"}\`), so row-level rules ` +
        `apply and nobody learns how many records they may not read; \`asServiceRole\` would count every record, whoever asks.`,
      ...callNotes(name, "", ctx),
      "No page calls it yet.",
    ].join(" "),
  };
}

function posting(hook: Webhook, what: string, named: string | undefined, model: AppModel, ctx: FunctionContext): FunctionOutcome {
  const def = entityIn(what.replace(new RegExp(`\\b${hook.service}\\b`, "ig"), " "), model)?.def ?? null;
  const name = named ? camel(named) : `post${def ? def.name : "Message"}To${hook.service}`;
  const taken = exists(ctx, name);
  if (taken) return taken;
  const secret = hook.secret.secretName;
  const missing = !ctx.secretNames.includes(secret);
  const payload = def ? `{ ${snake(def.name)}_id: ${localVar(def.name)}.id }` : '{ text: "Hello" }';
  const actions: Action[] = [{ type: "write", path: `functions/${name}`, content: webhookFunction(hook, model, def) }];
  if (missing) actions.push({ type: "secrets", secrets: [hook.secret] });
  return {
    actions,
    plan: `Write the backend function functions/${name}: post ${def ? `${article(def.name)} ${def.name}` : "a message"} to ${hook.service} through a webhook kept in the secret ${secret}.`,
    done: [
      `Wrote functions/${name}: send it \`${payload}\` and it posts ${def ? `that ${lowerWords(def.name)} (read as the caller, so only someone who may see it can post it)` : "the text"} ` +
        `to ${hook.service}, reading the webhook URL with \`Deno.env.get("${secret}")\`.`,
      missing ? `Enter ${secret} in the secrets form below; never paste it into the chat.` : `The app already has the secret ${secret}.`,
      ...callNotes(name, payload, ctx),
      def
        ? `It doesn't run by itself when ${article(def.name)} ${lowerWords(def.name)} is created, and I didn't wire ` +
          `it into a page: call it after saving, e.g. in ${def.pages.form ? `pages/${def.pages.form}` : "the page that creates it"}.`
        : "No page calls it yet.",
    ].join(" "),
  };
}

/** "add a function that …": the function written, or plain words on why not; null when the message asks for no function. */
export function backendFunction(message: string, model: AppModel, ctx: FunctionContext): FunctionOutcome | null {
  const r = REQUEST.exec(message);
  if (!r) return null;
  const named = r[1];
  const what = r[2].trim();
  const service = /\b(slack|discord)\b/i.exec(what);
  if (service) return posting(WEBHOOKS[service[1].toLowerCase()], what, named, model, ctx);
  const other = OTHER_SERVICES.exec(what);
  if (other) {
    return {
      reply:
        `I can't write a function that works with ${other[1]}: I'm Kiln's offline engine and only know how ` +
        `to write functions that count records or post to Slack or Discord. To have it written, ${CONFIGURE}.`,
    };
  }
  const counted = /\b(?:count(?:s|ing)?|number of|how many|total number of)\s+(.+)$/i.exec(what);
  if (counted) return counting(counted[1].replace(/\s+(?:(?:there are|are there|exist)|(?:in|of) (?:the|this|my) app)$/i, ""), named, model, ctx);
  return {
    reply: [
      what ? "I can't write that function." : "What should the function do?",
      `I'm Kiln's offline engine, so the functions I can write are ones that count records (e.g. "add a function ` +
        `that returns the number of open tasks") or post to Slack or Discord (e.g. "add a function that posts new ` +
        `orders to Slack"). For anything else, ${CONFIGURE}.`,
    ].join(" "),
  };
}
