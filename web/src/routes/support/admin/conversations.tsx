import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute, redirect } from "@tanstack/react-router";
import * as z from "zod";
import { meQuery } from "../../../api/auth";
import { inboxQuery } from "../../../api/support";
import { session } from "../../../auth/session";
import { AdminInbox } from "../../../components/support/AdminInbox";
import { inboxQueryOf, noFilters } from "../../../components/support/rules";

/** Spec 03 §2.11: `conversationId` is the selected ticket; each selection is a history entry so back and forward restore it. */
const InboxSearch = z.object({
  conversationId: z.string().min(1).max(64).optional().catch(undefined),
});

/** The inbox has no common layout (spec 03 §2.1): the whole window is its three panes, behind the same sign-in gate. */
export const Route = createFileRoute("/support/admin/conversations")({
  validateSearch: (search) => InboxSearch.parse(search),
  beforeLoad: () => {
    if (!session.token()) throw redirect({ href: session.loginUrl(window.location.href) });
  },
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery);
    // the server refuses the inbox to others: only an admin's is worth loading
    if (me.platform_role.includes("admin")) await queryClient.ensureQueryData(inboxQuery(inboxQueryOf(noFilters))).catch(() => undefined);
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="inbox-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: Inbox,
});

function Inbox() {
  const { conversationId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminInbox selectedId={conversationId} select={(id) => void navigate({ search: { conversationId: id } })} />;
}
