/** pages/<Name>Detail: one record (?id=), its fields, related records, edit and delete. */
import { statusField } from "../entities";
import { type AppModel, type EntityDef, fields, hasPages } from "../model";
import { access, jsxText, sentence, snake, str } from "../naming";
import { talliesOf, tallyHelpers } from "../tally";
import { entityImport, importLine, indent, lines, names, type Names, recordUrl, related, relationLabels, setter, uiImports, valueJsx } from "./common";
import { backLink, LIST_CARD_END } from "./page-parts";

/** Entities with pages whose records point at this one (`customer_id` on Deal -> Customer's deals). */
function children(model: AppModel, def: EntityDef): { n: Names; key: string; variable: string }[] {
  const key = `${snake(def.name)}_id`;
  return model.entities
    .filter((e) => e !== def && hasPages(e) && fields(model, e).some((f) => f.kind === "relation" && f.target === def.name && f.name === key))
    .map((e) => {
      const n = names(model, e);
      return { n, key, variable: `related${n.many[0].toUpperCase()}${n.many.slice(1)}` };
    });
}

export function renderDetail(model: AppModel, def: EntityDef): string {
  const n = names(model, def);
  const page = def.pages.detail!;
  const back = def.pages.list;
  const rel = related(model, n.fields).map((t) => names(model, t));
  const kids = children(model, def);
  const status = statusField(n.fields);
  const shownFields = n.fields.filter((f) => f !== n.title && f !== status);
  // this record's votes, from its related list when it has one, else loaded for the count
  const tallies = talliesOf(model, def).map((t) => {
    const kid = kids.find((k) => k.n.def === t.votes && k.key === t.key.name);
    const tn = names(model, t.votes);
    return { ...t, n: tn, variable: kid?.variable ?? `tallied${tn.many[0].toUpperCase()}${tn.many.slice(1)}`, load: !kid };
  });
  const counted = [
    ...kids.map((k) => ({ n: k.n, key: k.key, variable: k.variable })),
    ...tallies.filter((t) => t.load).map((t) => ({ n: t.n, key: t.key.name, variable: t.variable })),
  ];

  const loads = [`${n.ident}.get(id)`, ...rel.map((r) => `${r.ident}.list()`), ...counted.map((k) => `${k.n.ident}.filter({ ${k.key}: id })`)];
  const results = ["record", ...rel.map((r) => `${r.many}Rows`), ...counted.map((k) => `${k.variable}Rows`)];
  const sets = [`${setter(n.one)}(record);`, ...rel.map((r) => `${setter(r.many)}(${r.many}Rows);`), ...counted.map((k) => `${setter(k.variable)}(${k.variable}Rows);`)];

  const rows = shownFields.map((f) => {
    if (f.kind === "relation" && f.target) {
      const t = rel.find((r) => r.def.name === f.target)!;
      const value = access(n.one, f.name);
      if (t.def.pages.detail) {
        return `<DetailRow label=${str(f.label)}>{${value} ? <Link to=${recordUrl(t.def.pages.detail, value)} className={theme.link}>{${t.one}Label(${value})}</Link> : "—"}</DetailRow>`;
      }
    }
    return `<DetailRow label=${str(f.label)}>${valueJsx(model, n, f, n.one)}</DetailRow>`;
  });
  for (const t of tallies) {
    rows.push(`<DetailRow label=${str(t.votes.navTitle)}>{${t.variable}.length}</DetailRow>`);
    if (t.rating)
      rows.push(
        `<DetailRow label=${str(`Average ${t.rating.label.toLowerCase()}`)}>{averageOf(tally(${t.variable}, ${str(t.key.name)}, ${str(t.rating.name)})[${n.one}.id])}</DetailRow>`,
      );
  }

  const kidCards = kids.flatMap(({ n: k, variable }) => {
    const kidStatus = statusField(k.fields);
    const text = k.title ? `{${access(k.one, k.title.name)} || "Untitled"}` : `{${k.one}.id}`;
    return [
      "<Card className={theme.card}>",
      "  <CardHeader>",
      `    <CardTitle>${jsxText(k.def.navTitle)}</CardTitle>`,
      "  </CardHeader>",
      "  <CardContent>",
      `    {${variable}.length === 0 ? (`,
      `      <p className={theme.muted}>No ${jsxText(k.labelPlural)} yet.</p>`,
      "    ) : (",
      `      <ul className="space-y-2">`,
      `        {${variable}.map((${k.one}) => (`,
      `          <li key={${k.one}.id} className="flex items-center justify-between gap-3">`,
      k.def.pages.detail ? `            <Link to=${recordUrl(k.def.pages.detail, `${k.one}.id`)} className={theme.link}>${text}</Link>` : `            <span>${text}</span>`,
      kidStatus ? `            <StatusBadge value={${access(k.one, kidStatus.name)}} />` : null,
      ...LIST_CARD_END,
    ].filter((l): l is string => l !== null);
  });

  const heading = n.title ? `{${access(n.one, n.title.name)} || "Untitled"}` : jsxText(sentence(n.label));
  const usesLink = Boolean(back || def.pages.form || rel.some((r) => r.def.pages.detail) || kids.some((k) => k.n.def.pages.detail));
  const card = ["Card", "CardContent", ...(kids.length ? ["CardHeader", "CardTitle"] : [])];

  return lines(
    `import React, { useEffect, useState } from "react";`,
    importLine("react-router-dom", [...(usesLink ? ["Link"] : []), "useLocation", "useNavigate"]),
    importLine("lucide-react", [...(back ? ["ArrowLeft"] : []), ...(def.pages.form ? ["Pencil"] : []), "Trash2"]),
    entityImport(model, def.name),
    // each entity once: a record can both link to another entity and list that entity's records linked to it
    [...new Set([...rel.map((r) => r.def.name), ...counted.map((k) => k.n.def.name)])].filter((name) => name !== def.name).map((name) => entityImport(model, name)),
    uiImports({ button: ["Button"], card }),
    `import FieldValue from "@/components/FieldValue";`,
    kids.some((k) => statusField(k.n.fields)) ? `import StatusBadge from "@/components/StatusBadge";` : null,
    `import { theme } from "@/components/Theme";`,
    `import { createPageUrl } from "@/utils";`,
    "",
    tallies.some((t) => t.rating) ? [...tallyHelpers(true), ""] : null,
    `export default function ${page}() {`,
    "  const location = useLocation();",
    "  const navigate = useNavigate();",
    `  const id = new URLSearchParams(location.search).get("id");`,
    `  const [${n.one}, ${setter(n.one)}] = useState(null);`,
    rel.map((r) => `  const [${r.many}, ${setter(r.many)}] = useState([]);`),
    counted.map((k) => `  const [${k.variable}, ${setter(k.variable)}] = useState([]);`),
    "  const [loading, setLoading] = useState(true);",
    "",
    "  useEffect(() => {",
    "    if (!id) {",
    "      setLoading(false);",
    "      return;",
    "    }",
    loads.length > 1
      ? [`    Promise.all([${loads.join(", ")}])`, `      .then(([${results.join(", ")}]) => {`, ...sets.map((s) => `        ${s}`), "      })"]
      : [`    ${loads[0]}`, `      .then(${setter(n.one)})`],
    `      .catch(() => ${setter(n.one)}(null))`,
    "      .finally(() => setLoading(false));",
    "  }, [id]);",
    "",
    "  const handleDelete = async () => {",
    `    if (!window.confirm(${str(`Delete this ${n.label}?`)})) return;`,
    `    await ${n.ident}.delete(id);`,
    `    navigate(createPageUrl(${str(back ?? model.dashboardPage ?? "Dashboard")}));`,
    "  };",
    "",
    relationLabels(model, n.fields),
    rel.length ? "" : null,
    `  if (loading) return <p className={theme.muted}>Loading…</p>;`,
    `  if (!${n.one}) return <p className={theme.muted}>${jsxText(`This ${n.label} was not found.`)}</p>;`,
    "",
    "  return (",
    `    <div className="space-y-6">`,
    backLink(back, n),
    `      <div className="flex flex-wrap items-start justify-between gap-4">`,
    "        <div>",
    `          <h1 className={theme.heading}>${heading}</h1>`,
    status ? `          <div className="mt-2"><FieldValue kind="enum" value={${access(n.one, status.name)}} /></div>` : null,
    "        </div>",
    `        <div className="flex gap-2">`,
    def.pages.form
      ? [
          `          <Link to=${recordUrl(def.pages.form, "id")}>`,
          `            <Button variant="outline" className={theme.secondaryButton}>`,
          `              <Pencil className="mr-2 h-4 w-4" />`,
          "              Edit",
          "            </Button>",
          "          </Link>",
        ]
      : null,
    `          <Button variant="destructive" onClick={handleDelete}>`,
    `            <Trash2 className="mr-2 h-4 w-4" />`,
    "            Delete",
    "          </Button>",
    "        </div>",
    "      </div>",
    "      <Card className={theme.card}>",
    `        <CardContent className="p-6">`,
    `          <dl className="grid gap-5 sm:grid-cols-2">`,
    indent(rows, 12),
    "          </dl>",
    "        </CardContent>",
    "      </Card>",
    kids.length ? [`      <div className="grid gap-6 lg:grid-cols-2">`, ...indent(kidCards, 8), "      </div>"] : null,
    "    </div>",
    "  );",
    "}",
    "",
    "function DetailRow({ label, children }) {",
    "  return (",
    "    <div>",
    "      <dt className={`text-sm ${theme.muted}`}>{label}</dt>",
    `      <dd className="mt-1">{children}</dd>`,
    "    </div>",
    "  );",
    "}",
    "",
  );
}
