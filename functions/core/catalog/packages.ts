import * as z from "zod";
import type { AppMeta } from "../../../schemas/app";
import { type IntegrationEndpointsSchema, coreEndpoints } from "../../../schemas/integrations";
import { type InstallResult, PACKAGE_NEEDS_BACKEND_FUNCTIONS } from "../../../schemas/packages";
import { PAYMENTS_PACKAGE } from "../../../schemas/payments";
import type { User } from "../../../schemas/user";
import type { AppCaller } from "../actor";
import { AppFiles } from "../apps/files";
import { Apps } from "../apps/apps";
import { BackendFunctions } from "../backend/functions";
import { Catalog } from "./catalog";
import { Credits } from "../billing/credits";
import { VisibleError, notFound } from "../errors";
import { FunctionCalls } from "../backend/calls";
import { type PackageDefinition, PackageCatalog, moduleOf } from "./package-catalog";
import { Secrets } from "../backend/secrets";
import { Features } from "../../../lib/tiers";
import { Users } from "../identity/users";

/**
 * Installable integrations (spec 01 §7 install/delete-integration, spec 03 §7.12): a catalogue
 * item's package installed into an app, its endpoints listed in the app's endpoint schema and
 * served by the package's Deno module in the function sandbox, with the app's secrets.
 */
export namespace Packages {
  /** The deployment name of a package's module: a name no function file can have. */
  const deploymentName = (definition: PackageDefinition) => `package:${definition.name}`;

  const installedOf = (app: AppMeta) => app.installable_integrations ?? {};

  export async function install(user: User, app: AppMeta, pkg: string, ref: string): Promise<InstallResult> {
    // The payments package's ref is the owner's Stripe account, not a catalogue item; Stripe's SDK loads only for it.
    if (pkg === PAYMENTS_PACKAGE) return (await import("../payments/payments")).Payments.connect(user, app, ref);
    const definition = PackageCatalog.byName(pkg);
    if (!definition || definition.catalogItemId !== ref) throw notFound(`There is no integration package ${pkg} for the catalogue item ${ref}`);
    const item = await Catalog.visible(user, ref);
    if (item.requires_backend_functions) {
      const owner = await Users.get(app.created_by_id);
      if (!owner || !Features[owner.subscription_tier].backend_functions) throw new VisibleError("payment_required", PACKAGE_NEEDS_BACKEND_FUNCTIONS);
    }
    const installed_date = new Date().toISOString();
    const updated = await Apps.update(app.id, {
      installable_integrations: { ...installedOf(app), [definition.name]: { catalog_item_id: item.id, installed_date } },
      ...(item.requires_backend_functions ? { has_backend_functions_enabled: true } : {}),
    });
    const have = new Set((await Secrets.names(app.id)).map((s) => s.name));
    return { package_name: definition.name, installable_integrations: installedOf(updated), missing_secrets: definition.secrets.filter((s) => !have.has(s)) };
  }

  /** A new app made with integrations (the home screen's picker) gets their packages when its owner's plan runs them. */
  export async function installChosen(user: User, app: AppMeta, itemIds: string[]): Promise<void> {
    if (!Features[user.subscription_tier].backend_functions) return;
    const chosen = itemIds.map((id) => PackageCatalog.byCatalogItem(id)).filter((d) => d !== undefined);
    if (!chosen.length) return;
    const installed_date = new Date().toISOString();
    const installed = Object.fromEntries(chosen.map((d) => [d.name, { catalog_item_id: d.catalogItemId, installed_date }]));
    await Apps.update(app.id, { installable_integrations: installed, has_backend_functions_enabled: true });
  }

  export async function uninstall(app: AppMeta, pkg: string, ref: string): Promise<InstallResult> {
    if (pkg === PAYMENTS_PACKAGE) return (await import("../payments/payments")).Payments.disconnect(app, ref);
    const installed = installedOf(app);
    if (!installed[pkg] || installed[pkg].catalog_item_id !== ref) throw notFound(`The integration package ${pkg} is not installed in this app`);
    const { [pkg]: _removed, ...rest } = installed;
    const updated = await Apps.update(app.id, { installable_integrations: rest });
    return { package_name: pkg, installable_integrations: installedOf(updated), missing_secrets: [] };
  }

  const describe = (params: z.ZodType) => z.toJSONSchema(params, { io: "input", unrepresentable: "any" });

