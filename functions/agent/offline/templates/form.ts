/** pages/<Name>Form: create a record, or edit one when the URL has ?id=. Required fields are checked. */
import type { Field } from "../entities";
import type { AppModel, EntityDef } from "../model";
import { access, jsxText, snake, str } from "../naming";
import { entityImport, importLine, indent, lines, names, type Names, optionConsts, OPTIONS, recordUrl, related, setter, uiImports } from "./common";
import { backLink, CARD_PAGE_END } from "./page-parts";

function initial(field: Field): string {
  const d = field.prop.default;
  if (field.kind === "boolean") return d === true ? "true" : "false";
  if (field.kind === "enum") return str(typeof d === "string" && field.options.includes(d) ? d : (field.options[0] ?? ""));
  return '""';
}

function toData(field: Field, form: string): string {
  const v = access(form, field.name);
  switch (field.kind) {
    case "number":
    case "rating":
      return `${v} === "" ? null : Number(${v})`;
    case "boolean":
      return `Boolean(${v})`;
    case "date":
    case "time":
    case "image":
    case "relation":
    case "enum":
    case "url":
    case "email":
      return `${v} || null`;
    default:
      return v;
  }
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : str(name));

function control(model: AppModel, field: Field): string[] {
  const id = str(field.name);
  const value = access("form", field.name);
  const onChange = `onChange={(event) => setField(${id}, event.target.value)}`;
  switch (field.kind) {
    case "longtext":
      return [`<Textarea id=${id} rows={4} className={theme.input} value={${value}} ${onChange} />`];
    case "number":
      return [`<Input id=${id} type="number" step="any" className={theme.input} value={${value}} ${onChange} />`];
    case "date":
      return [`<Input id=${id} type="date" className={theme.input} value={${value}} ${onChange} />`];
    case "time":
      return [`<Input id=${id} type="time" className={theme.input} value={${value}} ${onChange} />`];
    case "rating": {
      const max = typeof field.prop.maximum === "number" ? field.prop.maximum : 5;
      return [`<Input id=${id} type="number" min={1} max={${max}} step={1} className={theme.input} value={${value}} ${onChange} />`];
    }
    case "image":
      return [
        `<div className="flex items-center gap-3">`,
        `  {${value} && <img src={${value}} alt="" className="h-16 w-16 rounded object-cover" />}`,
        `  <Input id=${id} type="file" accept="image/*" className={theme.input} onChange={(event) => upload(${id}, event.target.files?.[0])} />`,
        "</div>",
      ];
    case "email":
      return [`<Input id=${id} type="email" className={theme.input} value={${value}} ${onChange} />`];
    case "url":
      return [`<Input id=${id} type="url" placeholder="https://" className={theme.input} value={${value}} ${onChange} />`];
    case "enum":
    case "relation": {
      const target =
        field.kind === "relation"
          ? names(
              model,
              model.entities.find((e) => e.name === field.target)!,
            )
          : null;
      const items = target
        ? [
            `    {${target.many}.map((${target.one}) => (`,
            `      <SelectItem key={${target.one}.id} value={${target.one}.id}>`,
            `        {${target.title ? `${access(target.one, target.title.name)} || ${target.one}.id` : `${target.one}.id`}}`,
            "      </SelectItem>",
            "    ))}",
          ]
        : [`    {${OPTIONS(field)}.map((option) => (`, "      <SelectItem key={option} value={option}>", "        {formatLabel(option)}", "      </SelectItem>", "    ))}"];
      return [
        `<Select value={${value}} onValueChange={(value) => setField(${id}, value)}>`,
        `  <SelectTrigger id=${id} className={theme.input}>`,
        `    <SelectValue placeholder=${str(`Choose ${withArticle(target ? target.label : field.label.toLowerCase())}`)} />`,
        "  </SelectTrigger>",
        "  <SelectContent>",
        ...items,
        "  </SelectContent>",
        "</Select>",
      ];
    }
    default:
      return [`<Input id=${id} className={theme.input} value={${value}} ${onChange} />`];
  }
}

function block(model: AppModel, field: Field): string[] {
  if (field.kind === "boolean") {
    return [
      `<div className="flex items-center gap-2">`,
      `  <Checkbox id=${str(field.name)} checked={Boolean(${access("form", field.name)})} onCheckedChange={(checked) => setField(${str(field.name)}, checked === true)} />`,
      `  <Label htmlFor=${str(field.name)}>${jsxText(field.label)}</Label>`,
      "</div>",
    ];
  }
  const required = field.required ? " required" : "";
  return [
    `<FormField label=${str(field.label)} htmlFor=${str(field.name)}${required} error={${access("errors", field.name)}}>`,
    ...indent(control(model, field), 2),
    "</FormField>",
  ];
}

function checks(n: Names, editable: Field[]): string[] {
  const out: string[] = [];
  for (const f of editable) {
    const v = access("form", f.name);
    const err = access("problems", f.name);
    if (f.required && f.kind !== "boolean") out.push(`    if (isBlank(${v})) ${err} = ${str(`${f.label} is required.`)};`);
    if (f.kind === "email") out.push(`    if (${v} && !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(${v})) ${err} = "Enter a valid e-mail address.";`);
    if (f.kind === "number") out.push(`    if (!isBlank(${v}) && Number.isNaN(Number(${v}))) ${err} = ${str(`${f.label} must be a number.`)};`);
    if (f.kind === "rating") {
      const max = typeof f.prop.maximum === "number" ? f.prop.maximum : 5;
      out.push(`    if (!isBlank(${v}) && !(Number(${v}) >= 1 && Number(${v}) <= ${max})) ${err} = ${str(`${f.label} must be from 1 to ${max}.`)};`);
    }
  }
  return out;
}

