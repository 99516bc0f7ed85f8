/** pages/Dashboard: counts per entity, totals of money fields, status breakdowns and recent records. */
import { moneyField, statusField } from "../entities";
import { type AppModel, hasPages } from "../model";
import { access, jsxText, listing, pascal, pluralize, sentence, snake, str } from "../naming";
import { entityImport, importLine, indent, lines, names, recordUrl, setter, uiImports } from "./common";
import { LIST_CARD_END } from "./page-parts";

/** "Deal", "stage" -> "DEAL_STAGES" */
const breakdownConst = (entity: string, field: string): string => `${snake(entity)}_${snake(pluralize(field))}`.toUpperCase();

export function renderDashboard(model: AppModel): string {
  const page = model.dashboardPage ?? "Dashboard";
  const shown = model.entities.filter(hasPages).map((e) => names(model, e));
  const entityNames = new Set(model.entities.map((e) => e.name));
  const icon = (name: string) => (entityNames.has(name) ? `${name}Icon` : name);
  const iconImport = (name: string) => (entityNames.has(name) ? `${name} as ${name}Icon` : name);
  const totals = shown
    .flatMap((n) => {
      const f = moneyField(n.fields);
      return f ? [{ n, f, variable: `total${n.def.name}${pascal(f.name)}` }] : [];
    })
    .slice(0, 2);
  const charts = model.charts.flatMap((chart) => {
    const n = shown.find((x) => x.def.name === chart.entity);
    const by = n?.fields.find((f) => f.name === chart.by);
    const sum = chart.sum === null ? null : n?.fields.find((f) => f.name === chart.sum);
    const target = by?.kind === "relation" ? shown.find((x) => x.def.name === by.target) : null;
    if (!n || !by || sum === undefined || (by.kind === "relation" && !target)) return [];
    const sumArg = sum ? str(sum.name) : "null";
    let data: string;
    if (by.kind === "date") data = `byMonth(${n.many}, ${str(by.name)}, ${sumArg})`;
    else if (by.kind === "boolean") data = `countBy(${n.many}, ${str(by.name)}, [true, false], ${sumArg}, (value) => (value ? "Yes" : "No"))`;
    else if (target) {
      const label = target.title ? `${access(target.one, target.title.name)}` : `${target.one}.id`;
      data =
        `countBy(${n.many}, ${str(by.name)}, ${target.many}.map((${target.one}) => ${target.one}.id), ${sumArg}, ` +
        `(id) => { const ${target.one} = ${target.many}.find((row) => row.id === id); return ${target.one} ? ${label} ` +
        `|| "Untitled" : "—"; })`;
    } else data = `countBy(${n.many}, ${str(by.name)}, ${JSON.stringify(by.options).replace(/","/g, '", "')}, ${sumArg})`;
    return [{ chart, data, currency: sum?.currency ?? null }];
  });
  const breakdowns = charts.length
    ? []
    : shown
        .flatMap((n) => {
          const f = statusField(n.fields);
          return f ? [{ n, f }] : [];
        })
        .slice(0, 3);
  const recent = shown.slice(0, 3);
  const icons = [...shown.map((n) => n.def.icon), ...totals.map(() => "DollarSign")];
  const usesBadge = breakdowns.length > 0 || recent.some((n) => statusField(n.fields));

  const loadLines = shown.length
    ? [
        "  useEffect(() => {",
        `    Promise.all([${shown.map((n) => `${n.ident}.list("-created_date")`).join(", ")}])`,
        `      .then(([${shown.map((n) => `${n.many}Rows`).join(", ")}]) => {`,
        ...shown.map((n) => `        ${setter(n.many)}(${n.many}Rows);`),
        "      })",
        "      .finally(() => setLoading(false));",
        "  }, []);",
      ]
    : ["  useEffect(() => {", "    setLoading(false);", "  }, []);"];

  const stats = [
    ...shown.map((n) => `<StatCard title=${str(n.def.navTitle)} value={${n.many}.length} icon={${icon(n.def.icon)}} href={createPageUrl(${str(n.def.pages.list!)})} />`),
    ...totals.map(
      (t) => `<StatCard title=${str(`Total ${t.f.label.toLowerCase()} of ${t.n.labelPlural}`)} value={formatMoney(${t.variable}, ${str(t.f.currency!)})} icon={DollarSign} />`,
    ),
  ];

  const breakdownCards = breakdowns.flatMap(({ n, f }) => [
    `<Card className={theme.card}>`,
    "  <CardHeader>",
    `    <CardTitle>${jsxText(`${sentence(n.labelPlural)} by ${f.label.toLowerCase()}`)}</CardTitle>`,
    "  </CardHeader>",
    `  <CardContent className="space-y-3">`,
    `    {${breakdownConst(n.def.name, f.name)}.map((option) => (`,
    `      <div key={option} className="flex items-center justify-between">`,
    "        <StatusBadge value={option} />",
    `        <span className="font-semibold">{${n.many}.filter((${n.one}) => ${access(n.one, f.name)} === option).length}</span>`,
    "      </div>",
    "    ))}",
    "  </CardContent>",
    "</Card>",
  ]);

  const recentCards = recent.flatMap((n) => {
    const status = statusField(n.fields);
    const title = n.title ? `{${access(n.one, n.title.name)} || "Untitled"}` : `${sentence(n.label)}`;
    const linkOpen = n.def.pages.detail ? `<Link to=${recordUrl(n.def.pages.detail, `${n.one}.id`)} className={\`font-medium \${theme.link}\`}>` : `<span className="font-medium">`;
    const linkClose = n.def.pages.detail ? "</Link>" : "</span>";
    return [
      `<Card className={theme.card}>`,
      "  <CardHeader>",
      `    <CardTitle>${jsxText(`Recent ${n.labelPlural}`)}</CardTitle>`,
      "  </CardHeader>",
      "  <CardContent>",
      `    {${n.many}.length === 0 ? (`,
      `      <p className={theme.muted}>No ${jsxText(n.labelPlural)} yet.</p>`,
      "    ) : (",
      `      <ul className="space-y-3">`,
      `        {${n.many}.slice(0, 5).map((${n.one}) => (`,
      `          <li key={${n.one}.id} className="flex items-center justify-between gap-3">`,
      `            ${linkOpen}`,
      `              ${title}`,
      `            ${linkClose}`,
      status ? `            <StatusBadge value={${access(n.one, status.name)}} />` : null,
      ...LIST_CARD_END,
    ].filter((l): l is string => l !== null);
  });

  const about = shown.length ? `An overview of your ${listing(shown.map((n) => n.labelPlural))}.` : "Add an entity to see it here.";
  return lines(
    `import React, { useEffect, useState } from "react";`,
    recentCards.length && recent.some((n) => n.def.pages.detail) ? `import { Link } from "react-router-dom";` : null,
    icons.length ? importLine("lucide-react", [...new Set(icons)].map(iconImport)) : null,
    shown.map((n) => entityImport(model, n.def.name)),
    breakdownCards.length || recentCards.length || charts.length ? uiImports({ card: ["Card", "CardContent", "CardHeader", "CardTitle"] }) : null,
    `import StatCard from "@/components/StatCard";`,
    usesBadge ? `import StatusBadge from "@/components/StatusBadge";` : null,
    `import { theme } from "@/components/Theme";`,
    charts.length ? `import BarChart, { byMonth, countBy } from "@/components/BarChart";` : null,
    importLine("@/utils", ["createPageUrl", ...(totals.length ? ["formatMoney"] : [])]),
    charts.length ? ["", `const CHARTS = ${JSON.stringify(charts.map((c) => c.chart))};`] : null,
    breakdowns.length ? "" : null,
    breakdowns.map(({ n, f }) => `const ${breakdownConst(n.def.name, f.name)} = ${JSON.stringify(f.options).replace(/","/g, '", "')};`),
    "",
    `export default function ${page}() {`,
    shown.map((n) => `  const [${n.many}, ${setter(n.many)}] = useState([]);`),
    "  const [loading, setLoading] = useState(true);",
    "",
    loadLines,
    totals.length ? "" : null,
    totals.map((t) => `  const ${t.variable} = ${t.n.many}.reduce((sum, ${t.n.one}) => sum + (Number(${access(t.n.one, t.f.name)}) || 0), 0);`),
    charts.length ? ["  const chartData = [", ...charts.map((c) => `    { data: ${c.data}, currency: ${c.currency ? str(c.currency) : "null"} },`), "  ];"] : null,
    "",
    "  return (",
    `    <div className="space-y-8">`,
    "      <div>",
    `        <h1 className={theme.heading}>${jsxText(model.dashboardTitle)}</h1>`,
    `        <p className={theme.muted}>${jsxText(about)}</p>`,
    "      </div>",
    "      {loading ? (",
    "        <p className={theme.muted}>Loading…</p>",
    "      ) : (",
    "        <>",
    `          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">`,
    indent(stats, 12),
    "          </div>",
    charts.length
      ? [
          `          <div className="grid gap-6 lg:grid-cols-2">`,
          "            {CHARTS.map((chart, index) => (",
          "              <Card key={chart.title} className={theme.card}>",
          "                <CardHeader>",
          "                  <CardTitle>{chart.title}</CardTitle>",
          "                </CardHeader>",
          "                <CardContent>",
          "                  <BarChart data={chartData[index].data} currency={chartData[index].currency} />",
          "                </CardContent>",
          "              </Card>",
          "            ))}",
          "          </div>",
        ]
      : null,
    breakdownCards.length || recentCards.length ? `          <div className="grid gap-6 lg:grid-cols-2">` : null,
    indent([...breakdownCards, ...recentCards], 12),
    breakdownCards.length || recentCards.length ? "          </div>" : null,
    "        </>",
    "      )}",
    "    </div>",
    "  );",
    "}",
    "",
  );
}
