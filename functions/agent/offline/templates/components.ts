/** The reusable components every offline-built app gets. */

export const STATUS_BADGE = `import React from "react";
import { Badge } from "@/components/ui/badge";

const TONES = {
  green: "border-green-200 bg-green-100 text-green-800",
  amber: "border-amber-200 bg-amber-100 text-amber-800",
  red: "border-red-200 bg-red-100 text-red-800",
  blue: "border-blue-200 bg-blue-100 text-blue-800",
  slate: "border-slate-200 bg-slate-100 text-slate-700",
};

const TONE_OF = {
  active: "green", done: "green", completed: "green", won: "green", paid: "green", delivered: "green",
  confirmed: "green", resolved: "green", finished: "green", in_stock: "green", graduated: "green",
  in_progress: "amber", proposal: "amber", pending: "amber", sent: "amber", reading: "amber",
  on_hold: "amber", low_stock: "amber", medium: "amber", moderate: "amber", on_leave: "amber",
  lost: "red", churned: "red", cancelled: "red", overdue: "red", out_of_stock: "red", high: "red",
  urgent: "red", withdrawn: "red", former: "red",
  lead: "blue", prospect: "blue", qualified: "blue", open: "blue", planning: "blue", scheduled: "blue",
  planned: "blue", upcoming: "blue", todo: "blue", draft: "blue", to_read: "blue",
};

/** "in_progress" -> "In progress" */
export function formatLabel(value) {
  const text = String(value ?? "").replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export default function StatusBadge({ value }) {
  if (value === null || value === undefined || value === "") return null;
  const tone = TONES[TONE_OF[value]] || TONES.slate;
  return (
    <Badge variant="outline" className={tone}>
      {formatLabel(value)}
    </Badge>
  );
}
`;

export const FIELD_VALUE =
  `import React from "react";
import { format, isValid, parseISO } from "date-fns";
import StatusBadge from "@/components/StatusBadge";
import { formatMoney } from "@/utils";

/** Shows one field of a record, formatted by its kind; money in its currency. */
export default function FieldValue({ value, kind = "text", currency, max = 5 }) {
  if (value === null || value === undefined || value === "") {
    return <span className="opacity-50">—</span>;
  }
  switch (kind) {
    case "date": {
      const date = parseISO(String(value));
      return <span>{isValid(date) ? format(date, "MMM d, yyyy") : String(value)}</span>;
    }
    case "number":
      return <span>{currency ? formatMoney(Number(value), currency) : Number(value).toLocaleString()}</span>;
    case "boolean":
      return <span>{value ? "Yes" : "No"}</span>;
    case "time":
      return <span>{String(value)}</span>;
    case "rating":
      return <span aria-label={\`\${value} out of \${max}\`}>{"★".repeat(Math.max(0, Math.min(max, Math.round(Number(value) ` +
  `|| 0))))}<span className="opacity-30">{"★".repeat(Math.max(0, max - Math.round(Number(value) || 0)))}</span></span>;
    case "image":
      return <img src={value} alt="" className="h-16 w-16 rounded object-cover" />;
    case "email":
      return (
        <a href={\`mailto:\${value}\`} className="underline-offset-2 hover:underline">
          {value}
        </a>
      );
    case "url":
      return (
        <a href={value} target="_blank" rel="noreferrer" className="underline-offset-2 hover:underline">
          {value}
        </a>
      );
    case "enum":
      return <StatusBadge value={value} />;
    case "longtext":
      return <p className="whitespace-pre-wrap">{value}</p>;
    default:
      return <span>{typeof value === "object" ? JSON.stringify(value) : String(value)}</span>;
  }
}
`;

export const FORM_FIELD = `import React from "react";
import { Label } from "@/components/ui/label";

/** A labelled form control with its validation message. */
export default function FormField({ label, htmlFor, required = false, error, children }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required && <span className="ml-1 text-red-500">*</span>}
      </Label>
      {children}
      {error && <p className="text-sm text-red-500">{error}</p>}
    </div>
  );
}
`;

export const STAT_CARD = `import React from "react";
import { Link } from "react-router-dom";
import { Card, CardContent } from "@/components/ui/card";
import { theme } from "@/components/Theme";

/** A number on the dashboard, linking to its page when given one. */
export default function StatCard({ title, value, icon: Icon, href }) {
  const card = (
    <Card className={\`\${theme.card} transition hover:-translate-y-0.5\`}>
      <CardContent className="flex items-center justify-between p-5">
        <div>
          <p className={\`text-sm \${theme.muted}\`}>{title}</p>
          <p className="mt-1 text-2xl font-bold">{value}</p>
        </div>
        {Icon && <Icon className={\`h-8 w-8 \${theme.accent}\`} />}
      </CardContent>
    </Card>
  );
  return href ? <Link to={href}>{card}</Link> : card;
}
`;

export const BAR_CHART = `import React from "react";
import { format, startOfToday, subMonths } from "date-fns";
import { formatLabel } from "@/components/StatusBadge";
import { formatMoney } from "@/utils";

const amount = (row, sum) => (sum ? Number(row[sum]) || 0 : 1);

/** Rows grouped by a field's value, in the order of \`keys\`: a count, or the sum of \`sum\`. */
export function countBy(rows, field, keys, sum = null, label = formatLabel) {
  return keys.map((key) => ({ label: label(key), value: rows.filter((row) => row[field] === key).reduce((total, row) => total + amount(row, sum), 0) }));
}

/** Rows grouped by the month of a date field, over the last \`months\` months. */
export function byMonth(rows, field, sum = null, months = 6) {
  return Array.from({ length: months }, (_, i) => subMonths(startOfToday(), months - 1 - i)).map((month) => {
    const key = format(month, "yyyy-MM");
    return { label: format(month, "MMM"), value: rows.filter((row) => String(row[field] ?? "").slice(0, 7) === key).reduce((total, row) => total + amount(row, sum), 0) };
  });
}

/** A horizontal bar chart of labelled values. */
export default function BarChart({ data, currency }) {
  const top = Math.max(1, ...data.map((d) => d.value));
  if (!data.length) return <p className="text-sm opacity-60">Nothing to chart yet.</p>;
  return (
    <div className="space-y-2" role="img" aria-label={data.map((d) => \`\${d.label}: \${d.value}\`).join(", ")}>
      {data.map((d) => (
        <div key={d.label} className="flex items-center gap-3 text-sm">
          <span className="w-24 shrink-0 truncate">{d.label}</span>
          <div className="h-3 flex-1 rounded bg-black/5">
            <div className="h-3 rounded bg-current opacity-70" style={{ width: \`\${(d.value / top) * 100}%\` }} />
          </div>
          <span className="w-20 shrink-0 text-right font-medium">{currency ? formatMoney(d.value, currency) : d.value.toLocaleString()}</span>
        </div>
      ))}
    </div>
  );
}
`;

export const COMPONENTS: Record<string, string> = {
  "components/StatusBadge": STATUS_BADGE,
  "components/FieldValue": FIELD_VALUE,
  "components/FormField": FORM_FIELD,
  "components/StatCard": STAT_CARD,
};
