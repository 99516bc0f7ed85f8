import { pageConfigOf } from "./page-config";

/**
 * The exported app's shell, as Kiln's runner shows an app (web/runtime/App.tsx, routes.ts):
 * each page at `/{Name}` (a child page at `/{Parent}/{Child}`), `/` the main page, the layout
 * around pages that use it with `currentPageName` and `menuPages`, sign-in first for pages
 * that need a user, and a not-found page. Each page is its own chunk, loaded when visited
 * (React.lazy), its settings read from its source at export (./page-config.ts).
 */

/** src/kiln/router.jsx: the same for every app. */
export const ROUTER = `import { Suspense, useEffect, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { base44 } from "@/api/base44Client";
import { ToastList } from "@/components/ui/toast";
import { createPageUrl } from "@/utils";

/** A page's \`export const pageConfig\` with its defaults: read at export, or from the page imported with the app. */
function settingsOf(page, visibility) {
  const declared = page.module ? page.module.pageConfig : page.config;
  const config = typeof declared === "object" && declared !== null ? declared : {};
  return {
    requiresAuth: config.requiresAuth ?? visibility !== "public_without_login",
    usesLayout: config.usesLayout ?? true,
    showInMenu: config.showInMenu ?? true,
    parent: typeof config.parent === "string" ? config.parent : null,
  };
}

/** Each page with its settings and URL; a parent that is no page of the app, or a cycle, is dropped. */
function entriesOf(pages, visibility) {
  const settings = new Map(pages.map((p) => [p.name, settingsOf(p, visibility)]));
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
  const Page = entry.Page ?? entry.module.default;
  // the layout stays on screen while a page's chunk loads
  const page = (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
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

/**
 * src/App.jsx: the app's own pages and layout. A page is loaded when visited (its own chunk),
 * its settings written here; one whose pageConfig is not a plain literal is imported with the app.
 */
export function appShell(input: { pages: { name: string; source: string }[]; mainPage: string | null; hasLayout: boolean; visibility: string }): string {
  const imports: string[] = [];
  const list = input.pages.map(({ name, source }, i) => {
    const file = JSON.stringify(`./pages/${name}.jsx`);
    const config = pageConfigOf(source);
    if (config === undefined) {
      imports.push(`import * as page${i} from ${file};`);
      return `  { name: ${JSON.stringify(name)}, module: page${i} },`;
    }
    return `  { name: ${JSON.stringify(name)}, config: ${JSON.stringify(config)}, Page: lazy(() => import(${file})) },`;
  });
  return `import { lazy } from "react";
${imports.map((line) => `${line}\n`).join("")}${input.hasLayout ? 'import Layout from "./layout/main.jsx";\n' : ""}import { AppRouter } from "./kiln/router.jsx";

const pages = [
${list.join("\n")}
];

export default function App() {
  return <AppRouter pages={pages} mainPage={${JSON.stringify(input.mainPage)}} Layout={${input.hasLayout ? "Layout" : "null"}} visibility={${JSON.stringify(input.visibility)}} />;
}
`;
}
