import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod";

/** ?msgId= scrolls to and highlights that message (spec 01 §2 Editor: chat panel). */
const EditorSearch = z.object({
  msgId: z.coerce.string().optional().catch(undefined),
});

/**
 * /apps/{appId}/editor/preview: the editor (the parent route) with the first page
 * selected; the child /preview/{pageName} selects a page. Nothing renders here.
 */
export const Route = createFileRoute("/_app/apps/$appId/editor/preview")({
  validateSearch: EditorSearch,
  component: () => null,
});
