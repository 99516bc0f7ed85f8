import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod";
import { meQuery } from "../../../api/auth";
import { SupportHub } from "../../../components/support/SupportHub";

/** `?appId=` carries the app the user came from (the editor's stuck hint) on to the ticket (spec 03 §2.9). */
const HubSearch = z.object({
  appId: z.string().min(1).max(64).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/support/")({
  validateSearch: (search) => HubSearch.parse(search),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(meQuery),
  component: Hub,
});

function Hub() {
  return <SupportHub appId={Route.useSearch().appId} />;
}
