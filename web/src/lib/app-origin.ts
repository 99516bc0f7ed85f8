import { createPageUrl } from "../../../schemas/preview";

/**
 * Where an app runs: `https://{host}.<apps domain>` as the deployment configures it
 * (VITE_APPS_URL, e.g. "https://{host}.kiln-apps.example.com"), and on one machine
 * `{host}.localhost` on the builder's own port. `host` is the app's slug (published) or
 * `preview--{slug}` (the editor's preview).
 */
export function appOrigin(host: string, location: Pick<Location, "protocol" | "port"> = window.location): string {
  const template = import.meta.env.VITE_APPS_URL;
  if (template) return new URL(template.replace("{host}", host)).origin;
  return `${location.protocol}//${host}.localhost${location.port ? `:${location.port}` : ""}`;
}

/** A page of an app on its own host (`/` without one); `search` ("?x=1" or "") is carried along. */
export const appPageUrl = (host: string, page: string | undefined, search = "") => `${appOrigin(host)}${page ? createPageUrl(page) : "/"}${search}`;
