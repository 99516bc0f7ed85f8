import { createFileRoute, redirect } from "@tanstack/react-router";

/** /apps/{appId}/dashboard reaches the workspace's overview (spec 02 §2 routes). */
export const Route = createFileRoute("/_app/apps/$appId/dashboard")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/apps/$appId/editor/workspace/$view", params: { appId: params.appId, view: "overview" }, replace: true });
  },
});
