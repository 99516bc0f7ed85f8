import { PREVIEW_PREFIX, createPageUrl, pageOfPath } from "../../../../../schemas/preview";

/**
 * Where an app runs: `https://{host}.<apps domain>` as the deployment configures it
 * (VITE_APPS_URL, e.g. "https://{host}.kiln-apps.example.com"), and on one machine
 * `{host}.localhost` on the builder's own port.
 */
export function appOrigin(host: string, location: Pick<Location, "protocol" | "port"> = window.location): string {
  const template = import.meta.env.VITE_APPS_URL;
  if (template) return new URL(template.replace("{host}", host)).origin;
  return `${location.protocol}//${host}.localhost${location.port ? `:${location.port}` : ""}`;
}

export const previewOrigin = (slug: string) => appOrigin(`${PREVIEW_PREFIX}${slug}`);

/** The frame's first address: the page, and the runtime token the SDK takes out of the URL at once. */
export function previewSrc(slug: string, page: string | null, token: string): string {
  return `${previewOrigin(slug)}${page ? createPageUrl(page) : "/"}?access_token=${encodeURIComponent(token)}`;
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
