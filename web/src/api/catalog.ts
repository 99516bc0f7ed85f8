import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { CatalogEntry } from "../../../schemas/catalog";
import { ApiError, call } from "./client";

/** Spec 03 §7.6 Integrations catalogue, the reading calls. */
export const Catalog = {
  list: () => call("/integration-catalog-items/catalog", { schema: z.array(CatalogEntry) }),
  get: (id: string) => call(`/integration-catalog-items/catalog/${encodeURIComponent(id)}`, { schema: CatalogEntry }),
};

/** A refusal (unknown, hidden or malformed id) is an answer, not a hiccup: do not retry it. */
const retryUnlessRefused = (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2;

export const catalogListQuery = queryOptions({ queryKey: ["catalog", "list"] as const, queryFn: Catalog.list, staleTime: 5 * 60_000 });
export const catalogItemQuery = (id: string) =>
  queryOptions({ queryKey: ["catalog", "item", id] as const, queryFn: () => Catalog.get(id), staleTime: 5 * 60_000, retry: retryUnlessRefused });
