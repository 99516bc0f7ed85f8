/** pages/<Plural>: every record of an entity, with search, a status filter, links and delete. */
import { statusField } from "../entities";
import type { AppModel, EntityDef } from "../model";
import { access, jsxText, str } from "../naming";
import { talliesOf, tallyHelpers } from "../tally";
import { columns, entityImport, importLine, indent, lines, names, newRecordButton, OPTIONS, recordUrl, related, relationLabels, setter, uiImports, valueJsx } from "./common";
import { filterParts, filterTargets } from "./list-filters";
import { CARD_PAGE_END, PAGE_HEADER_OPEN } from "./page-parts";

export function renderList(model: AppModel, def: EntityDef): string {
  const n = names(model, def);
  const page = def.pages.list!;
  const cols = columns(n);
  const status = statusField(n.fields);
  const rel = related(model, cols).map((t) => names(model, t));
  // votes of these records, counted per record (and their rating averaged)
  const tallies = talliesOf(model, def).map((t) => ({ ...t, n: names(model, t.votes) }));
  // filters asked for in chat (list-filters.ts); none on a page as first built
  const extra = filterParts(model, n, status);
  const filtered = filterTargets(model, extra.list)
    .filter((t, i, all) => all.indexOf(t) === i && !rel.some((r) => r.def === t))
    .map((t) => names(model, t));
  const shown = [...rel, ...filtered];
  const loaded = [...shown, ...tallies.filter((t) => !shown.some((r) => r.def === t.votes)).map((t) => t.n)];
  const searchable = n.fields.filter((f) => f.kind === "text" || f.kind === "email" || f.kind === "longtext");
  const deleteName = n.title ? access(n.one, n.title.name) : `"this ${n.label}"`;

  const header = [
    `<TableHead>${jsxText(n.title ? n.title.label : "Record")}</TableHead>`,
    ...cols.map((f) => `<TableHead>${jsxText(f.label)}</TableHead>`),
    ...tallies.flatMap((t) => [
      `<TableHead>${jsxText(t.votes.navTitle)}</TableHead>`,
      ...(t.rating ? [`<TableHead>${jsxText(`Average ${t.rating.label.toLowerCase()}`)}</TableHead>`] : []),
    ]),
    `<TableHead className="w-12" />`,
  ];
  const titleText = n.title ? `{${access(n.one, n.title.name)} || "Untitled"}` : `{${n.one}.id}`;
  const titleCell = def.pages.detail
    ? [`<TableCell className="font-medium">`, `  <Link to=${recordUrl(def.pages.detail, `${n.one}.id`)} className={theme.link}>`, `    ${titleText}`, "  </Link>", "</TableCell>"]
    : [`<TableCell className="font-medium">${titleText}</TableCell>`];
  const row = [
    ...titleCell,
    ...cols.map((f) => `<TableCell>${valueJsx(model, n, f, n.one)}</TableCell>`),
    ...tallies.flatMap((t) => [
      `<TableCell>{${t.n.one}Tally[${n.one}.id]?.count ?? 0}</TableCell>`,
      ...(t.rating ? [`<TableCell>{averageOf(${t.n.one}Tally[${n.one}.id])}</TableCell>`] : []),
    ]),
    "<TableCell>",
    `  <Button variant="ghost" size="icon" onClick={() => handleDelete(${n.one})} aria-label=${str(`Delete ${n.label}`)}>`,
    `    <Trash2 className="h-4 w-4" />`,
    "  </Button>",
    "</TableCell>",
  ];

  const loadAll = [`${n.ident}.list("-created_date")`, ...loaded.map((r) => `${r.ident}.list()`)];
  const filter = status ? [`    if (statusFilter !== "all" && ${access(n.one, status.name)} !== statusFilter) return false;`] : [];
  const ui: Record<string, string[]> = {
    button: ["Button"],
    card: ["Card", "CardContent"],
    input: ["Input"],
    table: ["Table", "TableBody", "TableCell", "TableHead", "TableHeader", "TableRow"],
  };
  if (status || extra.usesSelect) ui.select = ["Select", "SelectContent", "SelectItem", "SelectTrigger", "SelectValue"];

  return lines(
    `import React, { useEffect, useState } from "react";`,
    `import { Link } from "react-router-dom";`,
    importLine("lucide-react", [...(def.pages.form ? ["Plus"] : []), "Search", "Trash2"]),
    entityImport(model, def.name),
    loaded.map((r) => entityImport(model, r.def.name)),
    uiImports(ui),
    `import FieldValue from "@/components/FieldValue";`,
    status || extra.list.some((f) => f.kind === "enum") ? `import { formatLabel } from "@/components/StatusBadge";` : null,
    `import { theme } from "@/components/Theme";`,
    `import { createPageUrl } from "@/utils";`,
    "",
    status ? [`const ${OPTIONS(status)} = ${JSON.stringify(status.options).replace(/","/g, '", "')};`, ""] : null,
    extra.list.length ? [...extra.consts, ""] : null,
    tallies.length ? [...tallyHelpers(tallies.some((t) => t.rating)), ""] : null,
    `export default function ${page}() {`,
    `  const [${n.many}, ${setter(n.many)}] = useState([]);`,
    loaded.map((r) => `  const [${r.many}, ${setter(r.many)}] = useState([]);`),
    `  const [search, setSearch] = useState("");`,
    status ? `  const [statusFilter, setStatusFilter] = useState("all");` : null,
    extra.list.length ? extra.state : null,
    "  const [loading, setLoading] = useState(true);",
    "",
    "  useEffect(() => {",
    loaded.length
      ? [
          `    Promise.all([${loadAll.join(", ")}])`,
          `      .then(([${[n.many, ...loaded.map((r) => r.many)].map((v) => `${v}Rows`).join(", ")}]) => {`,
          `        ${setter(n.many)}(${n.many}Rows);`,
          ...loaded.map((r) => `        ${setter(r.many)}(${r.many}Rows);`),
          "      })",
        ]
      : [`    ${n.ident}.list("-created_date")`, `      .then(${setter(n.many)})`],
    "      .finally(() => setLoading(false));",
    "  }, []);",
    "",
    `  const handleDelete = async (${n.one}) => {`,
    `    if (!window.confirm(\`Delete \${${deleteName} || "this ${n.label}"}?\`)) return;`,
    `    await ${n.ident}.delete(${n.one}.id);`,
    `    ${setter(n.many)}((rows) => rows.filter((row) => row.id !== ${n.one}.id));`,
    "  };",
    "",
    relationLabels(model, cols),
    tallies.map((t) => `  const ${t.n.one}Tally = tally(${t.n.many}, ${str(t.key.name)}, ${t.rating ? str(t.rating.name) : "null"});`),
    rel.length || tallies.length ? "" : null,
    "  const query = search.trim().toLowerCase();",
    `  const visible = ${n.many}.filter((${n.one}) => {`,
    filter,
    extra.tests,
    "    if (!query) return true;",
    searchable.length
      ? `    return [${searchable.map((f) => access(n.one, f.name)).join(", ")}].some((value) => String(value ?? "").toLowerCase().includes(query));`
      : `    return JSON.stringify(${n.one}).toLowerCase().includes(query);`,
    "  });",
    "",
    ...PAGE_HEADER_OPEN,
    `          <h1 className={theme.heading}>${jsxText(def.navTitle)}</h1>`,
    `          <p className={theme.muted}>{${n.many}.length} in total</p>`,
    "        </div>",
    newRecordButton(def, n, 8),
    "      </div>",
    "      <Card className={theme.card}>",
    `        <CardContent className="space-y-4 p-4">`,
    `          <div className="flex flex-wrap gap-3">`,
    `            <div className="relative min-w-[200px] flex-1">`,
    `              <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 opacity-50" />`,
    `              <Input className={\`pl-9 \${theme.input}\`} placeholder=${str(`Search ${n.labelPlural}…`)} value={search} onChange={(event) => setSearch(event.target.value)} />`,
    "            </div>",
    status
      ? [
          "            <Select value={statusFilter} onValueChange={setStatusFilter}>",
          // a combobox takes no name from the value it shows: the filter says what it filters (axe's button-name)
          `              <SelectTrigger className={\`w-48 \${theme.input}\`} aria-label=${str(`Filter by ${status.label.toLowerCase()}`)}>`,
          `                <SelectValue placeholder=${str(status.label)} />`,
          "              </SelectTrigger>",
          "              <SelectContent>",
          `                <SelectItem value="all">All</SelectItem>`,
          `                {${OPTIONS(status)}.map((option) => (`,
          "                  <SelectItem key={option} value={option}>",
          "                    {formatLabel(option)}",
          "                  </SelectItem>",
          "                ))}",
          "              </SelectContent>",
          "            </Select>",
        ]
      : null,
    indent(extra.controls, 12),
    "          </div>",
    "          {loading ? (",
    "            <p className={theme.muted}>Loading…</p>",
    "          ) : visible.length === 0 ? (",
    `            <p className={\`py-8 text-center \${theme.muted}\`}>No ${jsxText(n.labelPlural)} found.</p>`,
    "          ) : (",
    `            <div className="overflow-x-auto">`,
    "              <Table>",
    "                <TableHeader>",
    "                  <TableRow>",
    indent(header, 20),
    "                  </TableRow>",
    "                </TableHeader>",
    "                <TableBody>",
    `                  {visible.map((${n.one}) => (`,
    `                    <TableRow key={${n.one}.id}>`,
    indent(row, 22),
    "                    </TableRow>",
    "                  ))}",
    "                </TableBody>",
    "              </Table>",
    "            </div>",
    "          )}",
    CARD_PAGE_END,
  );
}
