import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { App } from "../../../schemas/app";
import { FixAllResult, PublishBlock, SecurityScan } from "../../../schemas/security";
import { ApiError, call } from "./client";

/** Issue 24 §3: the app's security scan, Fix All and ignoring findings (functions/http/security.ts). */
export const SecurityCalls = {
  get: (id: string) => call("GET /api/apps/{id}/security-scan", { params: { id }, schema: SecurityScan }),
  start: (id: string) => call("POST /api/apps/{id}/security-scan", { params: { id }, schema: SecurityScan }),
  fixAll: (id: string) => call("POST /api/apps/{id}/security-scan/fix-all", { params: { id }, schema: FixAllResult }),
  ignore: (id: string, finding: string) => call("POST /api/apps/{id}/security-scan/findings/{finding_id}/ignore", { params: { id, finding_id: finding }, schema: SecurityScan }),
  restore: (id: string, finding: string) => call("POST /api/apps/{id}/security-scan/findings/{finding_id}/restore", { params: { id, finding_id: finding }, schema: SecurityScan }),
};

/**
 * A short signature of what a scan covers (files and visibility) as this tab sees the app: when the room
 * pushes any change, the key changes and the scan is read again, so the view shows it going out of date.
 */
export function appSignature(app: App): string {
  const text = JSON.stringify([app.public_settings, app.pages, app.components, app.entities, app.functions, app.layout]);
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = (hash * 33) ^ text.charCodeAt(i);
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

export const securityScanQuery = (id: string, signature: string) =>
  queryOptions({
    queryKey: ["security-scan", id, signature] as const,
    queryFn: () => SecurityCalls.get(id),
    // a scan runs in the background: read it again until it is done
    refetchInterval: (query) => (query.state.data?.status === "scanning" ? 1_000 : false),
  });

function useScanMutation<T>(id: string, fn: () => Promise<T>, scanOf: (answer: T) => SecurityScan) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      for (const query of client.getQueryCache().findAll({ queryKey: ["security-scan", id] })) client.setQueryData(query.queryKey, scanOf(answer));
    },
  });
}

export const useStartScan = (id: string) => useScanMutation(id, () => SecurityCalls.start(id), (scan) => scan);
export const useFixAll = (id: string) => useScanMutation(id, () => SecurityCalls.fixAll(id), (result) => result.scan);
export function useIgnoreFinding(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ finding, ignore }: { finding: string; ignore: boolean }) => (ignore ? SecurityCalls.ignore(id, finding) : SecurityCalls.restore(id, finding)),
    onSuccess: (scan) => {
      for (const query of client.getQueryCache().findAll({ queryKey: ["security-scan", id] })) client.setQueryData(query.queryKey, scan);
    },
  });
}

/** The critical findings a refused publish names (409 with `extra_data.blocking_findings`), or none. */
export function blockingFindings(err: unknown): PublishBlock["blocking_findings"] {
  if (!(err instanceof ApiError) || err.status !== 409) return [];
  const extra = (err.body as { extra_data?: unknown } | undefined)?.extra_data;
  const parsed = PublishBlock.safeParse(extra);
  return parsed.success ? parsed.data.blocking_findings : [];
}
