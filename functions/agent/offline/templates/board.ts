/** pages/<Name>Board: a kanban board of an entity's records, one column per status (or stage), cards moved by drag or arrows. */
import { statusField } from "../entities";
import type { AppModel, EntityDef } from "../model";
import { access, jsxText, str } from "../naming";
import { entityImport, importLine, indent, lines, names, OPTIONS, recordUrl, related, relationLabels, setter, uiImports, valueJsx, newRecordButton } from "./common";
import { PAGE_HEADER_OPEN } from "./page-parts";

export function renderBoard(model: AppModel, def: EntityDef): string {
  const n = names(model, def);
  const page = def.views.board!;
  const status = statusField(n.fields)!;
  const extras = n.fields.filter((f) => f !== n.title && f !== status && ["number", "date", "relation", "rating", "enum"].includes(f.kind)).slice(0, 2);
  const rel = related(model, extras).map((t) => names(model, t));
  const value = access(n.one, status.name);
  const title = n.title ? `{${access(n.one, n.title.name)} || "Untitled"}` : `{${n.one}.id}`;
  const heading = def.pages.detail
    ? `<Link to=${recordUrl(def.pages.detail, `${n.one}.id`)} className={\`font-medium \${theme.link}\`}>${title}</Link>`
    : `<span className="font-medium">${title}</span>`;
  const loads = [`${n.ident}.list("-created_date")`, ...rel.map((r) => `${r.ident}.list()`)];

  return lines(
    `import React, { useEffect, useState } from "react";`,
    `import { Link } from "react-router-dom";`,
    importLine("lucide-react", ["ChevronLeft", "ChevronRight", ...(def.pages.form ? ["Plus"] : [])]),
    entityImport(model, def.name),
    rel.map((r) => entityImport(model, r.def.name)),
    uiImports({ button: ["Button"], card: ["Card", "CardContent"] }),
    `import FieldValue from "@/components/FieldValue";`,
    `import { formatLabel } from "@/components/StatusBadge";`,
    `import { theme } from "@/components/Theme";`,
    `import { createPageUrl } from "@/utils";`,
    "",
    `const ${OPTIONS(status)} = ${JSON.stringify(status.options).replace(/","/g, '", "')};`,
    "",
    `export default function ${page}() {`,
    `  const [${n.many}, ${setter(n.many)}] = useState([]);`,
    rel.map((r) => `  const [${r.many}, ${setter(r.many)}] = useState([]);`),
    "  const [loading, setLoading] = useState(true);",
    "",
    "  useEffect(() => {",
    `    Promise.all([${loads.join(", ")}])`,
    `      .then(([${[n.many, ...rel.map((r) => r.many)].map((v) => `${v}Rows`).join(", ")}]) => {`,
    `        ${setter(n.many)}(${n.many}Rows);`,
    ...rel.map((r) => `        ${setter(r.many)}(${r.many}Rows);`),
    "      })",
    "      .finally(() => setLoading(false));",
    "  }, []);",
    "",
    relationLabels(model, extras),
    `  const columnOf = (${n.one}) => (${OPTIONS(status)}.includes(${value}) ? ${value} : ${OPTIONS(status)}[0]);`,
    "",
    `  const moveTo = async (id, option) => {`,
    `    ${setter(n.many)}((rows) => rows.map((row) => (row.id === id ? { ...row, ${str(status.name)}: option } : row)));`,
    `    await ${n.ident}.update(id, { ${str(status.name)}: option });`,
    "  };",
    "",
    ...PAGE_HEADER_OPEN,
    `          <h1 className={theme.heading}>${jsxText(`${def.navTitle} board`)}</h1>`,
    `          <p className={theme.muted}>${jsxText(`By ${status.label.toLowerCase()}: drag a card, or use its arrows, to move it.`)}</p>`,
    "        </div>",
    newRecordButton(def, n, 8),
    "      </div>",
    "      {loading ? (",
    "        <p className={theme.muted}>Loading…</p>",
    "      ) : (",
    `        <div className="flex gap-4 overflow-x-auto pb-2">`,
    `          {${OPTIONS(status)}.map((option, index) => {`,
    `            const cards = ${n.many}.filter((${n.one}) => columnOf(${n.one}) === option);`,
    "            return (",
    `              <section key={option} aria-label={formatLabel(option)} className="w-72 shrink-0 space-y-3" onDragOver={(event) ` +
      `=> event.preventDefault()} onDrop={(event) => moveTo(event.dataTransfer.getData("text/plain"), option)}>`,
    `                <div className="flex items-center justify-between">`,
    `                  <h2 className="font-semibold">{formatLabel(option)}</h2>`,
    "                  <span className={theme.muted}>{cards.length}</span>",
    "                </div>",
    `                {cards.map((${n.one}) => (`,
    `                  <Card key={${n.one}.id} className={theme.card} draggable onDragStart={(event) => event.dataTransfer.setData("text/plain", ${n.one}.id)}>`,
    `                    <CardContent className="space-y-2 p-3">`,
    `                      ${heading}`,
    indent(
      extras.map((f) => `<div className={\`text-sm \${theme.muted}\`}>${valueJsx(model, n, f, n.one)}</div>`),
      22,
    ),
    `                      <div className="flex justify-between">`,
    `                        <Button variant="ghost" size="icon" disabled={index === 0} aria-label="Move left" onClick={() => moveTo(${n.one}.id, ${OPTIONS(status)}[index - 1])}>`,
    `                          <ChevronLeft className="h-4 w-4" />`,
    "                        </Button>",
    `                        <Button variant="ghost" size="icon" disabled={index === ${OPTIONS(status)}.length - ` +
      `1} aria-label="Move right" onClick={() => moveTo(${n.one}.id, ${OPTIONS(status)}[index + 1])}>`,
    `                          <ChevronRight className="h-4 w-4" />`,
    "                        </Button>",
    "                      </div>",
    "                    </CardContent>",
    "                  </Card>",
    "                ))}",
    "              </section>",
    "            );",
    "          })}",
    "        </div>",
    "      )}",
    "    </div>",
    "  );",
    "}",
    "",
  );
}