export function renderForm(model: AppModel, def: EntityDef): string {
  const n = names(model, def);
  const page = def.pages.form!;
  const editable = n.fields.filter((f) => f.kind !== "other");
  const rel = related(model, editable).map((t) => names(model, t));
  const empty = `EMPTY_${snake(def.name).toUpperCase()}`;
  const after = def.pages.detail ? recordUrl(def.pages.detail, "id || saved.id").slice(1, -1) : `createPageUrl(${str(def.pages.list ?? model.dashboardPage ?? "Dashboard")})`;
  const back = def.pages.list;
  const has = (kind: Field["kind"]) => editable.some((f) => f.kind === kind);
  const ui: Record<string, string[]> = { button: ["Button"], card: ["Card", "CardContent"], input: ["Input"] };
  if (has("boolean")) {
    ui.checkbox = ["Checkbox"];
    ui.label = ["Label"];
  }
  if (has("enum") || has("relation")) ui.select = ["Select", "SelectContent", "SelectItem", "SelectTrigger", "SelectValue"];
  if (has("longtext")) ui.textarea = ["Textarea"];
  const consts = optionConsts(editable);

  return lines(
    `import React, { useEffect, useState } from "react";`,
    importLine("react-router-dom", [...(back ? ["Link"] : []), "useLocation", "useNavigate"]),
    importLine("lucide-react", [...(back ? ["ArrowLeft"] : []), "Save"]),
    entityImport(model, def.name),
    rel.map((r) => entityImport(model, r.def.name)),
    uiImports(ui),
    `import FormField from "@/components/FormField";`,
    has("enum") ? `import { formatLabel } from "@/components/StatusBadge";` : null,
    `import { theme } from "@/components/Theme";`,
    `import { createPageUrl } from "@/utils";`,
    has("image") ? `import { UploadFile } from "@/integrations/Core";` : null,
    "",
    consts.length ? [...consts, ""] : null,
    `const ${empty} = {`,
    editable.map((f) => `  ${key(f.name)}: ${initial(f)},`),
    "};",
    "",
    `const isBlank = (value) => value === undefined || value === null || String(value).trim() === "";`,
    "",
    `export default function ${page}() {`,
    "  const location = useLocation();",
    "  const navigate = useNavigate();",
    `  const id = new URLSearchParams(location.search).get("id");`,
    `  const [form, setForm] = useState(${empty});`,
    "  const [errors, setErrors] = useState({});",
    "  const [saving, setSaving] = useState(false);",
    rel.map((r) => `  const [${r.many}, ${setter(r.many)}] = useState([]);`),
    "",
    rel.length ? ["  useEffect(() => {", ...rel.map((r) => `    ${r.ident}.list().then(${setter(r.many)});`), "  }, []);", ""] : null,
    "  useEffect(() => {",
    "    if (!id) return;",
    `    ${n.ident}.get(id).then((record) => {`,
    "      const values = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined));",
    `      setForm({ ...${empty}, ...values });`,
    "    });",
    "  }, [id]);",
    "",
    "  const setField = (name, value) => {",
    "    setForm((current) => ({ ...current, [name]: value }));",
    "  };",
    has("image")
      ? [
          "",
          "  const upload = async (name, file) => {",
          "    if (!file) return;",
          "    try {",
          "      const { file_url } = await UploadFile({ file });",
          "      setField(name, file_url);",
          "    } catch (error) {",
          `      setErrors((current) => ({ ...current, [name]: error?.message || "Could not upload the picture." }));`,
          "    }",
          "  };",
        ]
      : null,
    "",
    "  const validate = () => {",
    "    const problems = {};",
    checks(n, editable),
    "    setErrors(problems);",
    "    return Object.keys(problems).length === 0;",
    "  };",
    "",
    "  const handleSubmit = async (event) => {",
    "    event.preventDefault();",
    "    if (!validate()) return;",
    "    setSaving(true);",
    "    const data = {",
    editable.map((f) => `      ${key(f.name)}: ${toData(f, "form")},`),
    "    };",
    "    try {",
    def.pages.detail
      ? `      const saved = id ? await ${n.ident}.update(id, data) : await ${n.ident}.create(data);`
      : `      if (id) await ${n.ident}.update(id, data);\n      else await ${n.ident}.create(data);`,
    `      navigate(${after});`,
    "    } catch (error) {",
    `      setErrors({ form: error?.message || "Could not save. Please try again." });`,
    "      setSaving(false);",
    "    }",
    "  };",
    "",
    "  return (",
    `    <div className="mx-auto max-w-2xl space-y-6">`,
    backLink(back, n),
    `      <h1 className={theme.heading}>{id ? ${str(`Edit ${n.label}`)} : ${str(`New ${n.label}`)}}</h1>`,
    "      <Card className={theme.card}>",
    `        <CardContent className="p-6">`,
    `          <form onSubmit={handleSubmit} className="space-y-5">`,
    indent(
      editable.flatMap((f) => block(model, f)),
      12,
    ),
    `            {errors.form && <p className="text-sm text-red-500">{errors.form}</p>}`,
    `            <div className="flex justify-end gap-2">`,
    `              <Button type="button" variant="outline" className={theme.secondaryButton} onClick={() => navigate(-1)}>`,
    "                Cancel",
    "              </Button>",
    '              <Button type="submit" disabled={saving} className={theme.primaryButton}>',
    `                <Save className="mr-2 h-4 w-4" />`,
    `                {saving ? "Saving…" : "Save"}`,
    "              </Button>",
    "            </div>",
    "          </form>",
    CARD_PAGE_END,
  );
}
