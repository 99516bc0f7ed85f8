/**
 * The exported app's shell, as Kiln's runner shows an app (web/runtime/App.tsx, routes.ts):
 * each page at `/{Name}` (a child page at `/{Parent}/{Child}`), `/` the main page, the layout
 * around pages that use it with `currentPageName` and `menuPages`, sign-in first for pages
 * that need a user, and a not-found page.
 */

/** src/kiln/router.jsx: the same for every app. */
export const ROUTER = `import { useEffect, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { base44 } from "@/api/base44Client";
import { ToastList } from "@/components/ui/toast";
import { createPageUrl } from "@/utils";

/** A page's \`export const pageConfig\` with its defaults. */
function settingsOf(module, visibility) {
  const config = typeof module.pageConfig === "object" && module.pageConfig !== null ? module.pageConfig : {};
  return {
    requiresAuth: config.requiresAuth ?? visibility !== "public_without_login",
    usesLayout: config.usesLayout ?? true,
    showInMenu: config.showInMenu ?? true,
    parent: typeof config.parent === "string" ? config.parent : null,
  };
}

/** Each page with its settings and URL; a parent that is no page of the app, or a cycle, is dropped. */
function entriesOf(pages, visibility) {
  const settings = new Map(pages.map((p) => [p.name, settingsOf(p.module, visibility)]));
  const parentOf = (name) => {
    const seen = new Set([name]);
    for (let at = settings.get(name).parent; at !== null; at = settings.get(at)?.parent ?? null) {
      if (!settings.has(at) || seen.has(at)) return null;
      seen.add(at);
    }
    return settings.get(name).parent;
  };
  const urlOf = (name) => {
    const parent = parentOf(name);
    return (parent ? urlOf(parent) : "") + createPageUrl(name);
  };
  return pages.map((p) => ({ ...p, settings: settings.get(p.name), parent: parentOf(p.name), url: urlOf(p.name) }));
}

function menuOf(entries, parent = null) {
  return entries
    .filter((e) => e.settings.showInMenu && e.parent === parent)
    .map((e) => ({ name: e.name, url: e.url, children: menuOf(entries, e.name) }));
}

function SignedIn({ needed, children }) {
  const [state, setState] = useState(needed ? "checking" : "ok");
  useEffect(() => {
    if (!needed) return;
    base44.auth.isAuthenticated().then((yes) => (yes ? setState("ok") : base44.auth.redirectToLogin(window.location.href)));
  }, [needed]);
  return state === "ok" ? children : null;
}

function Screen({ entry, Layout, menu }) {
  const Page = entry.module.default;
  const page = <Page />;
  return (
    <SignedIn needed={entry.settings.requiresAuth}>
      {Layout && entry.settings.usesLayout ? (
        <Layout currentPageName={entry.name} menuPages={menu}>
          {page}
        </Layout>
      ) : (
        page
      )}
    </SignedIn>
  );
}

function NotFound() {
  return (
    <div className="flex min-h-screen items-center justify-center p-8 text-center">
      <div>
        <h1 className="text-2xl font-semibold">Page Not Found</h1>
        <a className="mt-4 inline-block underline" href="/">Go home</a>
      </div>
    </div>
  );
}

export function AppRouter({ pages, mainPage, Layout, visibility }) {
  const entries = entriesOf(pages, visibility);
  const menu = menuOf(entries);
  const main = entries.find((e) => e.name === mainPage) ?? entries[0];
  return (
    <BrowserRouter>
      <Routes>
        {main && <Route path="/" element={<Screen entry={main} Layout={Layout} menu={menu} />} />}
        {entries.map((entry) => (
          <Route key={entry.name} path={entry.url + "/*"} element={<Screen entry={entry} Layout={Layout} menu={menu} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
      <ToastList />
    </BrowserRouter>
  );
}
`;

/** src/App.jsx: the app's own pages and layout, imported by path. */
export function appShell(input: { pages: string[]; mainPage: string | null; hasLayout: boolean; visibility: string }): string {
  const imports = input.pages.map((name, i) => `import * as page${i} from "./pages/${name}.jsx";`);
  const list = input.pages.map((name, i) => `  { name: ${JSON.stringify(name)}, module: page${i} },`);
  return `${imports.join("\n")}
${input.hasLayout ? 'import Layout from "./layout/main.jsx";\n' : ""}import { AppRouter } from "./kiln/router.jsx";

const pages = [
${list.join("\n")}
];

export default function App() {
  return <AppRouter pages={pages} mainPage={${JSON.stringify(input.mainPage)}} Layout={${input.hasLayout ? "Layout" : "null"}} visibility={${JSON.stringify(input.visibility)}} />;
}
`;
}
