import { createFileRoute, redirect } from "@tanstack/react-router";

/** /apps/{appId}/editor/workspace: the default view is the overview. */
export const Route = createFileRoute("/_app/apps/$appId/editor/workspace/")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/apps/$appId/editor/workspace/$view", params: { appId: params.appId, view: "overview" }, replace: true });
  },
});
