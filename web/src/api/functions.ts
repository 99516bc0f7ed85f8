import { queryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ActivateResult, FUNCTION_LOGS_PAGE, FunctionDeployment, FunctionList, FunctionLogsPage } from "../../../schemas/functions";
import { session } from "../auth/session";
import { appQuery } from "./apps";
import { apiPath, call } from "./client";

/** What a function answered a test call: its own status and body, never reinterpreted. */
export interface FunctionAnswer {
  status: number;
  /** the body parsed as JSON, or its text when it is not JSON (null when empty) */
  body: unknown;
}

/** Spec 02 §7 Backend functions: activation, the function list, logs, redeploy and a test call. */
export const Functions = {
  activate: (appId: string) => call("POST /api/apps/{id}/activate-backend-functions", { params: { id: appId }, schema: ActivateResult }),
  list: (appId: string) => call("GET /api/apps/{id}/functions", { params: { id: appId }, schema: FunctionList }),
  logs: (appId: string, name: string, offset: number) =>
    call("GET /api/apps/{id}/functions/{name}/logs", { params: { id: appId, name }, query: { limit: FUNCTION_LOGS_PAGE, offset }, schema: FunctionLogsPage }),
  redeploy: (appId: string, name: string) => call("POST /api/apps/{id}/coding/redeploy-function/{name}", { params: { id: appId, name }, schema: FunctionDeployment }),

  /**
   * POST /api/apps/{id}/functions/{name} with the owner's token. Not through `call`: the answer is
   * the function's own (any status, any body) and a 401 the function returns must not sign the owner out.
   */
  async invoke(appId: string, name: string, payload: unknown): Promise<FunctionAnswer> {
    const token = session.token();
    const response = await fetch(apiPath("POST /api/apps/{id}/functions/{name}", { id: appId, name }), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Origin-URL": window.location.href, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
    });
    const text = await response.text();
    let body: unknown = text === "" ? null : text;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      // not JSON: shown as the text it is
    }
    return { status: response.status, body };
  },
};

export const functionListQuery = (appId: string) => queryOptions({ queryKey: ["functions", appId] as const, queryFn: () => Functions.list(appId) });

/** A function's logs, newest first, 50 a page; the next page starts where the loaded ones end (Load More). */
export function useFunctionLogs(appId: string, name: string) {
  return useInfiniteQuery({
    queryKey: ["functions", appId, "logs", name] as const,
    queryFn: ({ pageParam }) => Functions.logs(appId, name, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((n, page) => n + page.logs.length, 0) : undefined),
  });
}

/** Activation is one-way: afterwards the cached app says so at once, and is refetched. */
export function useActivateBackendFunctions(appId: string) {
  const client = useQueryClient();
  const { queryKey } = appQuery(appId);
  return useMutation({
    mutationFn: () => Functions.activate(appId),
    onSuccess: () => {
      const app = client.getQueryData(queryKey);
      if (app) client.setQueryData(queryKey, { ...app, has_backend_functions_enabled: true });
      void client.invalidateQueries({ queryKey });
      void client.invalidateQueries({ queryKey: ["functions", appId] });
    },
  });
}

/** Redeploy one function; the list (deployment state) is refreshed from the server afterwards. */
export function useRedeployFunction(appId: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => Functions.redeploy(appId, name),
    // the new state shows at once; the refetch then says whether it was built from the code as it is now
    onSuccess: (deployment) =>
      client.setQueryData(functionListQuery(appId).queryKey, (list) => list && { functions: list.functions.map((f) => (f.name === name ? { ...f, deployment } : f)) }),
    onSettled: () => client.invalidateQueries({ queryKey: functionListQuery(appId).queryKey, exact: true }),
  });
}
