/**
 * Input tokens per turn of a 10-turn session (issue 24 §4), before and after follow-ups stopped resending every file.
 * A CRM grows over ten requests (the answers are scripted: each writes or edits the files a real answer would), and every
 * model call a turn makes is built by Kiln's own buildPrompt and counted with the estimator the budgets use (context.ts
 * estimateTokens at Claude's ratio), system and messages together, exactly what the worker hands the provider. "Before"
 * is the old rule (every file whole while the tree fits FILE_TREE_TOKENS: what a first turn still gets); "after" is the
 * prompt follow-ups get now, plus the read round a turn needs when its answer touches a file that was listed by path only
 * (that call re-sends the prompt with the model's request and Kiln's answer, so it is counted in full). The last turn is
 * a one-line rename whose first answer misses an importer, so it also makes an automated fix round.
 */
import { answerRequests, estimateTokens } from "../../functions/agent/context";
import { changedPaths } from "../../functions/agent/focus";
import { buildPrompt, fileTreeSection, type PromptInput } from "../../functions/agent/prompt";

const PER = "anthropic" as const;

type Files = Record<string, string>;

function entity(name: string, fields: string[]): string {
  const properties = Object.fromEntries(fields.map((f) => [f, f.endsWith("_date") ? { type: "string", format: "date" } : f === "status" ? { type: "string", enum: ["new", "active", "won", "lost"], default: "new" } : { type: "string" }]));
  return JSON.stringify({ name, type: "object", properties, required: [fields[0]] }, null, 2);
}

/** A page or component of about `lines` lines that imports `uses` (app paths) and renders a list of `entityName` records. */
function jsx(name: string, entityName: string, uses: string[], lines: number): string {
  const imports = uses.map((u) => `import ${u.slice(u.lastIndexOf("/") + 1)} from "@/${u}";`);
  const body: string[] = [];
  for (let i = 0; body.length < lines; i++) {
    body.push(
      `      <Card key="section-${i}" className="p-4 md:p-6">`,
      `        <CardHeader><CardTitle>${name} section ${i}</CardTitle></CardHeader>`,
      `        <CardContent className="grid grid-cols-1 md:grid-cols-3 gap-4">`,
      `          {items.filter((x) => x.status === "${["new", "active", "won"][i % 3]}").map((x) => (<div key={x.id} className="text-sm text-slate-600">{x.name} · {format(parseISO(x.created_date), "MMM d")}</div>))}`,
      `        </CardContent>`,
      `      </Card>`,
    );
  }
  return [
    `import { useEffect, useState } from "react";`,
    `import { ${entityName} } from "@/entities/${entityName}";`,
    `import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";`,
    `import { format, parseISO } from "date-fns";`,
    ...imports,
    "",
    `export default function ${name}() {`,
    `  const [items, setItems] = useState([]);`,
    `  const [loading, setLoading] = useState(true);`,
    `  useEffect(() => { ${entityName}.list("-created_date", 200).then(setItems).finally(() => setLoading(false)); }, []);`,
    `  if (loading) return <div className="p-6 text-slate-500">Loading…</div>;`,
    `  return (`,
    `    <div className="space-y-6 p-4 md:p-8">`,
    ...body,
    `    </div>`,
    `  );`,
    `}`,
  ].join("\n");
}

interface Step {
  request: string;
  page?: string;
  /** path → new contents (a write) or a function of the old contents (an edit, sent as a short search/replace) */
  writes: Record<string, string | ((old: string) => string)>;
  /** a fix round's problem list, when the first answer left something broken */
  fix?: { problems: string; writes: Record<string, (old: string) => string> };
}

const layout = (pages: string[]) =>
  `import { Link } from "react-router-dom";\nimport { createPageUrl } from "@/utils";\n\nexport default function Layout({ children, currentPageName }) {\n  const pages = ${JSON.stringify(pages)};\n  return (\n    <div className="min-h-screen flex">\n      <nav className="w-56 border-r p-4 space-y-1">{pages.map((p) => <Link key={p} to={createPageUrl(p)} className={p === currentPageName ? "font-semibold" : ""}>{p}</Link>)}</nav>\n      <main className="flex-1">{children}</main>\n    </div>\n  );\n}`;

