import { Spinner, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod";
import { adminUsersQuery } from "../../api/admin";
import { meQuery } from "../../api/auth";
import { AdminPortal } from "../../components/admin/AdminPortal";

/** `?userId=` opens the side panel (spec 03 §2.3, §4); `?tab=` keeps the tab across reloads. */
const PortalSearch = z.object({
  userId: z.string().min(1).max(64).optional().catch(undefined),
  tab: z.enum(["users", "statistics", "coupons", "providers"]).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/user-management")({
  validateSearch: (search) => PortalSearch.parse(search),
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery);
    // the server refuses the list to others: only an admin's first page is worth loading
    if (me.platform_role.includes("admin")) await queryClient.ensureQueryData(adminUsersQuery(""));
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="admin-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: UserManagement,
});

function UserManagement() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminPortal search={search} setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })} />;
}
