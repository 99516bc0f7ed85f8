import { createFileRoute, redirect } from "@tanstack/react-router";

/** /user-apps/{appId}/show/{pageName?} (spec 03 §2.1): the older address of an app's page, now its preview in the editor. */
export const Route = createFileRoute("/user-apps/$appId/show/{-$pageName}")({
  beforeLoad: ({ params }) => {
    if (params.pageName) throw redirect({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: params.appId, pageName: params.pageName }, replace: true });
    throw redirect({ to: "/apps/$appId/editor/preview", params: { appId: params.appId }, replace: true });
  },
});
