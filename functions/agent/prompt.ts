/**
 * The prompt a real model gets for one turn (DESIGN §4–§5): a system prompt that
 * teaches the action protocol (protocol.ts) and the generated-app conventions
 * (schemas/app-files.ts), carries the owner's settings (frozen files, custom
 * instructions, style), the turn's context (current page, selected element,
 * discussion mode) and the app's files; then the recent conversation, with the
 * bodies of earlier writes and edits collapsed so they cost no tokens twice.
 */
import { estimateTokens } from "./context";
import { changedInHistory, neighbours } from "./focus";
import { DIVIDER_MARK, REPLACE_MARK, SEARCH_MARK, TAG } from "../../lib/agent/protocol";
import type { ProviderName } from "./model-call";
import { normalizePath } from "../../lib/agent/repair";

export interface PromptInput {
  appName: string;
  files: Record<string, string>;
  customInstructions: string;
  frozenFiles: string[];
  currentPage?: string | null;
  element?: { tagName: string; filename: string; lineNumber: number; classes?: string } | null;
  discussion: boolean;
  style?: string | null;
  /** the catalogue integrations the app was created with: their names and instructions */
  integrations?: { name: string; prompt: string }[];
  /** integration packages installed in the app (functions/core/catalog/packages.ts): each endpoint as the app calls it */
  packages?: { name: string; endpoints: { name: string; params: string; returns: string; description: string }[] }[];
  /** names of the app's secrets; their values never reach the model */
  secretNames?: string[];
  /** backend functions are activated for the app (App.has_backend_functions_enabled) */
  backendFunctions?: boolean;
  /** whose tokenizer the budgets are estimated for */
  provider?: ProviderName;
  /** characters per token for the budgets: learned from the provider's own count (context.ts charsPerToken); the family's ratio when unset */
  charsPerToken?: number;
  history: { role: "user" | "assistant"; content: string }[];
  /** this turn's earlier calls that asked for files, each with Kiln's answer: after `history`, never trimmed with it, so the prefix each next call repeats stays byte-identical */
  rounds?: { role: "user" | "assistant"; content: string }[];
  message: string;
  /** the person's own request, whose named files are shown in full (`message` when unset): the same in every model call of a turn, so the prompt's cached part stays the same */
  focus?: string;
  fileUrls?: string[];
  /** this call is an automated fix round: `focus` (else `message`) is the problem list, and only the files it concerns are shown whole */
  fix?: boolean;
  /** the files this turn has changed so far (focus.ts changedPaths): shown whole in its next calls */
  changed?: string[];
}

type PromptMessage = { role: "user" | "assistant"; content: string };

/** Above this many tokens of file contents (counted as the provider counts them, context.ts), only the files that matter are shown in full. */
export const FILE_TREE_TOKENS = 36_000;
/**
 * A follow-up (a turn with earlier answers, or a fix round) shows every file whole only while they fit this many tokens;
 * beyond it, the files it most likely touches (focus.ts) and the rest by path. About a small app (its layout, entities and
 * three or four pages): whole, the model needs no read round, whose extra call re-sends the prompt; larger, the focused
 * set costs less than the whole tree even when the model reads a file or two.
 */
export const FOLLOW_UP_WHOLE_TOKENS = 8_000;
/** How many earlier messages travel with a turn. */
export const HISTORY_MESSAGES = 10;

export const LAYOUT_PATH = "layout/main";

/** Where the file tree starts in the stable system part: the rules before it stay the same from turn to turn, the files after it change (prompt-cache.ts marks both). */
export const FILES_HEADING = "# The app's files";

const UI_PARTS = [
  "button", "card", "input", "textarea", "label", "select", "checkbox", "switch", "badge", "table", "tabs",
  "dialog", "sheet", "dropdown-menu", "popover", "tooltip", "avatar", "separator", "skeleton", "progress", "alert",
];

