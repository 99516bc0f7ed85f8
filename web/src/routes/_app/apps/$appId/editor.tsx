import { createFileRoute, useMatch, useParams, useSearch } from "@tanstack/react-router";
import { Editor } from "../../../../components/editor/Editor";

/**
 * /apps/{appId}/editor/…: the editor stays mounted across its children, the preview
 * (/preview, /preview/{pageName}) and the workspace (/workspace/{view}), so the chat,
 * the preview frame and its activity survive every switch. The children render nothing;
 * the editor reads their params and search.
 */
export const Route = createFileRoute("/_app/apps/$appId/editor")({
  component: EditorRoute,
});

function EditorRoute() {
  const { appId } = Route.useParams();
  const { pageName, view } = useParams({ strict: false }) as { pageName?: string; view?: string };
  const search = useSearch({ strict: false }) as { msgId?: string; filePath?: string; line?: number; selectedParam?: string };
  const inWorkspace = useMatch({ from: "/_app/apps/$appId/editor/workspace/$view", shouldThrow: false });
  const workspace = inWorkspace && view ? { view, search: { filePath: search.filePath, line: search.line, selectedParam: search.selectedParam } } : null;
  return <Editor appId={appId} pageName={pageName} msgId={search.msgId} workspace={workspace} />;
}
