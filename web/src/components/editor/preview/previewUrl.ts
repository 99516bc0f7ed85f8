import { PREVIEW_PREFIX, pageOfPath } from "../../../../../schemas/preview";
import { appOrigin, appPageUrl } from "../../../lib/app-origin";

export const previewOrigin = (slug: string) => appOrigin(`${PREVIEW_PREFIX}${slug}`);

/** The frame's first address: the page, and the runtime token the SDK takes out of the URL at once. */
export function previewSrc(slug: string, page: string | null, token: string): string {
  return `${appPageUrl(`${PREVIEW_PREFIX}${slug}`, page ?? undefined)}?access_token=${encodeURIComponent(token)}`;
}

/** The page an `app_changed_url` address shows, when it is one of the app's pages. */
export function pageOfUrl(url: string, pages: readonly string[], mainPage: string | null): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const page = pageOfPath(pathname, pages, mainPage);
  return page.found ? page.name : null;
}