const PROTOCOL = `# How you answer
You change the app only through action tags in your answer; everything outside the tags is chat text shown to the user. The tags:

<${TAG.plan}>One short line: what this turn will do.</${TAG.plan}>
<${TAG.write} path="pages/Dashboard">
…the whole file…
</${TAG.write}>
<${TAG.edit} path="components/TaskCard">
${SEARCH_MARK}
exact lines now in the file
${DIVIDER_MARK}
the lines to put in their place
${REPLACE_MARK}
</${TAG.edit}>
<${TAG.delete} path="pages/Old" />
<${TAG.rename} from="pages/Tasks" to="pages/Todos" />
<${TAG.secrets}>[{"secretName": "OPENAI_API_KEY", "description": "Your OpenAI API key, from platform.openai.com → API keys"}]</${TAG.secrets}>
<${TAG.list} under="components" />
<${TAG.read} path="pages/Reports" />
<${TAG.search} query="Task.filter(" />

Rules:
- Start every answer that changes files with exactly one <${TAG.plan}> line, then the actions, then one or two sentences telling the user what changed.
- <${TAG.write}> writes a whole file: use it for new files and for small files (under about 80 lines). Its body is the complete file, nothing left out.
- <${TAG.edit}> changes part of an existing larger file: one or more ${SEARCH_MARK} / ${DIVIDER_MARK} / ${REPLACE_MARK} blocks, each marker on its own line. The SEARCH text must be copied exactly from the current file (same indentation and spacing), must occur exactly once in it, and should be a few lines long so it is unambiguous. An empty replacement deletes the lines. Prefer several small blocks over rewriting a large file.
- Never write placeholders such as "// rest of code unchanged", "// ... existing code ...", "…" or "same as before": a write replaces the whole file with exactly its body, so anything left out is lost. If a file is too large to rewrite, edit it instead.
- <${TAG.delete}> removes a file; <${TAG.rename}> moves one (then edit the files that import or link to the old name).
- <${TAG.list}> (optionally under a folder), <${TAG.read}> and <${TAG.search}> (a case-insensitive text, answered with the matching lines) fetch files whose contents are not shown below. End your answer right after them: you get the results in the next message and continue the same task there. Ask only for what you need, several at once if you need several; never edit a file you have not seen.
- <${TAG.secrets}> asks the owner for secrets a backend function needs (a JSON list; names in UPPER_SNAKE_CASE, each description says what to paste and where to find it): the chat shows them a form for the values.
- Every action names its path as the app knows it, with no extension and no src/ prefix: pages/Name, components/Name or components/dir/Name, layout/main, entities/Name, functions/name.
- Entity schemas are JSON (not JavaScript), written to entities/<Name>: {"name": "Task", "type": "object", "properties": {"title": {"type": "string"}, "status": {"type": "string", "enum": ["todo", "done"], "default": "todo"}, "due_date": {"type": "string", "format": "date"}}, "required": ["title"]}. Records get id, created_date, updated_date and created_by on their own; do not declare them. Indexes need no declaring: link fields (<x>_id) are indexed from the start and any other string, number, integer or boolean field once a query filters or sorts on it; "x-kiln-index": true indexes a field from the start, false never (e.g. long free text).
- Never put file contents in markdown code fences: code in fences is not applied to the app. Fences are only for short snippets in explanations.
- Do only what the user asked; do not remove pages, entities, fields or features they did not ask to remove.`;

const CONVENTIONS = `# The app's files and what they may import
- pages/<Name>: a React page written in JSX (no TypeScript), exported as the default export. Its URL is its name; build links with createPageUrl("Name") from "@/utils" (e.g. <Link to={createPageUrl("TaskDetail") + "?id=" + task.id}>).
- components/<Name> (folders allowed, e.g. components/tasks/TaskCard): React components, default export.
  A page may also export its settings: export const pageConfig = { requiresAuth: false, usesLayout: false, showInMenu: false, parent: "Settings" } — every key optional: requiresAuth (default true, except in apps open to everyone) says whether signing in is needed, usesLayout: false renders the page without the layout, showInMenu: false keeps it out of the menu, parent makes it a child page (also reachable at /Parent/Child).
- layout/main: export default function Layout({ children, currentPageName, menuPages }) wraps every page: navigation, header, footer. menuPages lists the pages to offer in the menu as [{ name, url, children }].
- entities/<Name>: the JSON Schema of an entity, as above.
- functions/<name>: a backend function (below).
Imports allowed, and nothing else (the runtime provides only these):
- "react" (hooks such as useState, useEffect, useMemo).
- "@/entities/<Name>": import { Task } from "@/entities/Task"; then await Task.list("-created_date"), Task.filter({ status: "todo" }, "-created_date"), Task.get(id), Task.create(data), Task.update(id, data), Task.delete(id). Sort strings name a field, "-" first for descending.
- "@/api/base44Client": import { base44 } from "@/api/base44Client" (base44.auth.me(), base44.auth.logout(), base44.entities.<Name>).
- "@/integrations/Core": InvokeLLM, SendEmail, UploadFile, GenerateImage, ExtractDataFromUploadedFile.
- "@/functions/<name>": call the app's backend functions.
- "@/components/ui/<part>": the shadcn/ui-style kit, e.g. ${UI_PARTS.map((p) => `"@/components/ui/${p}"`).join(", ")}; import { Button } from "@/components/ui/button", import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card".
- "lucide-react" for icons, "react-router-dom" (Link, useNavigate, useLocation), "date-fns" (format, parseISO, differenceInDays, …), and createPageUrl from "@/utils".
- Other components of the app through "@/components/<Name>".
Style everything with Tailwind CSS classes; there are no CSS files.`;

