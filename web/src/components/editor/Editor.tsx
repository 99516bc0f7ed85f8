import { useQuery } from "@tanstack/react-query";
import { appQuery } from "../../api/apps";
import { ApiError } from "../../api/client";
import { useAppRoom } from "../../realtime/useAppRoom";
import { EditorLayout } from "./EditorLayout";
import { AppLoadError, AppLoading, AppNotFound } from "./EditorStates";

/** The editor of one app (spec 01 §2 Editor): app load states, then chat beside the app's files. */
export function Editor({ appId, pageName, msgId }: { appId: string; pageName?: string; msgId?: string }) {
  const app = useQuery(appQuery(appId));
  useAppRoom(appId);

  if (app.data) return <EditorLayout app={app.data} pageName={pageName} msgId={msgId} />;
  if (app.isPending) return <AppLoading />;
  if (app.error instanceof ApiError && app.error.status === 404) return <AppNotFound />;
  return <AppLoadError appId={appId} error={app.error} onRetry={() => app.refetch()} />;
}
