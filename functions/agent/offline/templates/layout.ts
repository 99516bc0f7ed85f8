/** layout/main: the app's title and a navigation link to every page. */
import { type AppModel, hasPages } from "../model";
import { str } from "../naming";
import { importLine, lines } from "./common";

export function renderLayout(model: AppModel): string {
  const items: { title: string; page: string; icon: string; pages: string[] }[] = [];
  if (model.dashboardPage) items.push({ title: model.dashboardTitle, page: model.dashboardPage, icon: "LayoutDashboard", pages: [model.dashboardPage] });
  for (const e of model.entities) {
    if (!hasPages(e)) continue;
    const pages = [e.pages.list, e.pages.detail, e.pages.form].filter((p): p is string => p !== null);
    if (e.inNav) items.push({ title: e.navTitle, page: e.pages.list!, icon: e.icon, pages });
    if (e.views.board) items.push({ title: `${e.navTitle} board`, page: e.views.board, icon: "KanbanSquare", pages: [e.views.board] });
    if (e.views.calendar) items.push({ title: `${e.navTitle} calendar`, page: e.views.calendar, icon: "CalendarDays", pages: [e.views.calendar] });
  }
  const icons = items.map((i) => i.icon);
  return lines(
    `import React from "react";`,
    `import { Link } from "react-router-dom";`,
    icons.length ? importLine("lucide-react", icons) : null,
    `import { theme } from "@/components/Theme";`,
    `import { createPageUrl } from "@/utils";`,
    "",
    `const APP_TITLE = ${str(model.title)};`,
    "",
    "const navigation = [",
    items.map((i) => `  { title: ${str(i.title)}, page: ${str(i.page)}, icon: ${i.icon}, pages: [${i.pages.map(str).join(", ")}] },`),
    "];",
    "",
    "export default function Layout({ children, currentPageName }) {",
    "  const isActive = (item) => item.pages.includes(currentPageName);",
    "",
    "  return (",
    "    <div className={`min-h-screen md:flex ${theme.page}`}>",
    "      <aside className={`md:sticky md:top-0 md:h-screen md:w-64 md:shrink-0 ${theme.sidebar}`}>",
    "        <div className={`px-5 py-5 text-xl ${theme.brand}`}>{APP_TITLE}</div>",
    '        <nav className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:overflow-visible">',
    "          {navigation.map((item) => (",
    "            <Link",
    "              key={item.page}",
    "              to={createPageUrl(item.page)}",
    "              className={`flex items-center gap-3 whitespace-nowrap px-3 py-2 text-sm transition ${isActive(item) ? theme.navItemActive : theme.navItem}`}",
    "            >",
    '              <item.icon className="h-4 w-4" />',
    "              {item.title}",
    "            </Link>",
    "          ))}",
    "        </nav>",
    "      </aside>",
    '      <main className="min-w-0 flex-1 p-4 md:p-8">',
    '        <div className="mx-auto max-w-6xl">{children}</div>',
    "      </main>",
    "    </div>",
    "  );",
    "}",
    "",
  );
}
