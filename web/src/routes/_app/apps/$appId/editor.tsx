import { createFileRoute, useMatch, useParams, useRouter, useSearch } from "@tanstack/react-router";
import { appQuery } from "../../../../api/apps";
import { ApiError } from "../../../../api/client";
import { Editor } from "../../../../components/editor/Editor";
import { AppLoadError, AppLoading, AppNotFound } from "../../../../components/editor/EditorStates";

/**
 * /apps/{appId}/editor/…: the editor stays mounted across its children, the preview
 * (/preview, /preview/{pageName}) and the workspace (/workspace/{view}), so the chat,
 * the preview frame and its activity survive every switch. The children render nothing;
 * the editor reads their params and search. The app is loaded before the editor shows
 * (the dashboard, /apps/{appId}/dashboard, is the workspace's overview here).
 */
export const Route = createFileRoute("/_app/apps/$appId/editor")({
  loader: async ({ context: { queryClient }, params: { appId } }) => {
    await queryClient.ensureQueryData(appQuery(appId));
  },
  // the spec's "Loading app…" at once, as before the loader: no pause before it, no minimum time on screen
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: AppLoading,
  errorComponent: EditorLoadError,
  component: EditorRoute,
});

function EditorRoute() {
  const { appId } = Route.useParams();
  const { pageName, view } = useParams({ strict: false });
  const { msgId, filePath, line, selectedParam } = useSearch({ strict: false });
  const inWorkspace = useMatch({ from: "/_app/apps/$appId/editor/workspace/$view", shouldThrow: false });
  const workspace = inWorkspace && view ? { view, search: { filePath, line, selectedParam } } : null;
  return <Editor appId={appId} pageName={pageName} msgId={msgId} workspace={workspace} />;
}

/** An app that does not exist (or is not the caller's) is "App not found"; any other failure says why and offers a retry. */
function EditorLoadError({ error }: { error: unknown }) {
  const { appId } = Route.useParams();
  const router = useRouter();
  if (error instanceof ApiError && error.status === 404) return <AppNotFound />;
  return <AppLoadError appId={appId} error={error} onRetry={() => void router.invalidate()} />;
}
