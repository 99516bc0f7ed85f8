import Papa from "papaparse";
import type { User } from "../../../../schemas/user";

/** The export's columns, exactly as spec 03 §9 names them. */
export const USER_CSV_COLUMNS = ["email", "full name", "platform role", "created date", "subscription tier", "stripe customer id", "api key"] as const;

/** The listed users as CSV (quoting by papaparse: commas, quotes and new lines in names stay in their cell). */
export function usersCsv(users: readonly User[]): string {
  return Papa.unparse({
    fields: [...USER_CSV_COLUMNS],
    data: users.map((u) => [u.email, u.full_name ?? "", u.platform_role, u.created_date, u.subscription_tier, u.stripe_customer_id ?? "", u.api_key]),
  });
}

/** Hand a text to the browser as a file download. */
export function download(text: string, filename: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
