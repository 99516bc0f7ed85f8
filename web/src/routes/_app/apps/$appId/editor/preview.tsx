import { createFileRoute, useParams } from "@tanstack/react-router";
import * as z from "zod";
import { Editor } from "../../../../../components/editor/Editor";

/** ?msgId= scrolls to and highlights that message (spec 01 §2 Editor: chat panel). */
const EditorSearch = z.object({
  msgId: z.coerce.string().optional().catch(undefined),
});

/**
 * /apps/{appId}/editor/preview: the editor with the first page selected. The child
 * route /preview/{pageName} selects a page; the editor stays mounted across both.
 */
export const Route = createFileRoute("/_app/apps/$appId/editor/preview")({
  validateSearch: EditorSearch,
  component: EditorRoute,
});

function EditorRoute() {
  const { appId } = Route.useParams();
  const { pageName } = useParams({ strict: false }) as { pageName?: string };
  const { msgId } = Route.useSearch();
  return <Editor appId={appId} pageName={pageName} msgId={msgId} />;
}
