import { queryOptions } from "@tanstack/react-query";
import { RuntimeToken } from "../../../schemas/app-auth";
import { call } from "./client";

/**
 * The preview's runtime token (GET /apps/{id}/auth/token): scoped to this one app, so
 * the app's code in the frame never holds the builder's own token. Fetched once per
 * frame load; a refresh asks for a new one.
 */
export const runtimeTokenQuery = (appId: string) =>
  queryOptions({
    queryKey: ["runtime-token", appId] as const,
    queryFn: () => call("GET /api/apps/{id}/auth/token", { params: { id: appId }, schema: RuntimeToken }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
