import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AppSummary } from "../../../../schemas/app";
import { Apps } from "../../api/apps";
import { detailOf } from "../../api/client";
import { toast } from "../ui/toaster";

/** Star or unstar an app from a list: shown at once, undone if the server refuses. */
export function useStarApp() {
  const client = useQueryClient();
  const setStar = (id: string, is_starred: boolean) =>
    client.setQueriesData<AppSummary[]>({ queryKey: ["apps"] }, (list) => (Array.isArray(list) ? list.map((a) => (a.id === id ? { ...a, is_starred } : a)) : list));
  return useMutation({
    mutationFn: ({ id, starred }: { id: string; starred: boolean }) => Apps.update(id, { is_starred: starred }),
    onMutate: async ({ id, starred }) => {
      await client.cancelQueries({ queryKey: ["apps"] });
      setStar(id, starred);
    },
    onError: (err, { id, starred }) => {
      setStar(id, !starred);
      toast.error(`Failed to update app: ${detailOf(err)}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["apps"] }),
  });
}
