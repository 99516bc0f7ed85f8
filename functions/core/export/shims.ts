/**
 * The modules Kiln's runtime gives generated code (web/runtime/builtins.ts, sdk.ts), as
 * plain files of the exported project over the real `@base44/sdk`: `@/api/base44Client`,
 * `@/entities/<Name>`, `@/integrations/Core`, `@/functions/<name>`, `@/utils`, `@/lib/utils`,
 * `@/hooks/use-mobile`. Pure texts: functions/core/export/project.ts places them.
 */

const js = (name: string) => JSON.stringify(name);
const ident = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : null);

/** The client: same-origin `/api` in `npm run dev` (Vite proxies it to Kiln), Kiln's URL in a build. */
export const BASE44_CLIENT = `import { createClient } from "@base44/sdk";

export const base44 = createClient({
  appId: import.meta.env.VITE_BASE44_APP_ID,
  serverUrl: import.meta.env.DEV ? "" : import.meta.env.VITE_BASE44_BACKEND_URL,
  appBaseUrl: import.meta.env.VITE_BASE44_APP_BASE_URL,
  requiresAuth: false,
});

export default base44;
`;

/** `@/api/entities`: each entity's handler (plus \`schema()\`, which older apps call), and User as the auth module's old names. */
export function entitiesModule(names: string[]): string {
  const lines = names.filter((n) => n !== "User" && ident(n)).map((n) => `export const ${n} = entity(${js(n)});`);
  return `import { base44 } from "./base44Client";
import schemas from "./entity-schemas.json";

export function entity(name) {
  const handler = base44.entities[name];
  return new Proxy(handler, { get: (target, key) => (key === "schema" ? () => schemas[name] ?? null : target[key]) });
}

const auth = base44.auth;
const userCompat = {
  me: () => auth.me(),
  updateMe: (data) => auth.updateMe(data),
  updateMyUserData: (data) => auth.updateMe(data),
  logout: (redirectUrl) => auth.logout(redirectUrl),
  login: (nextUrl) => auth.redirectToLogin(nextUrl ?? window.location.href),
  loginWithRedirect: (nextUrl) => auth.redirectToLogin(nextUrl ?? window.location.href),
  isAuthenticated: () => auth.isAuthenticated(),
};
export const User = new Proxy(userCompat, { get: (target, key) => (key in target ? target[key] : base44.entities.User[key]) });

${lines.join("\n")}
`;
}

/** `@/entities/<Name>`: `import { Task } from "@/entities/Task"`, also the default export. */
export function entityFile(name: string): string {
  if (name === "User") return `import { User } from "@/api/entities";\n\nexport { User };\nexport default User;\n`;
  const id = ident(name) ?? "entityHandler";
  return `import { entity } from "@/api/entities";\n\nexport const ${id} = entity(${js(name)});\nexport default ${id};\n`;
}

const CORE_ENDPOINTS = ["InvokeLLM", "SendEmail", "UploadFile", "GenerateImage", "ExtractDataFromUploadedFile", "CreateFileSignedUrl", "UploadPrivateFile"];

/** `@/integrations/Core` and `@/api/integrations`. */
export const INTEGRATIONS = `import { base44 } from "./base44Client";

export const Core = base44.integrations.Core;
${CORE_ENDPOINTS.map((e) => `export const ${e} = (...args) => Core.${e}(...args);`).join("\n")}
export default Core;
`;

/** `@/api/functions`: each backend function as a plain call. */
export function functionsModule(names: string[]): string {
  return `import { base44 } from "./base44Client";

/** \`await sendReport({...})\` is \`base44.functions.invoke("sendReport", {...})\`. */
export const invoker = (name) => (data) => base44.functions.invoke(name, data ?? {});
${names.filter(ident).map((n) => `export const ${n} = invoker(${js(n)});`).join("\n")}
`;
}

/** `@/functions/<name>` */
export function functionFile(name: string): string {
  const id = ident(name) ?? "call";
  return `import { invoker } from "@/api/functions";\n\nexport const ${id} = invoker(${js(name)});\nexport default ${id};\n`;
}

/** `@/utils`: page links as the runtime builds them, and money by the workspace's rule (money.ts beside it). */
export const UTILS = `export { formatMoney } from "./money";

/** A page's URL is its name (spaces become dashes); a query may follow. */
export function createPageUrl(pageName) {
  return "/" + pageName.replace(/ /g, "-");
}
`;

export const LIB_UTILS = `export { cn } from "@/components/ui/utils";\n`;

export const USE_MOBILE = `import { useSyncExternalStore } from "react";

const query = "(max-width: 767px)";

/** true below 768 px */
export function useIsMobile() {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
  );
}

export default useIsMobile;
`;