  /** The installed packages as the assistant's prompt lists them: each endpoint with its params (optional ones marked). */
  export function promptOf(app: AppMeta) {
    return Object.keys(installedOf(app))
      .map((name) => PackageCatalog.byName(name))
      .filter((d) => d !== undefined)
      .map((d) => ({
        name: d.name,
        endpoints: Object.entries(d.endpoints).map(([name, e]) => {
          const schema = describe(e.params) as { properties?: Record<string, unknown>; required?: string[] };
          const params = Object.keys(schema.properties ?? {}).map((p) => (schema.required?.includes(p) ? p : `${p}?`));
          return { name, params: params.join(", "), returns: e.returns, description: e.description };
        }),
      }));
  }

  /** GET …/integration-endpoints/schema: Core and every installed package; packages the app's code calls but has not installed. */
  export async function schema(app: AppMeta): Promise<IntegrationEndpointsSchema> {
    const installed = Object.keys(installedOf(app))
      .map((name) => PackageCatalog.byName(name))
      .filter((d) => d !== undefined);
    const code = Object.values(await AppFiles.tree(app.id)).join("\n");
    const used = new Set([...code.matchAll(/integrations\.([A-Z][A-Za-z0-9]*)\.[A-Za-z]/g)].map((m) => m[1]));
    used.delete("Core");
    for (const d of installed) used.delete(d.name);
    return {
      installed_packages: [
        {
          package_name: "Core",
          endpoints: Object.entries(coreEndpoints).map(([name, e]) => ({ name, description: e.description, params: describe(e.body), returns: z.toJSONSchema(e.result, { io: "output", unrepresentable: "any" }) })),
        },
        ...installed.map((d) => ({
          package_name: d.name,
          endpoints: Object.entries(d.endpoints).map(([name, e]) => ({ name, description: e.description, params: describe(e.params), returns: e.returns })),
        })),
      ],
      missing_packages: [...used].sort(),
    };
  }

  /** Why `pkg.endpoint` cannot be called in this app (not installed, or no such endpoint), or null when it can. */
  export function missingOf(app: AppMeta, pkg: string, endpoint: string): string | null {
    const definition = PackageCatalog.byName(pkg);
    if (!definition || !installedOf(app)[pkg]) return `The integration package ${pkg} is not installed in this app`;
    return Object.hasOwn(definition.endpoints, endpoint) ? null : `Integration endpoint '${pkg}.${endpoint}' not found`;
  }

  /**
   * A call of an installed package's endpoint: the owner's integration credit is charged (and
   * given back when the call fails), the params checked by the endpoint's schema, the module run
   * in the sandbox.
   */
  export async function call(caller: AppCaller, pkg: string, endpoint: string, params: Record<string, unknown>): Promise<unknown> {
    const { app } = caller;
    const missing = missingOf(app, pkg, endpoint);
    if (missing) throw notFound(missing);
    const definition = PackageCatalog.byName(pkg)!;
    const spec = definition.endpoints[endpoint]!;
    const parsed = spec.params.safeParse(params);
    if (!parsed.success) throw new VisibleError("input", `${pkg}.${endpoint}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "params"} ${i.message}`).join("; ")}`);
    const owner = await Users.get(app.created_by_id);
    if (!owner) throw notFound("App not found");
    if (!Features[owner.subscription_tier].backend_functions) throw new VisibleError("payment_required", PACKAGE_NEEDS_BACKEND_FUNCTIONS);
    const period = await Credits.chargeIntegration(owner);
    try {
      const deployment = await BackendFunctions.currentOf(app.id, deploymentName(definition), moduleOf(definition));
      if (deployment.status === "failed") throw new VisibleError("upstream", `${pkg} could not be deployed: ${deployment.error}`);
      const body = new TextEncoder().encode(JSON.stringify({ endpoint, params: parsed.data }));
      const result = await FunctionCalls.run(caller, deploymentName(definition), deployment, { method: "POST", url: `${BackendFunctions.urlOf(app.id, pkg)}`, headers: { "content-type": "application/json" }, body }, { type: "integration", objectName: `${pkg}.${endpoint}` });
      const answer = result.body ? JSON.parse(Buffer.from(result.body, "base64").toString("utf8")) : null;
      // what the module threw may hold the app's secrets (a webhook URL in a fetch error): its logs keep it
      if (result.outcome !== "ok") throw new VisibleError("upstream", `${pkg}.${endpoint}: ${BackendFunctions.failedMessage(result.requestId)}`);
      if (result.status === 412) throw new VisibleError("input", answer.error);
      if (result.status >= 400) throw new VisibleError("upstream", answer?.error ?? `${pkg}.${endpoint} failed (${result.status})`);
      return answer;
    } catch (err) {
      await Credits.refundIntegration(owner.id, period);
      throw err;
    }
  }
}
