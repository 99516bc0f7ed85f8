import * as base44Sdk from "@base44/sdk";
import * as cva from "class-variance-authority";
import * as clsx from "clsx";
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";
import * as ReactRouter from "react-router-dom";
import * as jsxRuntime from "react/jsx-runtime";
import * as tailwindMerge from "tailwind-merge";
import * as jsxDevRuntime from "./jsx";
import type { Exports, ModuleProvider } from "./modules";
import { formatMoney } from "../../schemas/money";
import { createPageUrl } from "../../schemas/preview";
import { type BuiltinId, type UiPart, UI_PARTS } from "./resolve";
import { type Base44, entitiesModule, entityModule, functionModule, functionsModule, integrationsModule } from "./sdk";

/** An ES module namespace as CommonJS code sees it: named exports, `default`, and `__esModule` so sucrase's interop keeps it whole. */
function esm(namespace: object): Exports {
  const ns = namespace as Exports;
  return { ...ns, default: "default" in ns ? ns.default : ns, __esModule: true };
}

/** lucide-react, where an icon the installed version lacks fails with its name rather than React's "element type is invalid". */
function icons(lucide: Exports): Exports {
  return new Proxy(esm(lucide), {
    get(target, key) {
      if (typeof key !== "string" || key in target || !/^[A-Z]/.test(key)) return target[key as string];
      const Missing = () => {
        throw new Error(`lucide-react has no icon named "${key}". Use another icon name.`);
      };
      return Missing;
    },
  });
}

/** `@/utils`: page links, and money as the workspace shows it (one rule, schemas/money.ts). */
export const appUtils: Exports = { __esModule: true, createPageUrl, formatMoney };

const isMobileQuery = "(max-width: 767px)";

/** `@/hooks/use-mobile` (shadcn): true below 768 px. */
function useIsMobile(): boolean {
  return React.useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(isMobileQuery);
      query.addEventListener("change", notify);
      return () => query.removeEventListener("change", notify);
    },
    () => window.matchMedia(isMobileQuery).matches,
  );
}

/**
 * Every module Kiln provides to generated code, loaded before the first render:
 * the packages apps import (the heavy ones, icons, date-fns and the UI kit, as
 * chunks fetched in parallel) and the app-bound ones built on its `base44` client.
 */
export async function loadProvider(base44: Base44, schemaOf: (entity: string) => unknown): Promise<ModuleProvider> {
  const [lucide, dateFns, ui] = await Promise.all([import("lucide-react"), import("date-fns"), import("./ui")]);
  const uiModules = Object.fromEntries(UI_PARTS.map((part: UiPart) => [`@/components/ui/${part}`, esm(ui.kit[part])]));
  const integrations = integrationsModule(base44);

  const modules: Record<BuiltinId, Exports> = {
    react: esm(React),
    "react/jsx-runtime": esm(jsxRuntime),
    "react/jsx-dev-runtime": esm(jsxDevRuntime),
    "react-dom": esm(ReactDOM),
    "react-dom/client": esm(ReactDOMClient),
    "react-router-dom": esm(ReactRouter),
    "react-router": esm(ReactRouter),
    "lucide-react": icons(lucide),
    "date-fns": esm(dateFns),
    clsx: esm(clsx),
    "tailwind-merge": esm(tailwindMerge),
    "class-variance-authority": esm(cva),
    sonner: esm(ui.sonner),
    "@base44/sdk": esm(base44Sdk),
    "@/api/base44Client": { __esModule: true, base44, default: base44 },
    "@/api/entities": entitiesModule(base44, schemaOf),
    "@/api/integrations": integrations,
    "@/integrations/Core": integrations,
    "@/api/functions": functionsModule(base44),
    "@/utils": appUtils,
    "@/lib/utils": { __esModule: true, cn: ui.cn },
    "@/hooks/use-mobile": { __esModule: true, useIsMobile, default: useIsMobile },
    ...(uiModules as Record<`@/components/ui/${UiPart}`, Exports>),
  };

  return {
    builtin: (id) => modules[id],
    entity: (name) => entityModule(base44, name, schemaOf),
    func: (name) => functionModule(base44, name),
  };
}