/** How to use the platform well: the calls as they really are, and the habits of a careful change (issue 24 §4). */
const CRAFT = `# Using the platform correctly
- Call the SDK only as shown here; never guess a method from another backend (Firebase, Supabase, Mongo). Records: list, filter, get, create, update, delete, and bulkCreate([...]) for many at once; there is no find, findOne, insert, remove or save. list(sort, limit) and filter(query, sort, limit) take an optional limit: pass one where a list could grow long.
- The signed-in person is await base44.auth.me(), asked when needed (there is no listener and no currentUser); it throws when nobody is signed in, so catch that on pages open to everyone. base44.auth.updateMe(data) changes their own profile; base44.auth.logout() signs them out.
- Integrations take one object and answer one: InvokeLLM({ prompt, response_json_schema, file_urls }) answers text, or an object shaped by response_json_schema when given; UploadFile({ file }) answers { file_url }; SendEmail({ to, subject, body }) reaches only the app's own users and its owner; ExtractDataFromUploadedFile({ file_url, json_schema }) answers { status, details, output } (the records in output when status is "success"). GenerateImage fails on servers without an image model: show its error instead of assuming an image.
- Use no package, module or file outside the imports listed above, and never tell the user to install one: build it with what is there, or say plainly what cannot be done.

# Making a change well
- Change only what the request needs, in as few files as it takes; keep the names, exports, page names and fields that other files use. Prefer <${TAG.edit}> for a small change to an existing file.
- Before you change a file, look at how it is used: when you rename or remove a page, component, export or field, update every file that imports or links to it in the same answer.
- Every page that loads records shows a loading state, an empty state with a next step (e.g. a button to add the first one), and a readable message when a call fails; forms check required fields and disable their button while saving.
- The layout holds the navigation, header and footer: pages do not draw their own menu. Pages are responsive (they work on a phone first, then wider), use the UI kit's parts rather than hand-made copies, and give every icon-only button an aria-label.
- Dates are stored as ISO strings ("yyyy-MM-dd" for a date field) and shown with date-fns; money and counts are formatted for people, not printed raw.
- New data needs an entity: write entities/<Name> before (or with) the pages that use it, and never keep app data only in component state or localStorage.`;

const BACKEND_FUNCTIONS = `# Backend functions
A backend function runs on the server (Deno), never in the browser. Write one to use a secret or API key, to call a third-party API, for work that must not run in the browser, or to read or change records beyond what the caller may (service role). Everything else belongs in pages. A function is the file functions/<camelCaseName>, in exactly this shape:

import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";

Deno.serve(async (req) => {
  const base44 = createClientFromRequest(req);
  const user = await base44.auth.me(); // the caller; throws when nobody is signed in
  const { status } = await req.json(); // the JSON payload
  const tasks = await base44.entities.Task.filter({ status }); // as the caller: row-level rules apply
  const all = await base44.asServiceRole.entities.Task.list(); // as the app itself: every record, so check who is asking first
  const apiKey = Deno.env.get("OPENAI_API_KEY"); // one of the app's secrets
  return Response.json({ count: tasks.length });
});

- Pages call it with import { countOpenTasks } from "@/functions/countOpenTasks"; const { data } = await countOpenTasks({ status: "open" }); (data is what the function answered), or base44.functions.invoke("countOpenTasks", payload).
- Read secrets only with Deno.env.get("NAME") inside functions; never put a key in a page, never print, log or return it. When a function needs a secret the app does not have, ask for it with <${TAG.secrets}> in the same answer. Never ask the owner to paste a key into the chat.
- Answer errors with Response.json({ error: "…" }, { status: 4xx or 5xx }).`;

