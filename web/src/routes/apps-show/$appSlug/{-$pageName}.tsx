import { createFileRoute, notFound, redirect } from "@tanstack/react-router";
import { AppSlug } from "../../../../../schemas/publish";
import { appPageUrl } from "../../../lib/app-origin";

/**
 * /apps-show/{slug}/{pageName?} (spec 03 §2.1): no page of its own, the browser goes on to the
 * app's own host with the page (and the query) carried along. A slug that cannot be an app's
 * host is Page not found, so no address here leads anywhere but to an app.
 */
export const Route = createFileRoute("/apps-show/$appSlug/{-$pageName}")({
  beforeLoad: ({ params, location }) => {
    const slug = AppSlug.safeParse(params.appSlug);
    if (!slug.success) throw notFound();
    throw redirect({ href: appPageUrl(slug.data, params.pageName, location.searchStr), replace: true });
  },
});
