import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { IntegrationEndpointsSchema } from "../../../schemas/integrations";
import { InstallResult, type InstalledPackage } from "../../../schemas/packages";
import { appQuery } from "./apps";
import { ApiError, call, detailOf } from "./client";


/** Installable integrations (spec 01 §7, spec 03 §7.12): a catalogue item's package in an app, and the app's endpoint schema. */
export const Packages = {
  install: (appId: string, pkg: string, ref: string) => call("POST /api/apps/{id}/install-integration/{pkg}/{ref}", { params: { id: appId, pkg, ref }, schema: InstallResult }),
  remove: (appId: string, pkg: string, ref: string) => call("POST /api/apps/{id}/delete-integration/{pkg}/{ref}", { params: { id: appId, pkg, ref }, schema: InstallResult }),
  schema: (appId: string) => call("GET /api/apps/{id}/integration-endpoints/schema", { params: { id: appId }, schema: IntegrationEndpointsSchema }),
};

export const endpointSchemaQuery = (appId: string) => queryOptions({ queryKey: ["integration-schema", appId] as const, queryFn: () => Packages.schema(appId) });

/** How an app's code calls an endpoint. */
export const callOf = (pkg: string, endpoint: string) => `base44.integrations.${pkg}.${endpoint}(...)`;

/** The Workspace's Secrets view of an app, where a package's missing secrets are added. */
export const secretsPath = (appId: string) => `/apps/${encodeURIComponent(appId)}/editor/workspace/secrets`;

export interface InstalledRow {
  name: string;
  catalogItemId: string;
  installedDate: string;
  /** its endpoints as the app calls them; empty until the schema has loaded */
  calls: string[];
}

/** The app's installed packages by name, each with its endpoints from the endpoint schema (Core is not installed, it is built in). */
export function installedRows(installed: Record<string, InstalledPackage> | undefined, schema: IntegrationEndpointsSchema | undefined): InstalledRow[] {
  return Object.entries(installed ?? {})
    // the payments account has its own view (Payments), not a catalogue item
    .filter(([name]) => name !== "StripeIntegration")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, pkg]) => ({
      name,
      catalogItemId: pkg.catalog_item_id,
      installedDate: pkg.installed_date,
      calls: (schema?.installed_packages.find((p) => p.package_name === name)?.endpoints ?? []).map((e) => callOf(name, e.name)),
    }));
}

/** Why an install failed: the server's words, and whether a better plan is the way out (402). */
export const installFailure = (err: unknown) => ({ detail: detailOf(err), upgrade: err instanceof ApiError && err.status === 402 });

/** After an install or removal the app (its installed packages, backend functions on) and its schema are read again. */
function useRefreshApp() {
  const client = useQueryClient();
  return (appId: string) => {
    void client.invalidateQueries({ queryKey: appQuery(appId).queryKey });
    void client.invalidateQueries({ queryKey: endpointSchemaQuery(appId).queryKey });
  };
}

export function useInstallPackage() {
  const refresh = useRefreshApp();
  return useMutation({
    mutationFn: ({ appId, pkg, ref }: { appId: string; pkg: string; ref: string }) => Packages.install(appId, pkg, ref),
    onSuccess: (_result, { appId }) => refresh(appId),
  });
}

export function useRemovePackage(appId: string) {
  const refresh = useRefreshApp();
  return useMutation({
    mutationFn: ({ pkg, ref }: { pkg: string; ref: string }) => Packages.remove(appId, pkg, ref),
    onSuccess: () => refresh(appId),
  });
}