const SESSION: Step[] = [
  {
    request: "Build a CRM with leads and companies: a dashboard, a leads list and a companies list.",
    writes: {
      "entities/Lead": entity("Lead", ["name", "email", "status", "company", "next_call_date"]),
      "entities/Company": entity("Company", ["name", "website", "industry"]),
      "layout/main": layout(["Dashboard", "Leads", "Companies"]),
      "components/StatCard": jsx("StatCard", "Lead", [], 20),
      "components/LeadCard": jsx("LeadCard", "Lead", [], 40),
      "pages/Dashboard": jsx("Dashboard", "Lead", ["components/StatCard"], 110),
      "pages/Leads": jsx("Leads", "Lead", ["components/LeadCard"], 140),
      "pages/Companies": jsx("Companies", "Company", [], 120),
    },
  },
  { request: "Add a lead detail page with the lead's notes and a call log.", page: "Leads", writes: { "entities/Note": entity("Note", ["body", "lead_id"]), "pages/LeadDetail": jsx("LeadDetail", "Lead", ["components/LeadCard"], 160) } },
  { request: "Add a pipeline board where I drag leads between statuses.", page: "Leads", writes: { "components/PipelineColumn": jsx("PipelineColumn", "Lead", ["components/LeadCard"], 60), "pages/Pipeline": jsx("Pipeline", "Lead", ["components/PipelineColumn"], 150), "layout/main": layout(["Dashboard", "Leads", "Pipeline", "Companies"]) } },
  { request: "Add deals with an amount and a close date, and a deals page.", page: "Pipeline", writes: { "entities/Deal": entity("Deal", ["title", "amount", "status", "close_date", "lead_id"]), "pages/Deals": jsx("Deals", "Deal", [], 150), "layout/main": layout(["Dashboard", "Leads", "Pipeline", "Deals", "Companies"]) } },
  { request: "Show revenue this month on the Dashboard.", page: "Dashboard", writes: { "pages/Dashboard": (old) => old.replace("Dashboard section 0", "Revenue this month") } },
  { request: "Add a reports page with won/lost charts per month.", page: "Dashboard", writes: { "components/MonthChart": jsx("MonthChart", "Deal", [], 70), "pages/Reports": jsx("Reports", "Deal", ["components/MonthChart"], 170), "layout/main": layout(["Dashboard", "Leads", "Pipeline", "Deals", "Reports", "Companies"]) } },
  { request: "Add a settings page where I set my sales target.", page: "Reports", writes: { "entities/Target": entity("Target", ["month", "amount"]), "pages/Settings": jsx("Settings", "Target", [], 100) } },
  { request: "Make the lead cards show the company's website.", page: "Leads", writes: { "components/LeadCard": (old) => old.replace("LeadCard section 0", "Company website") } },
  { request: "On the Companies page, add a search box.", page: "Companies", writes: { "pages/Companies": (old) => old.replace("Companies section 0", "Search companies") } },
  {
    request: "Rename the StatCard component to MetricCard.",
    page: "Dashboard",
    writes: { "components/MetricCard": (_old) => "", "components/StatCard": (_old) => "" },
    fix: { problems: 'pages/Dashboard imports "@/components/StatCard", which no longer exists (renamed to components/MetricCard).', writes: { "pages/Dashboard": (old) => old.replaceAll("StatCard", "MetricCard") } },
  },
];

/** The actions an answer carries, as Kiln would receive them (writes whole, edits as one short search/replace). */
function answerOf(writes: Record<string, string | ((old: string) => string)>, files: Files): string {
  return Object.entries(writes)
    .map(([path, w]) => (typeof w === "string" || !(path in files) ? `<kiln-write path="${path}">\n${typeof w === "string" ? w : ""}\n</kiln-write>` : `<kiln-edit path="${path}">\n<<<<<<< SEARCH\n…\n=======\n…\n>>>>>>> REPLACE\n</kiln-edit>`))
    .join("\n");
}

function apply(files: Files, writes: Record<string, string | ((old: string) => string)>): Files {
  const next = { ...files };
  for (const [path, w] of Object.entries(writes)) next[path] = typeof w === "string" ? w : w(files[path] ?? "");
  return next;
}

const tokensOf = (p: { system: string; messages: { content: string }[] }) => estimateTokens(p.system + p.messages.map((m) => m.content).join(""), PER);

/** The tokens one call sends, after (as built now) and before (the file tree by the old rule). */
function call(input: PromptInput): { before: number; after: number; shown: Set<string> } {
  const prompt = buildPrompt(input);
  const tree = fileTreeSection(input);
  const old = fileTreeSection({ ...input, history: [], fix: false, changed: [] });
  const shown = new Set([...tree.matchAll(/<file path="([^"]+)">/g)].map((m) => m[1]));
  return { after: tokensOf(prompt), before: tokensOf({ ...prompt, system: prompt.system.replace(tree, old) }), shown };
}

export interface TurnTokens {
  turn: number;
  request: string;
  files: number;
  before: number;
  after: number;
  calls: number;
  /** the automated fix round's call alone, where the turn made one */
  fix?: { before: number; after: number };
}

/** Replays the session; per turn, the input tokens of all its model calls, before and after. */
export function promptTokensPerTurn(): TurnTokens[] {
  let files: Files = {};
  const history: PromptInput["history"] = [];
  const out: TurnTokens[] = [];
  SESSION.forEach((step, i) => {
    const start = files;
    const base: PromptInput = { appName: "Sales CRM", files, customInstructions: "", frozenFiles: [], discussion: false, history: [...history], message: step.request, focus: step.request, currentPage: step.page ?? null, provider: PER };
    const first = call(base);
    let before = first.before;
    let after = first.after;
    let calls = 1;
    let fixCall: TurnTokens["fix"];
    // An answer that edits a file listed by path only reads it first: one more call, the prompt again plus the request and Kiln's answer.
    const unseen = Object.keys(step.writes).filter((p) => p in files && typeof step.writes[p] !== "string" && !first.shown.has(p));
    if (unseen.length) {
      const rounds: PromptInput["rounds"] = [
        { role: "user", content: step.request },
        { role: "assistant", content: unseen.map((p) => `<kiln-read path="${p}" />`).join("\n") },
      ];
      after += call({ ...base, rounds, message: answerRequests(files, unseen.map((path) => ({ type: "read" as const, path })), PER) }).after;
      calls++;
    }
    let answer = answerOf(step.writes, files);
    files = apply(files, step.writes);
    if (step.fix) {
      const fix = call({ ...base, files, message: step.fix.problems, focus: step.fix.problems, fix: true, changed: changedPaths(start, files) });
      before += fix.before;
      after += fix.after;
      fixCall = { before: fix.before, after: fix.after };
      calls++;
      answer += `\n${answerOf(step.fix.writes, files)}`;
      files = apply(files, step.fix.writes);
    }
    history.push({ role: "user", content: step.request }, { role: "assistant", content: `<kiln-plan>${step.request}</kiln-plan>\n${answer}\nDone.` });
    out.push({ turn: i + 1, request: step.request, files: Object.keys(files).length, before, after, calls, ...(fixCall ? { fix: fixCall } : {}) });
  });
  return out;
}
