import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod";
import { myTicketsQuery } from "../../../api/support";
import { MyTickets } from "../../../components/support/MyTickets";

/** Spec 03 §2.10: `appId` filters, `openNew=true` opens the new-ticket dialog once, `conversationId` keeps the open panel. */
const TicketsSearch = z.object({
  appId: z.string().min(1).max(64).optional().catch(undefined),
  openNew: z
    .union([z.literal(true), z.literal("true").transform(() => true as const)])
    .optional()
    .catch(undefined),
  conversationId: z.string().min(1).max(64).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/support/conversations")({
  validateSearch: (search) => TicketsSearch.parse(search),
  loaderDeps: ({ search }) => ({ appId: search.appId }),
  // a failed list is the screen's own message with a retry, not the router's error page
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(myTicketsQuery(deps.appId)).catch(() => undefined),
  pendingComponent: () => (
    <VStack py="24" data-testid="tickets-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: Tickets,
});

function Tickets() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyTickets search={search} setSearch={(next, replace = true) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace })} />;
}
