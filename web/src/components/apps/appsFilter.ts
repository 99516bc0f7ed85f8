import * as z from "zod";

/** Spec 01 §9: 24 apps a page in the grid, 100 in the table; sorted by updated_date, newest first by default. */
export const PAGE_SIZE = { grid: 24, table: 100 } as const;
export const SEARCH_DEBOUNCE_MS = 300;
export const LIST_FIELDS = "id,name,user_description,logo_url,status,created_by,created_by_name,created_date,updated_date,is_starred";

/** The /apps address: everything the list shows is in it, so Back and shared links restore the view. */
export const AppsSearch = z.object({
  q: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().optional()).catch(undefined),
  mine: z.boolean().optional().catch(undefined),
  starred: z.boolean().optional().catch(undefined),
  sort: z.enum(["desc", "asc"]).optional().catch(undefined),
  view: z.enum(["grid", "table"]).optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});
export type AppsSearch = z.infer<typeof AppsSearch>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The Mongo-style `q` for GET /apps: own apps by creator e-mail, starred only, and a name/description search. */
export function appsFilter({ search, mine, starred, email }: { search: string; mine: boolean; starred: boolean; email: string }): object | undefined {
  const parts: object[] = [];
  if (mine) parts.push({ created_by: email });
  if (starred) parts.push({ is_starred: true });
  const term = search.trim();
  if (term) {
    const match = { $regex: escapeRegex(term), $options: "i" };
    parts.push({ $or: [{ name: match }, { user_description: match }] });
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { $and: parts };
}
