import { invalid } from "./errors.ts";
import { nowSeconds } from "./clock.ts";

/** A request's parameters as `qs` parsed them from bracket notation. */
export type Params = Record<string, any>;

export function text(p: Params, name: string, required: true, label?: string): string;
export function text(p: Params, name: string, required?: false, label?: string): string | undefined;
export function text(p: Params, name: string, required = false, label = name): string | undefined {
  const value = p?.[name];
  if (value === undefined || value === "") {
    if (required) throw invalid(`Missing required param: ${label}.`, label);
    return undefined;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, label);
  return value;
}

export function int(p: Params, name: string, label = name): number | undefined {
  const raw = text(p, name, false, label);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, label);
  return Number(raw);
}

export function flag(p: Params, name: string, label = name): boolean | undefined {
  const raw = text(p, name, false, label);
  if (raw === undefined) return undefined;
  if (raw !== "true" && raw !== "false") throw invalid(`Invalid boolean: ${raw}`, label);
  return raw === "true";
}

export function oneOf<T extends string>(p: Params, name: string, values: readonly T[], label = name): T | undefined {
  const raw = text(p, name, false, label);
  if (raw === undefined) return undefined;
  if (!values.includes(raw as T)) throw invalid(`Invalid ${label}: must be one of ${values.join(", ")}`, label);
  return raw as T;
}

/** An array parameter; `qs` turns very long arrays into objects keyed by index, so both shapes are read. */
export function list(p: Params, name: string): any[] {
  const value = p?.[name];
  if (value === undefined || value === "") return [];
  if (Array.isArray(value)) return value;
  if (typeof value === "object") {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => value[k]);
  }
  return [value];
}

/** Stripe's metadata update: keys merge in, an empty value removes a key, `metadata=` clears them all. */
export function metadata(p: Params, current: Record<string, string> = {}, label = "metadata"): Record<string, string> {
  const value = p?.[label];
  if (value === undefined) return current;
  if (value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("Invalid object", label);
  const next = { ...current };
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== "string") throw invalid(`Invalid string: ${JSON.stringify(v)}`, `${label}[${k}]`);
    if (v === "") delete next[k];
    else next[k] = v;
  }
  return next;
}

/** A timestamp parameter that also accepts "now". */
export function unixOrNow(p: Params, name: string, label = name): number | undefined {
  const raw = text(p, name, false, label);
  if (raw === undefined) return undefined;
  if (raw === "now") return nowSeconds();
  if (!/^\d+$/.test(raw)) throw invalid(`Invalid timestamp: must be an integer Unix timestamp or "now".`, label);
  return Number(raw);
}

export function object(p: Params, name: string): Params | undefined {
  const value = p?.[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("Invalid object", name);
  return value;
}

/** A nested parameter's name as Stripe reports it in errors: `line_items[0][price_data][currency]`. */
export function field(label: string, name: string): string {
  return label ? `${label}[${name}]` : name;
}
