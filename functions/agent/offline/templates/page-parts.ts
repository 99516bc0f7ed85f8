/** Blocks of lines several page templates share: the page's opening, the link back to its list, the closing of a card. */
import { jsxText, str } from "../naming";
import type { Names } from "./common";

/** The link back to the list page above a record's page ("All tasks"), or null when there is no list page. */
export function backLink(page: string | null, n: Names): string[] | null {
  if (!page) return null;
  return [
    `      <Link to={createPageUrl(${str(page)})} className={\`inline-flex items-center gap-1 text-sm \${theme.muted}\`}>`,
    `        <ArrowLeft className="h-4 w-4" />`,
    `        All ${jsxText(n.labelPlural)}`,
    "      </Link>",
  ];
}

/** The opening lines of a page's JSX up to its heading's block: the page, its header row and the heading's `<div>`. */
export const PAGE_HEADER_OPEN = ["  return (", `    <div className="space-y-6">`, `      <div className="flex flex-wrap items-center justify-between gap-4">`, "        <div>"];

/** The closing lines of a page whose content sits in one card. */
export const CARD_PAGE_END = ["        </CardContent>", "      </Card>", "    </div>", "  );", "}", ""];

/** The closing lines of a card listing records, one `<li>` each. */
export const LIST_CARD_END = ["          </li>", "        ))}", "      </ul>", "    )}", "  </CardContent>", "</Card>"];
