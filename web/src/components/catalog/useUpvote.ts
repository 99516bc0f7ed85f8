import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CatalogEntry } from "../../../../schemas/catalog";
import { Catalog, catalogItemQuery, catalogListQuery } from "../../api/catalog";

/** The entry as it reads once the caller's vote is `upvote`. */
const voted = (entry: CatalogEntry, upvote: boolean): CatalogEntry =>
  entry.did_current_user_upvote === upvote
    ? entry
    : {
        ...entry,
        did_current_user_upvote: upvote,
        upvotes: entry.upvotes + (upvote ? 1 : -1),
      };

/**
 * Spec 03 §4 Catalogue item: an upvote shows at once in the list and on the item,
 * and is rolled back when the server refuses it. `isUpvoting(id)` is the client-only flag.
 */
export function useUpvote() {
  const queryClient = useQueryClient();
  const [upvoting, setUpvoting] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string, on: boolean) =>
    setUpvoting((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const mutation = useMutation({
    mutationFn: ({ id, upvote }: { id: string; upvote: boolean }) => Catalog.upvote(id, upvote),
    onMutate: async ({ id, upvote }) => {
      mark(id, true);
      await queryClient.cancelQueries({ queryKey: ["catalog"] });
      const list = queryClient.getQueryData(catalogListQuery.queryKey);
      const item = queryClient.getQueryData(catalogItemQuery(id).queryKey);
      if (list)
        queryClient.setQueryData(
          catalogListQuery.queryKey,
          list.map((e) => (e.item.id === id ? voted(e, upvote) : e)),
        );
      if (item) queryClient.setQueryData(catalogItemQuery(id).queryKey, voted(item, upvote));
      return { list, item };
    },
    onError: (_err, { id }, saved) => {
      if (saved?.list) queryClient.setQueryData(catalogListQuery.queryKey, saved.list);
      if (saved?.item) queryClient.setQueryData(catalogItemQuery(id).queryKey, saved.item);
    },
    onSuccess: (answer, { id }) => {
      const settle = (e: CatalogEntry) => ({ ...e, ...answer });
      queryClient.setQueryData(catalogListQuery.queryKey, (list) => list?.map((e) => (e.item.id === id ? settle(e) : e)));
      queryClient.setQueryData(catalogItemQuery(id).queryKey, (item) => item && settle(item));
    },
    onSettled: (_a, _e, { id }) => mark(id, false),
  });

  return {
    toggle: (entry: CatalogEntry) =>
      mutation.mutate({
        id: entry.item.id,
        upvote: !entry.did_current_user_upvote,
      }),
    isUpvoting: (id: string) => upvoting.has(id),
  };
}
