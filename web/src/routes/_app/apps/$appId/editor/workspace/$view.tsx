import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod";

/** The workspace's search (spec 02 §2 routes): the code view's file and line, the settings section to show. */
const WorkspaceSearch = z.object({
  filePath: z.string().max(300).optional().catch(undefined),
  line: z.coerce.number().int().min(1).optional().catch(undefined),
  selectedParam: z.string().max(64).optional().catch(undefined),
});

/**
 * /apps/{appId}/editor/workspace/{view}: the editor (the parent route) shows the
 * workspace with this view; an id that names no view shows "Unknown view".
 */
export const Route = createFileRoute("/_app/apps/$appId/editor/workspace/$view")({
  validateSearch: WorkspaceSearch,
  component: () => null,
});
