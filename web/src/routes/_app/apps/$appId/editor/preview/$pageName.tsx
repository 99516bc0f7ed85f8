import { createFileRoute } from "@tanstack/react-router";

/**
 * /apps/{appId}/editor/preview/{pageName}: the parent route renders the editor and
 * reads this route's pageName to select the page, so nothing renders here.
 */
export const Route = createFileRoute("/_app/apps/$appId/editor/preview/$pageName")({
  component: () => null,
});