/** The one line on whether the app's functions can run yet. */
function backendStatus(input: PromptInput): string {
  return input.backendFunctions
    ? "Backend functions are activated for this app."
    : "Backend functions are NOT activated for this app: a function you write is kept but cannot run until the owner activates backend functions in App Settings (Builder tier and above). Whenever you write or change a function, tell them so.";
}

const DISCUSSION_RULE =
  "DISCUSSION MODE is on: answer in text only; emit no action tags (no plan, write, edit, delete, rename or secret request). Explain, advise or plan in words; the user will switch discussion mode off when they want changes made.";

/** Tags an assistant message's action bodies collapse to: `<kiln-write path="x">…</kiln-write>`. */
const ACTION_BODY = new RegExp(`<(${TAG.write}|${TAG.edit})(\\s[^>]*)?>[\\s\\S]*?(?:</\\1\\s*>|$)`, "g");

/** An earlier assistant answer without the bodies of its writes and edits (they are in the file tree now). */
export function collapseActions(content: string): string {
  return content.replace(ACTION_BODY, (_m, tag: string, attrs: string | undefined) => `<${tag}${attrs ?? ""}>…</${tag}>`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Files a message names, by path ("pages/Tasks") or by name as a word ("Tasks", "TaskCard.jsx"). */
export function mentionedFiles(message: string, paths: string[]): string[] {
  const named = (word: string) => new RegExp(`(^|[^\\w])${escapeRegExp(word)}(\\.jsx?|\\.json)?($|[^\\w/])`).test(message);
  return paths.filter((path) => {
    const name = path.slice(path.lastIndexOf("/") + 1);
    return named(path) || (name.length >= 3 && name !== "main" && named(name));
  });
}

function elementPath(input: PromptInput, paths: string[]): string | null {
  if (!input.element?.filename) return null;
  const normal = normalizePath(input.element.filename);
  if (normal && paths.includes(normal)) return normal;
  const raw = input.element.filename.replace(/\.(jsx|js|tsx|ts|json)$/, "");
  return paths.find((p) => raw.endsWith(p)) ?? normal;
}

function fileBlock(path: string, content: string): string {
  return `<file path="${path}">\n${content}\n</file>`;
}

/** Whether a turn follows earlier work on the app: an earlier answer in the conversation, or a fix round. */
function isFollowUp(input: PromptInput): boolean {
  return Boolean(input.fix) || input.history.some((m) => m.role === "assistant" && m.content.trim());
}

/**
 * The files shown whole beyond the whole-tree budget. Always the entity schemas (small, and every page depends on them).
 * A fix round: the files its problem list names and the files the turn changed, with their imports and importers. A first
 * turn: also the layout, the current page, the selected element's file and the files the request names. A follow-up: those,
 * the files this turn changed, and (while FILE_TREE_TOKENS lasts) their imports and importers; and the files the last
 * answers changed (their neighbours not: what the person asks now is where the change most likely lands).
 */
function focusedFiles(input: PromptInput, paths: string[], tokens: Map<string, number>): Set<string> {
  const exists = (p: string) => paths.includes(p);
  const entities = paths.filter((p) => p.startsWith("entities/"));
  const changed = (input.changed ?? []).filter(exists);
  const selected = elementPath(input, paths);
  const core = new Set<string>();
  if (input.fix) {
    for (const p of [...mentionedFiles(input.focus ?? input.message, paths), ...changed]) core.add(p);
  } else {
    for (const p of mentionedFiles(input.focus ?? input.message, paths)) core.add(p);
    if (input.currentPage && exists(`pages/${input.currentPage}`)) core.add(`pages/${input.currentPage}`);
    if (selected && exists(selected)) core.add(selected);
    for (const p of changed) core.add(p);
  }
  const recent = input.fix || !isFollowUp(input) ? [] : changedInHistory(input.history).filter(exists);
  const shown = new Set([...entities, ...(input.fix || !exists(LAYOUT_PATH) ? [] : [LAYOUT_PATH]), ...core, ...recent]);
  if (!isFollowUp(input)) return shown;
  let used = [...shown].reduce((n, p) => n + tokens.get(p)!, 0);
  for (const p of neighbours(input.files, core)) {
    if (shown.has(p) || used + tokens.get(p)! > FILE_TREE_TOKENS) continue;
    shown.add(p);
    used += tokens.get(p)!;
  }
  return shown;
}

/**
 * The file tree. A first turn: everything in full while it fits FILE_TREE_TOKENS, else the files that matter in full, then the
 * smallest others while the budget lasts, and the rest by path. A follow-up or fix round: everything in full only while it fits
 * FOLLOW_UP_WHOLE_TOKENS, else only the files it most likely touches (focusedFiles) and the rest by path. Files keep their
 * sorted order either way, so what a turn's calls repeat stays byte-identical (the prompt cache's prefix).
 */
export function fileTreeSection(input: PromptInput): string {
  const paths = Object.keys(input.files).sort();
  if (!paths.length) return `${FILES_HEADING}\nThe app has no files yet: build it from scratch.`;
  const tokens = new Map(paths.map((p) => [p, estimateTokens(input.files[p], input.charsPerToken ?? input.provider)]));
  const total = paths.reduce((n, p) => n + tokens.get(p)!, 0);
  const followUp = isFollowUp(input);
  if (total <= (followUp ? FOLLOW_UP_WHOLE_TOKENS : FILE_TREE_TOKENS)) {
    return `${FILES_HEADING} (all ${paths.length}, with their current contents)\n${paths.map((p) => fileBlock(p, input.files[p])).join("\n\n")}`;
  }
  const shown = focusedFiles(input, paths, tokens);
  if (!followUp) {
    let used = [...shown].reduce((n, p) => n + tokens.get(p)!, 0);
    // Then the smallest of the others while the budget lasts: many small files help more than one big one.
    for (const p of paths.filter((p) => !shown.has(p)).sort((a, b) => tokens.get(a)! - tokens.get(b)!)) {
      if (used + tokens.get(p)! > FILE_TREE_TOKENS) break;
      shown.add(p);
      used += tokens.get(p)!;
    }
  }
  const hidden = paths.filter((p) => !shown.has(p));
  if (!hidden.length) return `${FILES_HEADING} (all ${paths.length}, with their current contents)\n${paths.map((p) => fileBlock(p, input.files[p])).join("\n\n")}`;
  const why = followUp
    ? input.fix
      ? `only the files these problems concern are shown whole, ${hidden.length} are listed by path only`
      : `only the files this request most likely touches are shown whole, ${hidden.length} are listed by path only`
    : `the tree is too large to show whole, so ${hidden.length} are listed by path only`;
  return [
    `${FILES_HEADING} (${paths.length}; ${why})`,
    paths.filter((p) => shown.has(p)).map((p) => fileBlock(p, input.files[p])).join("\n\n"),
    "",
    `Files not shown here (they exist; their contents are omitted). Do not write or edit a file you cannot see: read it first with <${TAG.read} path="…" />, or find what you need with <${TAG.search} query="…" />.`,
    hidden.map((p) => `- ${p} (${input.files[p].length.toLocaleString("en-US")} characters)`).join("\n"),
  ].join("\n");
}

function contextSection(input: PromptInput): string | null {
  const lines: string[] = [];
  if (input.currentPage) lines.push(`The user is looking at the page "${input.currentPage}" (pages/${input.currentPage}) in the preview.`);
  const el = input.element;
  if (el) {
    const classes = el.classes?.trim() ? ` with classes "${el.classes.trim()}"` : "";
    lines.push(
      `The user selected an element in the preview: a <${el.tagName}>${classes}, at line ${el.lineNumber} of ${elementPath(input, Object.keys(input.files)) ?? el.filename}. Their message is about that element; change it there unless they say otherwise.`,
    );
  }
  return lines.length ? `# Where the user is\n${lines.join("\n")}` : null;
}

/** The chosen integrations' instructions (owner-written catalogue text, so fenced like custom instructions) and the secrets' names. */
function integrationsSection(input: PromptInput): string | null {
  const integrations = input.integrations ?? [];
  const secrets = input.secretNames ?? [];
  const packages = input.packages ?? [];
  if (!integrations.length && !secrets.length && !packages.length) return null;
  const lines = ["# Integrations"];
  for (const i of integrations) lines.push(`## ${i.name}\n<<<INTEGRATION>>>\n${i.prompt}\n<<<END INTEGRATION>>>`);
  if (packages.length) {
    const endpoints = packages.flatMap((p) => p.endpoints.map((e) => `- base44.integrations.${p.name}.${e.name}({ ${e.params} }) → ${e.returns}: ${e.description}`));
    lines.push(
      `Installed integration packages: call them from pages, components or functions with \`import { base44 } from "@/api/base44Client"\` (they read the app's secrets themselves; a failure throws an error whose message says what went wrong). Prefer them to writing your own function for the same service.\n${endpoints.join("\n")}`,
    );
  }
  if (secrets.length) {
    lines.push(
      `The app has these secrets, readable by its backend functions as environment variables of the same names: ${secrets.join(", ")}. You never see their values: read them only in backend functions (functions/<name>), never in pages or components, and never print, log or return them.`,
    );
  }
  return lines.join("\n\n");
}

/** The system prompt in two parts: what stays the same from turn to turn of an app (cached where the provider offers it), then this turn's context. */
function systemParts(input: PromptInput): { stable: string; turn: string } {
  const frozen = [...new Set(input.frozenFiles)].filter(Boolean);
  const sections = [
    `You are Kiln's app builder. You build and change the web app "${input.appName}" for its owner, who sees your answer in a chat beside a live preview of the app. Write working, complete React code in the conventions below, and keep what already works working.`,
    PROTOCOL,
    CONVENTIONS,
    CRAFT,
    `${BACKEND_FUNCTIONS}\n${backendStatus(input)}`,
    input.style ? `# Visual style\nThe app uses the "${input.style}" style: keep new pages and components consistent with it (and with components/Theme when the app has one).` : null,
    frozen.length
      ? `# Frozen files\nThe owner froze these files. Never write, edit, delete or rename them, even when asked to; if a change would need one, say so instead:\n${frozen.map((p) => `- ${p}`).join("\n")}`
      : null,
    input.customInstructions.trim()
      ? `# Custom instructions\nThe owner's standing instructions for this app, verbatim between the markers. Follow them unless they conflict with the rules above.\n<<<CUSTOM INSTRUCTIONS>>>\n${input.customInstructions}\n<<<END CUSTOM INSTRUCTIONS>>>`
      : null,
    integrationsSection(input),
    fileTreeSection(input),
  ];
  const turn = [
    contextSection(input),
    input.discussion ? `# Discussion mode\n${DISCUSSION_RULE}` : null,
    input.discussion ? `Remember: ${DISCUSSION_RULE}` : null,
  ];
  const join = (parts: (string | null)[]) => parts.filter((s): s is string => Boolean(s)).join("\n\n");
  return { stable: join(sections), turn: join(turn) };
}

export function userMessage(input: Pick<PromptInput, "message" | "fileUrls">): string {
  const urls = (input.fileUrls ?? []).filter(Boolean);
  return urls.length ? `${input.message}\n\nAttached files:\n${urls.map((u) => `- ${u}`).join("\n")}` : input.message;
}

/** The last messages, assistant actions collapsed, starting with a user message and alternating (providers require it). */
function conversation(input: PromptInput): PromptMessage[] {
  const out: PromptMessage[] = [];
  const recent = input.history.slice(-HISTORY_MESSAGES);
  for (const m of [...recent, ...(input.rounds ?? []), { role: "user" as const, content: userMessage(input) }]) {
    const content = (m.role === "assistant" ? collapseActions(m.content) : m.content).trim();
    if (!content) continue;
    if (!out.length && m.role !== "user") continue;
    const last = out.at(-1);
    if (last && last.role === m.role) last.content += `\n\n${content}`;
    else out.push({ role: m.role, content });
  }
  return out;
}

/** The prompt; `system` starts with `stableSystem`, the part a provider may cache. */
export function buildPrompt(input: PromptInput): { system: string; stableSystem: string; messages: PromptMessage[] } {
  const { stable, turn } = systemParts(input);
  return { system: turn ? `${stable}\n\n${turn}` : stable, stableSystem: stable, messages: conversation(input) };
}
