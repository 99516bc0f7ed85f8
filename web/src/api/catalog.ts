import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { CatalogArchived, CatalogCreated, CatalogEntry, CatalogInvited, CatalogUpvote, CreateCatalogItemBody, UpdateCatalogItemBody } from "../../../schemas/catalog";
import { ApiError, call } from "./client";

/** What the editor sends: the server trims, drops blank rows and fills defaults. */
export type CatalogItemInput = z.input<typeof CreateCatalogItemBody>;

const path = (id?: string, action?: string) => `/integration-catalog-items/catalog${id ? `/${encodeURIComponent(id)}` : ""}${action ? `/${action}` : ""}`;

/** Spec 03 §7.6 Integrations catalogue. Bodies are the schemas' input shapes: the server trims and drops blanks. */
export const Catalog = {
  list: () => call(path(), { schema: z.array(CatalogEntry) }),
  get: (id: string) => call(path(id), { schema: CatalogEntry }),
  create: (body: CatalogItemInput) => call(path(), { method: "POST", body, schema: CatalogCreated }),
  update: (id: string, body: z.input<typeof UpdateCatalogItemBody>) => call(path(id), { method: "PUT", body, schema: CatalogEntry }),
  setPrivate: (id: string, isPrivate: boolean) =>
    call(path(id, "visibility"), {
      method: "POST",
      body: { is_private: isPrivate },
      schema: CatalogEntry,
    }),
  invite: (id: string, email: string) =>
    call(path(id, "invite"), {
      method: "POST",
      body: { email },
      schema: CatalogInvited,
    }),
  upvote: (id: string, upvote: boolean) =>
    call(path(id, "upvote"), {
      method: "POST",
      body: { upvote },
      schema: CatalogUpvote,
    }),
  approve: (id: string) => call(path(id, "approve"), { method: "POST", schema: CatalogEntry }),
  archive: (id: string) => call(path(id, "archive"), { method: "POST", schema: CatalogArchived }),
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
