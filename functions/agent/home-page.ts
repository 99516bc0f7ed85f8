import type { FileTree } from "../../schemas/app-files";

/** Pages that show or edit one record: an app never opens on one of them. */
const ONE_RECORD = /(Detail|Form|Edit|New)$/;

/**
 * The page an app opens on when the one it had is gone (removed or renamed by a turn):
 * the Dashboard, else the layout's first navigation link to a page that exists, else the
 * first page that is not a detail or form page, else any page; null with no pages.
 */
export function homePageOf(files: FileTree): string | null {
  const pages = Object.keys(files)
    .filter((p) => p.startsWith("pages/"))
    .map((p) => p.slice("pages/".length))
    .sort();
  if (pages.includes("Dashboard")) return "Dashboard";
  const layout = files["layout/main"] ?? "";
  for (const m of layout.matchAll(/createPageUrl\(\s*["'`]([\w-]+)["'`]\s*\)|\bpage:\s*["'`]([\w-]+)["'`]/g)) {
    const page = m[1] ?? m[2];
    if (pages.includes(page) && !ONE_RECORD.test(page)) return page;
  }
  return pages.find((p) => !ONE_RECORD.test(p)) ?? pages[0] ?? null;
}
