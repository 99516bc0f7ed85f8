import { createClient } from "@base44/sdk";
import type { RuntimeMode } from "../../schemas/preview";
import type { Exports } from "./modules";

export type Base44 = ReturnType<typeof createClient>;

/**
 * The app's `base44` client: the real @base44/sdk, same origin (`serverUrl: ""`), with
 * the token the SDK's own `getAccessToken()` found (`?access_token=` -> localStorage
 * `base44_access_token`, reference §1.4). Analytics stay off in the editor's preview,
 * so the builder's own clicks are not counted as the app's use.
 */
export function createAppClient(appId: string, mode: RuntimeMode, token: string | null, onFunctionError?: (report: FunctionErrorReport) => void): Base44 {
  const client = createClient({ appId, serverUrl: "", token: token ?? undefined, requiresAuth: false, analytics: { enabled: mode === "prod" } });
  client.integrations = withIntegrationErrors(client.integrations);
  if (onFunctionError) client.functions = withFunctionErrorReports(appId, client.functions, onFunctionError);
  return client;
}

/** Spec 02 §8: what a failed function call reports: url, method, data and error, each cut to 1000 characters. */
export interface FunctionErrorReport {
  url: string;
  method: string;
  data: string;
  error: string;
}

const cut = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? String(value))).slice(0, 1000);

/** `functions.invoke` that reports each failure (then throws the SDK's own error, unchanged). */
export function withFunctionErrorReports<T extends { invoke: (name: string, data?: Record<string, unknown>) => Promise<unknown> }>(
  appId: string,
  functions: T,
  report: (report: FunctionErrorReport) => void,
): T {
  const invoke = functions.invoke.bind(functions);
  return Object.assign(Object.create(functions) as T, {
    async invoke(name: string, data?: Record<string, unknown>) {
      try {
        return await invoke(name, data);
      } catch (err) {
        const answer = (err as { response?: { data?: unknown } }).response?.data;
        report({ url: cut(`/api/apps/${appId}/functions/${name}`), method: "POST", data: cut(data ?? {}), error: cut(answer ?? (err instanceof Error ? err.message : err)) });
        throw err;
      }
    },
  });
}

/**
 * Spec 03 §8: a failed integration call reads "Error calling integration {Package}.{Endpoint}:
 * {detail}". Only the message changes: the SDK's error (its status, data, code) is the one thrown.
 */
export function withIntegrationErrors<T extends object>(integrations: T): T {
  const endpointsOf = (pkg: string, endpoints: Record<string, unknown>) =>
    new Proxy(endpoints, {
      get(target, name) {
        const call = target[name as string];
        if (typeof name !== "string" || typeof call !== "function") return call;
        return async (...args: unknown[]) => {
          try {
            return await call(...args);
          } catch (err) {
            if (err instanceof Error) err.message = `Error calling integration ${pkg}.${name}: ${err.message}`;
            throw err;
          }
        };
      },
    });
  return new Proxy(integrations, {
    get(target, pkg) {
      const endpoints = (target as Record<string | symbol, unknown>)[pkg];
      return typeof pkg === "string" && typeof endpoints === "object" && endpoints !== null ? endpointsOf(pkg, endpoints as Record<string, unknown>) : endpoints;
    },
  });
}

/**
 * Logs a visit to `page` as the SDK's `appLogs.logUserInApp` does (reference §6.2). The
 * answer is not read, and a refused visit is no error of the app's.
 */
export const visitLogger = (base44: Base44) => (page: string) => void base44.appLogs.logUserInApp(encodeURIComponent(page)).catch(() => undefined);

/** A module whose every named export is `value(name)`; `then` stays undefined so it is never mistaken for a promise. */
function namedProxy(value: (name: string) => unknown, fixed: Exports = {}): Exports {
  return new Proxy({ __esModule: true, ...fixed } as Exports, {
    get: (target, key) => (typeof key !== "string" || key in target ? target[key as string] : key === "then" ? undefined : value(key)),
  });
}

/**
 * `User` of `@/entities/User` / `@/api/entities`: the auth module under the names older
 * apps call (reference §9.1: me, updateMyUserData, logout, login), and the `User`
 * entity's list/filter/get/... for the rest.
 */
function userEntity(base44: Base44): unknown {
  const auth = base44.auth;
  const compat: Record<string, unknown> = {
    me: () => auth.me(),
    updateMe: (data: Record<string, unknown>) => auth.updateMe(data),
    updateMyUserData: (data: Record<string, unknown>) => auth.updateMe(data),
    logout: (redirectUrl?: string) => auth.logout(redirectUrl),
    login: (nextUrl?: string) => auth.redirectToLogin(nextUrl ?? window.location.href),
    loginWithRedirect: (nextUrl?: string) => auth.redirectToLogin(nextUrl ?? window.location.href),
    isAuthenticated: () => auth.isAuthenticated(),
  };
  const records = base44.entities.User as unknown as Record<string, unknown>;
  return new Proxy(compat, { get: (target, key) => (typeof key === "string" && key in target ? target[key] : records[key as string]) });
}

/** One entity's handler, plus `schema()` (which older apps call and 0.8.50 lacks): the entity's JSON schema from its file. */
export function entityOf(base44: Base44, name: string, schemaOf: (name: string) => unknown): unknown {
  if (name === "User") return userEntity(base44);
  const handler = (base44.entities as unknown as Record<string, Record<string, unknown>>)[name];
  return new Proxy(handler, { get: (target, key) => (key === "schema" ? () => schemaOf(name) : target[key as string]) });
}

/** `@/entities/<Name>`: `import { Task } from "@/entities/Task"` (also as the default export). */
export function entityModule(base44: Base44, name: string, schemaOf: (name: string) => unknown): Exports {
  const entity = entityOf(base44, name, schemaOf);
  return namedProxy(() => entity, { default: entity, [name]: entity });
}

/** `@/api/entities` (and `@/entities`): every entity by name. */
export function entitiesModule(base44: Base44, schemaOf: (name: string) => unknown): Exports {
  return namedProxy((name) => entityOf(base44, name, schemaOf));
}

/** A backend function as a plain call: `await sendReport({...})` is `base44.functions.invoke("sendReport", {...})`. */
const invoker = (base44: Base44, name: string) => (data?: Record<string, unknown>) => base44.functions.invoke(name, data ?? {});

/** `@/functions/<name>`: the function under any import name, and as the default export. */
export function functionModule(base44: Base44, name: string): Exports {
  const call = invoker(base44, name);
  return namedProxy(() => call, { default: call });
}

/** `@/api/functions`: `import { sendReport } from "@/api/functions"`. */
export function functionsModule(base44: Base44): Exports {
  return namedProxy((name) => invoker(base44, name));
}

/** `@/integrations/Core` and `@/api/integrations`: InvokeLLM, SendEmail, UploadFile, ... as `base44.integrations.Core.*`. */
export function integrationsModule(base44: Base44): Exports {
  const core = base44.integrations.Core as unknown as Record<string, unknown>;
  return namedProxy((name) => core[name], { Core: core, default: core });
}
