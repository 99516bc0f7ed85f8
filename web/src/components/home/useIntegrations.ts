import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SecretChoice } from "../../../../schemas/app";
import type { CatalogItem, RequiredSecret } from "../../../../schemas/catalog";
import { ApiError } from "../../api/client";
import { catalogItemQuery } from "../../api/catalog";
import { existingSecretsQuery } from "../../api/secrets";

/** How one required secret is being given: a new value, or one of the caller's existing secrets. */
export interface SecretEntry {
  mode: SecretChoice["type"];
  value: string;
  secretId: string;
}

const EMPTY: SecretEntry = { mode: "value", value: "", secretId: "" };
/** As many as POST /apps accepts. */
const MAX_INTEGRATIONS = 20;

/** `?integrations=a,b` → ["a", "b"]: trimmed, unique, at most 20. */
export function integrationIds(param: string | undefined): string[] {
  const ids = (param ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return [...new Set(ids)].slice(0, MAX_INTEGRATIONS);
}

/** An id the catalogue would not give us, and why, for the dismissible note. */
export interface UnavailableIntegration {
  id: string;
  reason: "not_found" | "failed";
}

/**
 * The home screen's preloaded integrations (spec 01 §2): the catalogue items
 * behind the ids, the secrets they require, and what the user entered for each.
 */
export function useIntegrations(ids: string[]) {
  const results = useQueries({ queries: ids.map((id) => catalogItemQuery(id)) });
  const existing = useQuery({ ...existingSecretsQuery, enabled: ids.length > 0 });
  const [entries, setEntries] = useState<Record<string, SecretEntry>>({});

  const items: CatalogItem[] = results.flatMap((r) => (r.data ? [r.data.item] : []));
  const unavailable: UnavailableIntegration[] = ids.flatMap((id, i) => {
    const error = results[i]?.error;
    if (!error) return [];
    return [{ id, reason: error instanceof ApiError && error.status < 500 ? "not_found" : "failed" }];
  });

  // Two integrations may need the same secret: it is asked for once.
  const required: RequiredSecret[] = [];
  for (const item of items) for (const s of item.required_secrets) if (!required.some((r) => r.name === s.name)) required.push(s);

  const entryOf = (name: string): SecretEntry => entries[name] ?? EMPTY;
  const setEntry = (name: string, patch: Partial<SecretEntry>) => setEntries((prev) => ({ ...prev, [name]: { ...(prev[name] ?? EMPTY), ...patch } }));

  const isBlank = (name: string) => {
    const e = entryOf(name);
    return e.mode === "value" ? e.value.trim() === "" : e.secretId === "";
  };

  const choices: SecretChoice[] = required.map(({ name }) => {
    const e = entryOf(name);
    return e.mode === "value" ? { type: "value", name, value: e.value.trim() } : { type: "clone", name, secret_id: e.secretId };
  });

  return {
    items,
    unavailable,
    /** ids whose item is still loading */
    pending: results.filter((r) => r.isPending).length,
    required,
    existing: existing.data ?? [],
    entryOf,
    setEntry,
    isBlank,
    /** Spec 01 §5: any required secret empty or whitespace-only, for new values and reuse alike. */
    missing: required.some((s) => isBlank(s.name)),
    choices,
  };
}

export type Integrations = ReturnType<typeof useIntegrations>;
