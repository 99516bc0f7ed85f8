import { useQuery } from "@tanstack/react-query";
import { appQuery } from "../../api/apps";
import { ApiError } from "../../api/client";
import { useAppRoom } from "../../realtime/useAppRoom";
import { EditorLayout, type WorkspaceRoute } from "./EditorLayout";
import { AppLoadError, AppLoading, AppNotFound } from "./EditorStates";

/** The editor of one app (spec 01 §2 Editor, spec 02 Layout): app load states, then the chat beside the preview or the workspace. */
export function Editor({ appId, pageName, msgId, workspace }: { appId: string; pageName?: string; msgId?: string; workspace: WorkspaceRoute | null }) {
  // The room first: its join goes out before the app is fetched, so the fetch can wait for it.
  useAppRoom(appId);
  const app = useQuery(appQuery(appId));

  if (app.data) return <EditorLayout app={app.data} pageName={pageName} msgId={msgId} workspace={workspace} />;
  if (app.isPending) return <AppLoading />;
  if (app.error instanceof ApiError && app.error.status === 404) return <AppNotFound />;
  return <AppLoadError appId={appId} error={app.error} onRetry={() => app.refetch()} />;
}
