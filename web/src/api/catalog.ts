import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { CatalogArchived, CatalogCreated, CatalogEntry, CatalogInvited, CatalogUpvote, CreateCatalogItemBody, UpdateCatalogItemBody } from "../../../schemas/catalog";
import { ApiError, call } from "./client";

/** What the editor sends: the server trims, drops blank rows and fills defaults. */
export type CatalogItemInput = z.input<typeof CreateCatalogItemBody>;

/** Spec 03 §7.6 Integrations catalogue. Bodies are the schemas' input shapes: the server trims and drops blanks. */
export const Catalog = {
  list: () => call("GET /api/integration-catalog-items/catalog", { schema: z.array(CatalogEntry) }),
  get: (id: string) => call("GET /api/integration-catalog-items/catalog/{id}", { params: { id }, schema: CatalogEntry }),
  create: (body: CatalogItemInput) => call("POST /api/integration-catalog-items/catalog", { body, schema: CatalogCreated }),
  update: (id: string, body: z.input<typeof UpdateCatalogItemBody>) => call("PUT /api/integration-catalog-items/catalog/{id}", { params: { id }, body, schema: CatalogEntry }),
  setPrivate: (id: string, isPrivate: boolean) =>
    call("POST /api/integration-catalog-items/catalog/{id}/visibility", {
      params: { id },
      body: { is_private: isPrivate },
      schema: CatalogEntry,
    }),
  invite: (id: string, email: string) =>
    call("POST /api/integration-catalog-items/catalog/{id}/invite", {
      params: { id },
      body: { email },
      schema: CatalogInvited,
    }),
  upvote: (id: string, upvote: boolean) =>
    call("POST /api/integration-catalog-items/catalog/{id}/upvote", {
      params: { id },
      body: { upvote },
      schema: CatalogUpvote,
    }),
  approve: (id: string) => call("POST /api/integration-catalog-items/catalog/{id}/approve", { params: { id }, schema: CatalogEntry }),
  archive: (id: string) => call("POST /api/integration-catalog-items/catalog/{id}/archive", { params: { id }, schema: CatalogArchived }),
};

/** A refusal (unknown, hidden or malformed id) is an answer, not a hiccup: do not retry it. */
const retryUnlessRefused = (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2;

export const catalogListQuery = queryOptions({
  queryKey: ["catalog", "list"] as const,
  queryFn: Catalog.list,
  staleTime: 60_000,
  retry: retryUnlessRefused,
});
export const catalogItemQuery = (id: string) =>
  queryOptions({
    queryKey: ["catalog", "item", id] as const,
    queryFn: () => Catalog.get(id),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
